import ky, { HTTPError, TimeoutError, type KyResponse } from 'ky';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { API_ROOT } from '@/contract/constants';
import { TOKEN_INVALID_STATUS } from '@/contract/error-codes';
import { readRefreshAnswer } from '@/contract/refresh-answer';
import type { ErrorBody } from '@/contract/errors';
import { currentHref, goTo, loginHref } from './navigation';
import { TOKEN_REFRESH_LOCK } from './offline/lock';
import { notify } from './notify';
import { authHeaders, clearAllStorage, session, storeToken } from './session';

/**
 * The one API client (docs/product-rules.md §7, §8). Adds the bearer token and the four identity headers, renews
 * an expired token once for all requests waiting on it, parses answers with the contract schemas
 * and reports failures through the one notification helper. It checks answers through the
 * Standard Schema interface every zod schema has and loads the error body's and the renewal's
 * schemas when it first needs them: zod is not part of every page's first download (ADR 017).
 */

/** The error body's schema (zod), loaded with the first failure. */
const errorBody = async () => (await import('@/contract/errors')).ErrorBody;

/** The answer checked by its schema (any zod schema, through `~standard`). */
function check<T>(schema: ZodType<T>, data: unknown): { success: true; data: T } | { success: false; error: unknown } {
  const result = schema['~standard'].validate(data);
  if (result instanceof Promise) throw new Error('An answer schema must check synchronously');
  return result.issues ? { success: false, error: result.issues } : { success: true, data: result.value };
}

/** A failed call: `status` 0 means no response (network down, timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** The whole answer as sent, for codes that carry more (409 `current`, see contract/resource.ts). */
  readonly raw: unknown;
  constructor(status: number, body: ErrorBody, raw?: unknown) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.raw = raw;
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body.fieldErrors ?? {};
  }
}

