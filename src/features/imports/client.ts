import { ImportJob, ImportPreview, IMPORT_JOBS_LIST, type ImportMapping, type ImportTarget } from '@/contract/imports';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const base = relative(IMPORT_JOBS_LIST.path);

/** The `/DataImports` calls (src/contract/imports.ts). Writes are quiet: the page shows their errors. */
export const importsApi = {
  jobs: resourceClient(IMPORT_JOBS_LIST.path, ImportJob),
  upload: (target: ImportTarget, file: File) =>
    api.upload(base, file, ImportJob, { searchParams: { target, fileName: file.name }, quiet: true }),
  get: (id: string, signal?: AbortSignal) => api.get(`${base}/${id}`, ImportJob, { signal, quiet: true }),
  preview: (id: string, mapping: ImportMapping) =>
    api.post(`${base}/${id}/preview`, { mapping }, ImportPreview, { quiet: true }),
  run: (id: string, mapping: ImportMapping) => api.post(`${base}/${id}/run`, { mapping }, ImportJob, { quiet: true }),
  report: (job: ImportJob) => api.download(`${base}/${job.id}/report`, `${job.fileName}-report.csv`),
};

/** Query key of one job (polled while it runs). */
export const jobKey = (id: string) => [IMPORT_JOBS_LIST.path, 'one', id] as const;
