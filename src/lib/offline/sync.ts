import type { IngestResult } from '@/contract/dispensing';
import { FIELD_RECORD_KINDS, MAX_BATCH, type FieldRecordKind } from '@/contract/field-kinds';
import { SYNC_REPORT_HEADERS } from '@/contract/sync-report';
import { backoffDelay, parseRetryAfter } from './backoff';
import { clearBusy, markBusy } from './busy';
import { getDeviceId, type AccountDb, type OutboxRecord } from './db';
import { defaultLock, SYNC_LOCK, type LockFn } from './lock';
import { META, nextBatch, pruneHistory } from './outbox';
import { APP_VERSION } from './version';

/**
 * THE sync engine (docs/design.md §6), run by the page and by the service worker alike. It sends the
 * outbox per kind in creation order, in batches, through an injected transport, and settles each
 * record only on the server's answer for it. The server is idempotent on the record id, so
 * sending a record twice (lost answer, crash) is always safe: the replay comes back `duplicate`.
 */

/** Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'fams-outbox';

export interface TransportResponse {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/**
 * What the device says about itself with every batch (`/Diagnostic`'s "devices' last sync"): its
 * id, how many records wait in its outbox (this batch included) and the app's version.
 */
export interface SyncReport {
  deviceId: string;
  outbox: number;
  version: string;
}

/** The report as request headers (the server ignores any it cannot read; a batch never fails for it). */
export function syncReportHeaders(report: SyncReport | undefined): Record<string, string> {
  if (!report) return {};
  return {
    [SYNC_REPORT_HEADERS.device]: report.deviceId,
    [SYNC_REPORT_HEADERS.outbox]: String(report.outbox),
    [SYNC_REPORT_HEADERS.version]: report.version,
  };
}

export interface SyncTransport {
  /**
   * `POST /api/v1/<kind>/batch` with the sync report as headers. Resolves with any HTTP answer;
   * rejects only when none came.
   */
  post(kind: FieldRecordKind, body: { records: unknown[] }, report?: SyncReport): Promise<TransportResponse>;
  /** One token renewal (the refresh cookie); true when a new token is in place. */
  refresh(): Promise<boolean>;
}

export interface SyncOptions {
  now?: () => number;
  random?: () => number;
  lock?: LockFn;
  /** "Send now": ignore back-off delays. */
  force?: boolean;
  batchSize?: number;
  /** This installation's id (default: the device database's `getDeviceId`). */
  deviceId?: () => Promise<string>;
  /** Default: the build's version. */
  appVersion?: string;
}

export type SyncStatusCode =
  | 'done' // nothing left that is due
  | 'locked' // another tab or the service worker is running
  | 'backoff' // a whole request failed; records wait until `retryAt`
  | 'auth'; // no session could be had; records wait for a sign-in

export interface SyncOutcome {
  status: SyncStatusCode;
  synced: number;
  rejected: number;
  requests: number;
  /** Earliest time a waiting record is due again (back-off), if any. */
  retryAt: number | null;
  error: string | null;
}

/**
 * The answers' schemas, loaded with the first answer: the engine is in the field screens' first
 * download, zod and the records contract are not (ADR 017).
 */
const answerSchemas = () =>
  Promise.all([import('@/contract/dispensing'), import('@/contract/errors')]).then(([d, e]) => ({
    BatchResponse: d.BatchResponse,
    ErrorBody: e.ErrorBody,
  }));

/** Whole-request answers that may be caused by one bad record: split the batch to find it. */
const SPLIT_STATUSES = new Set([400, 409, 413, 422]);

export async function runSync(db: AccountDb, transport: SyncTransport, opts: SyncOptions = {}): Promise<SyncOutcome> {
  const lock = opts.lock ?? defaultLock;
  const result = await lock(SYNC_LOCK, async () => {
    markBusy('sync', 'records are being sent');
    try {
      return await new Run(db, transport, opts).all();
    } finally {
      clearBusy('sync');
    }
  });
  return result.acquired
    ? result.value
    : { status: 'locked', synced: 0, rejected: 0, requests: 0, retryAt: null, error: null };
}