export interface CallOptions {
  /** The caller shows the error itself (forms, login): no automatic notification. */
  quiet?: boolean;
  /** Public endpoints (sign-in, password reset): no auth headers, a 401 is an answer. */
  anonymous?: boolean;
  searchParams?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 30_000;

const base = ky.create({
  prefixUrl: API_ROOT,
  credentials: 'same-origin',
  timeout: TIMEOUT_MS,
  // Only idempotent reads are retried, and only when the server says it is briefly unavailable.
  retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
});

let refreshing: Promise<void> | null = null;

/**
 * Renews the access token with the httpOnly refresh cookie. Concurrent callers share one call;
 * a Web Lock keeps two tabs (and the service worker's sync) from presenting the same rotating
 * cookie at once.
 */
export function refreshToken(accountId?: number): Promise<void> {
  const id = accountId ?? session.account?.id ?? session.accounts.find((a) => !a.blocked)?.accountId;
  if (id === undefined) return Promise.reject(new ApiError(401, noSession));
  if (accountId !== undefined && accountId !== session.account?.id) return renew(id);
  refreshing ??= renew(id).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renew(accountId: number): Promise<void> {
  const run = async () => {
    try {
      const data = await base.post('auth/refresh', { json: { accountId }, retry: 0 }).json();
      const answer = readRefreshAnswer(data);
      if (!answer) throw new Error('the token renewal answer does not match the contract');
      storeToken(answer.token, answer.expiresAt);
    } catch (e) {
      throw await toApiError(e);
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(TOKEN_REFRESH_LOCK, run);
  else await run();
}

const withIdentity = (request: Request) => {
  for (const [k, v] of Object.entries(authHeaders() ?? {})) request.headers.set(k, v);
};

const authed = base.extend({
  hooks: {
    beforeRequest: [withIdentity],
    afterResponse: [
      async (request, _options, response) => {
        if (response.status !== 401) return;
        // A request sent with an older token than the session now holds was overtaken by a
        // refresh that already happened: retry with the new one instead of refreshing again.
        const sentWith = request.headers.get('Authorization');
        if (!session.token || sentWith === `Bearer ${session.token}`) {
          try {
            await refreshToken();
          } catch {
            return; // the 401 stands; `call` signs the user out
          }
        }
        withIdentity(request);
        return ky(request, { timeout: TIMEOUT_MS, retry: 0, throwHttpErrors: false });
      },
    ],
  },
});

const noSession: ErrorBody = { title: 'Notification', message: 'Please sign in.', code: 'UNAUTHENTICATED' };

async function toApiError(e: unknown): Promise<ApiError> {
  if (e instanceof ApiError) return e;
  if (e instanceof HTTPError) {
    const res = e.response as KyResponse;
    const raw: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    const parsed = (await errorBody()).safeParse(raw);
    const body = parsed.success
      ? parsed.data
      : { title: 'Error', message: res.statusText || `Request failed (${res.status})`, code: `HTTP_${res.status}` };
    return new ApiError(res.status, body, raw);
  }
  if (e instanceof TimeoutError) {
    return new ApiError(0, { title: 'Error', message: 'The server did not answer in time.', code: 'TIMEOUT' });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError(0, { title: 'Error', message: `No response from the server: ${message}`, code: 'NETWORK' });
}

let signingOut = false;

/** 401 after the one refresh, or 498: the stored identity is dropped and the user signs in again. */
function signOut(): void {
  if (signingOut) return;
  signingOut = true;
  const to = currentHref();
  clearAllStorage();
  goTo(loginHref(to));
  setTimeout(() => {
    signingOut = false;
  }, 1_000);
}

function report(err: ApiError, method: string, opts: CallOptions): void {
  if (!opts.anonymous && (err.status === 401 || err.status === TOKEN_INVALID_STATUS)) {
    signOut();
    return;
  }
  if (opts.quiet) return;
  const danger = err.status === 0 || (err.status === 429 && method === 'GET');
  notify({ title: err.body.title, message: err.message, tone: danger ? 'danger' : 'warning' });
}

async function call<T>(method: string, path: string, schema: ZodType<T>, json: unknown, opts: CallOptions): Promise<T> {
  const client = opts.anonymous ? base : authed;
  try {
    const res = await client(path, { method, json, searchParams: opts.searchParams, signal: opts.signal });
    const data: unknown = res.status === 204 ? undefined : await res.json();
    const parsed = check(schema, data);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
      throw new ApiError(res.status, {
        title: 'Error',
        message: 'The server sent an unexpected answer.',
        code: 'BAD_RESPONSE',
      });
    }
    return parsed.data;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e; // the caller cancelled
    const err = await toApiError(e);
    report(err, method, opts);
    throw err;
  }
}

/** A file the server sent (exports): its bytes and the name it suggested. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** `filename*=UTF-8''…` or `filename="…"` of a Content-Disposition header. */
function filenameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/** GET a file with the same headers, token renewal and error reporting as every other call. */
async function download(path: string, fallbackName: string, opts: CallOptions): Promise<Download> {
  try {
    const res = await authed(path, {
      method: 'GET',
      searchParams: opts.searchParams,
      signal: opts.signal,
      timeout: false,
    });
    if (!res.ok) {
      const body = (await errorBody()).safeParse(await res.json().catch(() => null));
      throw new ApiError(
        res.status,
        body.success
          ? body.data
          : { title: 'Error', message: `Download failed (${res.status})`, code: `HTTP_${res.status}` },
      );
    }
    return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition'), fallbackName) };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const err = await toApiError(e);
    report(err, 'GET', opts);
    throw err;
  }
}

/** An HTTP answer as it came, for callers that decide per status (the sync engine, cached reads). */
export interface RawAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Same headers and shared token renewal as every call, but no status is thrown, nobody is signed
 * out and nothing is notified: background work (the outbox sync) must never end the session.
 * Rejects with ApiError status 0 only when no answer came.
 */
export async function rawRequest(
  method: 'GET' | 'POST',
  path: string,
  opts: { json?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<RawAnswer> {
  try {
    const res = await authed(path.replace(/^\//, ''), {
      method,
      json: opts.json,
      headers: opts.headers,
      signal: opts.signal,
      throwHttpErrors: false,
      retry: 0,
    });
    const body: unknown =
      res.status === 204 || res.status === 304 ? undefined : await res.json().catch(() => undefined);
    return { status: res.status, body, headers: res.headers };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw await toApiError(e);
  }
}

/**
 * POST a file as the raw request body (imports): no timeout, since a large file takes a while.
 * A streamed body cannot be sent twice, so a token about to expire is renewed first instead of
 * relying on the retry after a 401.
 */
async function upload<T>(path: string, file: Blob, schema: ZodType<T>, opts: CallOptions): Promise<T> {
  if (session.expiresAt - Date.now() < 60_000) await refreshToken().catch(() => undefined);
  try {
    const res = await authed(path, {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/octet-stream' },
      searchParams: opts.searchParams,
      signal: opts.signal,
      timeout: false,
      retry: 0,
    });
    const parsed = check(schema, await res.json());
    if (!parsed.success)
      throw new ApiError(res.status, {
        title: 'Error',
        message: 'The server sent an unexpected answer.',
        code: 'BAD_RESPONSE',
      });
    return parsed.data;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const err = await toApiError(e);
    report(err, 'POST', opts);
    throw err;
  }
}

export const api = {
  get: <T>(path: string, schema: ZodType<T>, opts: CallOptions = {}) => call('GET', path, schema, undefined, opts),
  post: <T>(path: string, body: unknown, schema: ZodType<T>, opts: CallOptions = {}) =>
    call('POST', path, schema, body, opts),
  put: <T>(path: string, body: unknown, schema: ZodType<T>, opts: CallOptions = {}) =>
    call('PUT', path, schema, body, opts),
  delete: <T>(path: string, schema: ZodType<T>, opts: CallOptions = {}) =>
    call('DELETE', path, schema, undefined, opts),
  download: (path: string, fallbackName: string, opts: CallOptions = {}) => download(path, fallbackName, opts),
  upload: <T>(path: string, file: Blob, schema: ZodType<T>, opts: CallOptions = {}) => upload(path, file, schema, opts),
};
