import { API_ROOT, identityHeaders } from '@/contract/constants';
import type { FieldRecordKind } from '@/contract/dispensing';
import { readRefreshAnswer } from '@/contract/refresh-answer';
import type { SyncTarget } from './db';
import { TOKEN_REFRESH_LOCK } from './lock';
import { syncReportHeaders, type SyncReport, type SyncTransport } from './sync';

/**
 * The service worker's transport: plain fetch, no page session. It gets its own access token from
 * the httpOnly refresh cookie (same origin, so the browser sends it) and the identity headers from
 * the device database. The refresh runs under the page's Web Lock so the rotating cookie is never
 * presented twice at once.
 */

const TIMEOUT_MS = 30_000;

interface LockManagerLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

export function fetchTransport(target: SyncTarget, fetchFn: typeof fetch = (...a) => fetch(...a)): SyncTransport {
  let token: string | null = null;

  const renew = async (): Promise<boolean> => {
    const res = await fetchFn(`${API_ROOT}/auth/refresh`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountId: target.accountId }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return false;
    token = readRefreshAnswer(await res.json().catch(() => null))?.token ?? null;
    return token !== null;
  };

  const refresh = async (): Promise<boolean> => {
    token = null;
    const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
    try {
      return await (locks ? locks.request(TOKEN_REFRESH_LOCK, renew) : renew());
    } catch {
      return false; // no answer: the engine treats the following 401 as "wait for a session"
    }
  };

  return {
    refresh,
    async post(kind: FieldRecordKind, body: { records: unknown[] }, report?: SyncReport) {
      // No token yet in this context: get one first rather than spend a request on a sure 401.
      if (!token && !(await refresh())) return { status: 401, body: null, retryAfter: null };
      const res = await fetchFn(`${API_ROOT}/${kind}/batch`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          ...identityHeaders(target),
          ...syncReportHeaders(report),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json: unknown = await res.json().catch(() => undefined);
      return { status: res.status, body: json, retryAfter: res.headers.get('Retry-After') };
    },
  };
}
