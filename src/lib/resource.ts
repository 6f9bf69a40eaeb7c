import { z, type ZodType } from 'zod';
import { listResponse, type ExportFormat, type ListResponse } from '@/contract/list';
import { api, type Download } from './api';

/**
 * The calls every master-data resource answers (`src/contract/resource.ts`), for one path and
 * row schema. Writes are `quiet`: the form or dialog shows the error where it belongs.
 */
export interface ResourceClient<T> {
  path: string;
  row: ZodType<T>;
  list: (query: Record<string, string | number>, signal?: AbortSignal) => Promise<ListResponse<T>>;
  get: (id: string, signal?: AbortSignal) => Promise<T>;
  create: (body: unknown) => Promise<T>;
  update: (id: string, body: unknown) => Promise<T>;
  remove: (id: string, version: number) => Promise<T>;
  restore: (id: string) => Promise<T>;
  exportFile: (query: Record<string, string | number>, format: ExportFormat, columns?: string[]) => Promise<Download>;
}

/** `/stores` → `stores` (ky's prefixUrl wants relative paths). */
export const relative = (path: string) => path.replace(/^\/+/, '');

export function resourceClient<T>(path: string, row: ZodType<T>): ResourceClient<T> {
  const rel = relative(path);
  const page = listResponse(row) as unknown as ZodType<ListResponse<T>>;
  const name = rel.replace(/\W+/g, '-');
  return {
    path,
    row,
    list: (query, signal) => api.get(rel, page, { searchParams: query, signal, quiet: true }),
    get: (id, signal) => api.get(`${rel}/${id}`, row, { signal, quiet: true }),
    create: (body) => api.post(rel, body, row, { quiet: true }),
    update: (id, body) => api.put(`${rel}/${id}`, body, row, { quiet: true }),
    remove: (id, version) => api.delete(`${rel}/${id}`, row, { searchParams: { version }, quiet: true }),
    restore: (id) => api.post(`${rel}/${id}/restore`, {}, row, { quiet: true }),
    exportFile: (query, format, columns) => {
      const { page: _p, pageSize: _s, ...filtered } = query;
      // Local times in the zone the table shows them in (this browser's); ADR 023.
      const searchParams: Record<string, string | number> = { ...filtered, format, tz: browserZone() };
      if (columns?.length) searchParams.columns = columns.join(',');
      return api.download(`${rel}/export`, `${name}.${format}`, { searchParams });
    },
  };
}

/** The time zone this browser shows times in (what `toLocaleString` uses). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The fields a row schema declares (export columns must be real row fields). */
export function rowFields(row: ZodType): string[] {
  return row instanceof z.ZodObject ? Object.keys(row.shape) : [];
}

/** Hands a downloaded file to the browser as a file save. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
