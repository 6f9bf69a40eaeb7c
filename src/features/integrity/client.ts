import { INTEGRITY_PATH, IntegrityLatest, IntegrityRunDetailSchema, IntegrityRunPage } from '@/contract/integrity';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

const base = relative(INTEGRITY_PATH);

/** `/DataIntergrityChecks`'s calls (src/contract/integrity.ts). */
export const integrityApi = {
  run: () => api.post(base, {}, IntegrityRunDetailSchema),
  latest: (signal?: AbortSignal) => api.get(`${base}/latest`, IntegrityLatest, { signal }),
  detail: (id: string, signal?: AbortSignal) => api.get(`${base}/${id}`, IntegrityRunDetailSchema, { signal }),
  history: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(base, IntegrityRunPage, { searchParams: { page, pageSize }, signal }),
};

export const integrityKeys = {
  all: ['integrity'] as const,
  latest: ['integrity', 'latest'] as const,
  run: (id: string) => ['integrity', 'run', id] as const,
  history: (page: number, pageSize: number) => ['integrity', 'history', page, pageSize] as const,
};