type Patch = Partial<OutboxRecord>;

class Run {
  private readonly now: () => number;
  private readonly random: () => number;
  private refreshed = false;
  private deviceId: string | undefined;
  private out: SyncOutcome = { status: 'done', synced: 0, rejected: 0, requests: 0, retryAt: null, error: null };

  constructor(
    private db: AccountDb,
    private transport: SyncTransport,
    private opts: SyncOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
  }

  async all(): Promise<SyncOutcome> {
    // We hold the lock, so no other runner is mid-send: `sending` here means a crash or a closed
    // tab between send and confirm. Resend them; the server answers `duplicate` if it had them.
    await this.db.outbox.where('state').equals('sending').modify({ state: 'queued' });
    for (const kind of FIELD_RECORD_KINDS) {
      const go = await this.kind(kind);
      if (!go) break;
    }
    if (this.out.synced > 0) await pruneHistory(this.db, this.now());
    return this.out;
  }

  /** Sends one kind until its queue is empty or not due; false stops the whole run. */
  private async kind(kind: FieldRecordKind): Promise<boolean> {
    let limit = Math.min(this.opts.batchSize ?? MAX_BATCH, MAX_BATCH);
    for (;;) {
      const { batch, ready } = await this.take(kind, limit);
      if (batch.length === 0) return true;
      if (!ready) {
        this.noteRetry(batch[0].nextAttemptAt);
        return true; // this kind waits; later kinds may still go
      }
      let res: TransportResponse;
      try {
        this.out.requests += 1;
        res = await this.transport.post(kind, { records: batch.map((r) => r.payload) }, await this.report());
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        await this.failAll(batch, /server/i.test(msg) ? msg : `No answer from the server: ${msg}`, null);
        return false;
      }
      if (res.status === 401 || res.status === 498) {
        await this.settle(batch.map((r) => [r.id, { state: 'queued', lastError: 'Waiting for a signed-in session' }]));
        if (!this.refreshed) {
          this.refreshed = true;
          if (await this.transport.refresh().catch(() => false)) continue;
        }
        this.out.status = 'auth';
        this.out.error = 'Sign in to send the waiting records';
        await this.settle([], { [META.lastError]: this.out.error });
        return false;
      }
      const { BatchResponse, ErrorBody } = await answerSchemas();
      const parsed = BatchResponse.safeParse(res.body);
      if (parsed.success && (res.status < 300 || parsed.data.results.length > 0)) {
        if (!(await this.apply(batch, parsed.data.results))) return true;
        continue;
      }
      const body = ErrorBody.safeParse(res.body);
      const message = body.success ? body.data.message : `The server answered ${res.status}`;
      if (SPLIT_STATUSES.has(res.status)) {
        if (batch.length > 1) {
          // One record may spoil the whole request: send one by one so only it is rejected.
          await this.settle(batch.map((r) => [r.id, { state: 'queued' }]));
          limit = 1;
          continue;
        }
        await this.reject(batch[0], message, body.success ? body.data.fieldErrors : undefined);
        continue;
      }
      // 5xx, 429, 403, 404 (endpoint missing), 2xx with an unreadable body…: nothing was settled.
      await this.failAll(batch, message, res.retryAfter);
      return false;
    }
  }

  /** The device's report for one request: one count on the state index, the id read once per run. */
  private async report(): Promise<SyncReport | undefined> {
    try {
      this.deviceId ??= await (this.opts.deviceId ?? getDeviceId)();
      const outbox = await this.db.outbox.where('state').anyOf('queued', 'sending').count();
      return { deviceId: this.deviceId, outbox, version: this.opts.appVersion ?? APP_VERSION };
    } catch {
      return undefined; // a report is never worth a failed sync
    }
  }

