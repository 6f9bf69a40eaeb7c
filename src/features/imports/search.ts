import { validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';

/** `/DataImports?job=<id>` opens a job; the rest is the past-imports list's state. */
export type ImportsSearch = ListSearch & { job?: string };

export function validateImportsSearch(raw: Record<string, unknown>): ImportsSearch {
  const job = typeof raw.job === 'string' && /^[0-9a-f-]{36}$/i.test(raw.job) ? raw.job : undefined;
  return { ...validateListSearch(raw), ...(job ? { job } : {}) };
}
