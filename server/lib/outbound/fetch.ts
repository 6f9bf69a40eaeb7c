import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { OutboundError, networkError } from './errors';
import { checkHost, parseHttpUrl, pinnedLookup, type CheckedHost, type TargetOptions } from './target';

/**
 * THE client for every request the server makes on its own to a target someone configured
 * (webhooks, Power BI; ADR 071). Only http(s); the host is resolved once and refused when any of
 * its addresses is internal (unless `allowPrivate`); the socket goes to exactly the checked
 * addresses (a pinned `lookup`), TLS still verifies the name; redirects are never followed (a 3xx
 * is an `OutboundError('redirect')`); the whole exchange has a time limit; the request body and the
 * part of the answer read are capped. Failures are `OutboundError`s.
 */
export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_RESPONSE_BYTES = 64 * 1024;
export const OUTBOUND_MAX_REQUEST_BYTES = 1024 * 1024;

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams;
}

export interface OutboundOptions extends TargetOptions {
  /** Connect, send and read the answer within this (default 10 s). */
  timeoutMs?: number;
  /** At most this much of the answer is read; the rest is discarded (default 64 KiB). */
  maxResponseBytes?: number;
  /** A larger request body is refused before connecting (default 1 MiB). */
  maxRequestBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The answer's first `maxResponseBytes` bytes. */
  body: Buffer;
  /** The answer was longer than `maxResponseBytes`. */
  truncated: boolean;
  text(): string;
  json<T>(): T;
}

const bodyBytes = (b: OutboundInit['body']) =>
  b === undefined ? undefined : b instanceof Uint8Array ? Buffer.from(b) : Buffer.from(String(b), 'utf8');

export async function outboundFetch(
  raw: string | URL,
  init: OutboundInit = {},
  opts: OutboundOptions = {},
): Promise<OutboundResponse> {
  const url = parseHttpUrl(raw);
  const body = bodyBytes(init.body);
  if (body && body.length > (opts.maxRequestBytes ?? OUTBOUND_MAX_REQUEST_BYTES))
    throw new OutboundError('too-large', 'request body too large');
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const started = Date.now();
  // A lookup cannot be cancelled; the time limit stops waiting for it.
  let lookupTimer: NodeJS.Timeout | undefined;
  const checked = await Promise.race([
    checkHost(url.hostname, opts),
    new Promise<never>((_, reject) => {
      lookupTimer = setTimeout(() => reject(timedOut(timeoutMs)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(lookupTimer));
  return exchange(url, init, body, checked, {
    timeoutMs,
    remainingMs: Math.max(1, timeoutMs - (Date.now() - started)),
    maxResponse: opts.maxResponseBytes ?? OUTBOUND_MAX_RESPONSE_BYTES,
  });
}

const timedOut = (ms: number) => new OutboundError('timeout', `no answer within ${Math.round(ms / 1000)} s`);

/** One request over a fresh connection to the checked addresses, its answer read up to the cap. */
function exchange(
  url: URL,
  init: OutboundInit,
  body: Buffer | undefined,
  checked: CheckedHost,
  limits: { timeoutMs: number; remainingMs: number; maxResponse: number },
): Promise<OutboundResponse> {
  const form = init.body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      host: checked.host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: init.method ?? 'GET',
      headers: { ...form, ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      // A fresh connection every time: no pooled socket to another address is reused.
      agent: false,
      lookup: pinnedLookup(checked),
      // The certificate is checked against the name (never against an IP the name resolved to).
      ...(url.protocol === 'https:' && !checked.literal ? { servername: checked.host } : {}),
    });
    const timer = setTimeout(() => {
      req.destroy();
      settle(() => reject(timedOut(limits.timeoutMs)));
    }, limits.remainingMs);
    req.on('error', (e) => settle(() => reject(networkError(e))));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        req.destroy();
        settle(() => reject(new OutboundError('redirect', 'redirect not followed', status)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (truncated: boolean) =>
        settle(() => {
          const read = Buffer.concat(chunks).subarray(0, limits.maxResponse);
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: res.headers,
            body: read,
            truncated,
            text: () => read.toString('utf8'),
            json: <T>() => JSON.parse(read.toString('utf8')) as T,
          });
        });
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        if (size > limits.maxResponse) {
          // Enough read: the rest is discarded with the connection.
          done(true);
          req.destroy();
        }
      });
      res.on('end', () => done(false));
      res.on('error', (e) => settle(() => reject(networkError(e))));
      res.on('close', () => settle(() => reject(new OutboundError('network', 'connection reset'))));
    });
    req.end(body);
  });
}