  /**
   * The next batch of a kind in sending order and, when it is due, marked `sending` in the same
   * transaction: one index read and one write per batch.
   */
  private take(kind: FieldRecordKind, limit: number): Promise<{ batch: OutboxRecord[]; ready: boolean }> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const batch = await nextBatch(this.db, kind, limit);
      if (batch.length === 0 || (!this.opts.force && batch[0].nextAttemptAt > this.now()))
        return { batch, ready: false };
      const sending = batch.map((r): OutboxRecord => ({ ...r, state: 'sending' }));
      await this.db.outbox.bulkPut(sending);
      return { batch: sending, ready: true };
    });
  }

  /** Settles each record by its result; false when some had none (they wait for the next run). */
  private async apply(batch: OutboxRecord[], results: IngestResult[]): Promise<boolean> {
    const byId = new Map(results.map((r) => [r.id, r]));
    const now = this.now();
    const patches: Array<[string, Patch]> = [];
    const missing: OutboxRecord[] = [];
    for (const rec of batch) {
      const r = byId.get(rec.id);
      if (!r) missing.push(rec);
      else if (r.status === 'rejected') {
        this.out.rejected += 1;
        patches.push([
          rec.id,
          {
            state: 'rejected',
            attempts: rec.attempts + 1,
            lastError: r.reason ?? `Refused by the server (${r.httpStatus})`,
            fieldErrors: r.fieldErrors ?? null,
          },
        ]);
      } else {
        this.out.synced += 1;
        patches.push([
          rec.id,
          {
            state: 'synced',
            attempts: rec.attempts + 1,
            syncedAt: now,
            exceptions: r.exceptions,
            lastError: null,
            fieldErrors: null,
          },
        ]);
      }
    }
    await this.settle(patches, { [META.lastSyncAt]: now, [META.lastError]: null });
    if (missing.length === 0) return true;
    await this.failAll(missing, 'The server did not answer for this record', null);
    return false;
  }

  private async reject(rec: OutboxRecord, reason: string, fieldErrors?: Record<string, string[]>): Promise<void> {
    this.out.rejected += 1;
    await this.settle([
      [rec.id, { state: 'rejected', attempts: rec.attempts + 1, lastError: reason, fieldErrors: fieldErrors ?? null }],
    ]);
  }

  /** A whole-request failure: all back to `queued`, due again after back-off (and Retry-After). */
  private async failAll(batch: OutboxRecord[], error: string, retryAfter: string | null): Promise<void> {
    const now = this.now();
    const attempts = Math.max(...batch.map((r) => r.attempts)) + 1;
    const wait = Math.max(backoffDelay(attempts, this.random), parseRetryAfter(retryAfter, now) ?? 0);
    const at = now + wait;
    await this.settle(
      batch.map((r) => [r.id, { state: 'queued', attempts: r.attempts + 1, lastError: error, nextAttemptAt: at }]),
      { [META.lastError]: error },
    );
    this.out.status = 'backoff';
    this.out.error = error;
    this.noteRetry(at);
  }

  private noteRetry(at: number): void {
    this.out.retryAt = this.out.retryAt === null ? at : Math.min(this.out.retryAt, at);
  }

  /**
   * Writes a step's outcome: only records still `sending` or `queued` are touched (a user action on
   * them wins; a record no longer on the device stays gone), with the step's meta facts (last sync,
   * last error). One read and one write per table for the whole batch, in one transaction: a batch
   * of 500 is two IndexedDB requests instead of 500 cursors, and the page's live queries (counts,
   * recent records) see one change per step, not one per record.
   */
  private async settle(patches: Array<[string, Patch]>, meta?: Record<string, unknown>): Promise<void> {
    await this.db.transaction('rw', [this.db.outbox, this.db.meta], async () => {
      const current = await this.db.outbox.bulkGet(patches.map(([id]) => id));
      const next: OutboxRecord[] = [];
      current.forEach((rec, i) => {
        if (rec && (rec.state === 'sending' || rec.state === 'queued')) next.push({ ...rec, ...patches[i][1] });
      });
      if (next.length) await this.db.outbox.bulkPut(next);
      if (meta) await this.db.meta.bulkPut(Object.entries(meta).map(([key, value]) => ({ key, value })));
    });
  }
}
