import type { Jobs } from '../../lib/jobs';
import { localDate, previousMonth } from '../../../src/contract/calendar';
import type { Db } from '../../db/client';
import { balancingRepository } from './balancing.repository';
import { balancingService } from './balancing.service';

/** How often the server looks for months that ended over the variance rule (pg-boss cron, every 6 h). */
export const VARIANCE_QUEUE = 'variance-sweep';
export const VARIANCE_CRON = '7 */6 * * *';

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

/** The sweep as a pg-boss cron job (singleton: one instance runs it at a time), also run once at start. */
export function registerVarianceSweep(jobs: Jobs) {
  jobs.cron(VARIANCE_QUEUE, VARIANCE_CRON, () => sweepVariance(jobs.database.db), { runAtStart: true });
}
