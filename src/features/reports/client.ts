import { ReportCatalog, ReportRun, type ReportFormat, type ReportId, type ReportParams } from '@/contract/reports';
import { api } from '@/lib/api';

const clean = (p: ReportParams): Record<string, string> =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** `/ReportList`'s calls: the account's catalogue, a run's preview, the same run as a file. */
export const reportsApi = {
  catalog: (signal?: AbortSignal) => api.get('reports', ReportCatalog, { signal, quiet: true }),
  run: (id: ReportId, params: ReportParams, signal?: AbortSignal) =>
    api.get(`reports/${id}`, ReportRun, { searchParams: clean(params), signal, quiet: true }),
  download: (id: ReportId, params: ReportParams, format: ReportFormat) =>
    api.download(`reports/${id}/export`, `${id}.${format}`, { searchParams: { ...clean(params), format } }),
};
