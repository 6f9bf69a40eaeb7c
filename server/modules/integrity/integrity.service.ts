import type { Logger } from 'pino';
import {
  INTEGRITY_CHECK_IDS,
  type IntegrityResult,
  type IntegrityRunDetail,
  type IntegrityRunPage,
} from '../../../src/contract/integrity';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { runAllChecks } from './checks.repository';
import { accountsForNightly, failStaleRuns, runsRepository } from './runs.repository';

/** The local hour from which an account's nightly run is due (its first store's time zone). */
export const NIGHTLY_HOUR = 2;

export interface RunOptions {
  userId?: number | null;
  /** The account's local day of a nightly run (claims it once). */
  localDate?: string | null;
  now?: Date;
}

export function integrityService(db: Db) {
  return {
    /**
     * Runs every integrity check for one account and records the run (who or "nightly", duration, each
     * check's count and first rows). The checks read one snapshot (a repeatable-read, read-only
     * transaction) under a statement timeout. A plain function so any scheduler (the sweep today,
     * pg-boss tomorrow) can call it. Returns null when a nightly run of that day was already claimed.
     */
    async run(
      accountId: number,
      trigger: 'manual' | 'nightly',
      opts: RunOptions = {},
    ): Promise<IntegrityRunDetail | null> {
      const runs = runsRepository(db, accountId);
      const id = await runs.start(
        trigger,
        opts.userId ?? null,
        trigger === 'nightly' ? (opts.localDate ?? null) : null,
      );
      if (!id) return null;
      const started = performance.now();
      const now = opts.now ?? new Date();
      let results: IntegrityResult[] | null = null;
      let error: string | null = null;
      try {
        results = await runAllChecks(db, accountId, INTEGRITY_CHECK_IDS, now);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await runs.finish(id, results, Math.round(performance.now() - started), error);
      return runs.detail(id);
    },

    async page(accountId: number, page: number, pageSize: number): Promise<IntegrityRunPage> {
      return { ...(await runsRepository(db, accountId).page(page, pageSize)), page, pageSize };
    },

    async detail(accountId: number, id?: string): Promise<IntegrityRunDetail | null> {
      const run = await runsRepository(db, accountId).detail(id);
      if (id && !run) throw notFound('No such integrity run in this account.');
      return run;
    },
  };
}
export type IntegrityService = ReturnType<typeof integrityService>;

/**
 * A run unfinished after this long was interrupted (server stopped or crashed mid-run): the checks'
 * statement timeout (120 s × 9 checks) bounds a live run well below it.
 */
export const STALE_RUN_MS = 30 * 60_000;
export const INTERRUPTED = 'Interrupted: the server stopped before the run finished. Run the checks again.';

/** Marks interrupted runs of every account as failed (so none shows "Running" for ever); returns how many. */
export const failInterruptedRuns = (db: Db, now: Date) =>
  failStaleRuns(db, new Date(now.getTime() - STALE_RUN_MS), INTERRUPTED);

/**
 * The nightly job body: every account whose local time is past `NIGHTLY_HOUR` and that has no
 * nightly run for its local day yet gets one (a server that was down at night catches up when it
 * starts). Idempotent by the (account, local day) claim. Returns the number of runs made.
 */
export async function runNightlyIntegrity(
  db: Db,
  now: Date,
  log?: Logger,
  /** The account's other nightly housekeeping, once per account and night (after its run). */
  afterRun?: (accountId: number) => Promise<unknown>,
): Promise<number> {
  const failed = await failInterruptedRuns(db, now);
  if (failed) log?.warn({ runs: failed }, 'interrupted integrity runs marked as failed');
  let n = 0;
  for (const a of await accountsForNightly(db, now)) {
    if (a.done || a.hour < NIGHTLY_HOUR) continue;
    const run = await integrityService(db).run(a.id, 'nightly', { localDate: a.localDate, now });
    if (!run) continue;
    n += 1;
    await afterRun?.(a.id).catch((err) => log?.error({ err, accountId: a.id }, 'nightly housekeeping failed'));
    if (run.error) log?.error({ accountId: a.id, error: run.error }, 'integrity run failed');
  }
  return n;
}
