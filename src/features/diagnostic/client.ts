import { DIAGNOSTIC_PATH, DiagnosticReport, RetryJobResult } from '@/contract/diagnostic';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

const base = relative(DIAGNOSTIC_PATH);

/** `/Diagnostic`'s calls (src/contract/diagnostic.ts). */
export const diagnosticApi = {
  report: (signal?: AbortSignal) => api.get(base, DiagnosticReport, { signal }),
  retry: (queue: string, id: string) =>
    api.post(`${base}/jobs/${encodeURIComponent(queue)}/${id}/retry`, {}, RetryJobResult),
};

export const diagnosticKeys = { report: ['diagnostic'] as const };
