import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { startSweep } from '../../lib/sweep';
import { runNightlyIntegrity } from './integrity.service';

/** How often the nightly runs are looked for: each account's run starts within this of its hour. */
const EVERY_MS = 15 * 60 * 1000;

/**
 * The nightly integrity runs on the shared sweep timer for now. The body is `runNightlyIntegrity`
 * (idempotent per account and local day), so moving it onto pg-boss (server/lib/jobs.ts) is a
 * cron job calling the same function.
 */
export function startIntegrityNightly(db: Db, log: Logger): () => void {
  return startSweep('integrity nightly', () => runNightlyIntegrity(db, new Date(), log), log, EVERY_MS, 3 * 60 * 1000);
}
