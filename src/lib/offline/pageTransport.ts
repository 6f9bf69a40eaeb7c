import type { FieldRecordKind } from '@/contract/dispensing';
import { rawRequest, refreshToken } from '@/lib/api';
import { syncReportHeaders, type SyncReport, type SyncTransport } from './sync';

/**
 * The page's transport: the one api client (headers, shared token renewal on 401), in its raw form
 * so a failed sync never signs the user out or raises a notification; the engine decides.
 */
export const pageTransport: SyncTransport = {
  async post(kind: FieldRecordKind, body: { records: unknown[] }, report?: SyncReport) {
    const res = await rawRequest('POST', `${kind}/batch`, { json: body, headers: syncReportHeaders(report) });
    return { status: res.status, body: res.body, retryAfter: res.headers.get('Retry-After') };
  },
  async refresh() {
    try {
      await refreshToken();
      return true;
    } catch {
      return false;
    }
  },
};
