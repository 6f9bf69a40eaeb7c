import type { Logger } from 'pino';
import { startSweep } from '../../lib/sweep';
import { localDate, previousMonth } from '../../../src/contract/calendar';
import type { Db } from '../../db/client';
import { balancingRepository } from './balancing.repository';
import { balancingService } from './balancing.service';

/** How often the server looks for months that ended over the variance rule. */
export const SWEEP_EVERY_MS = 6 * 3600_000;

/**
 * Raises `variance_over_threshold` for last month's tanks in every account, whether or not anyone
 * opens `/QuickBalancing` (ADR 012), and `leak_suspected` for tanks failing the leak test now. A month counts once it
 * is over in the store's zone, so the
 * first runs of a month may leave out zones still in the old month; a later run catches them.
 * Idempotent (dedupe key per tank and month), so several server instances may all run it.
 */
export async function sweepVariance(db: Db, now = new Date()): Promise<number> {
  const month = previousMonth(localDate(now, 'UTC').slice(0, 7));
  const svc = balancingService(db);
  let raised = 0;
  for (const accountId of await balancingRepository(db).accountsWithTanks()) {
    raised += (await svc.sweep(accountId, month, now)).length;
    // The leak test over the last complete days: a FAIL raises `leak_suspected` once a month.
    await svc.leakTests(accountId, {}, now);
  }
  return raised;
}

/** Runs the sweep soon after start and then every `everyMs`; returns a stop function. */
export function startVarianceSweep(db: Db, log: Logger, everyMs = SWEEP_EVERY_MS, firstAfterMs = 10_000): () => void {
  return startSweep('variance over threshold', () => sweepVariance(db), log, everyMs, firstAfterMs);
}
