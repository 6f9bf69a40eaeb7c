import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { devicesRepository } from '../modules/gauges/devices.repository';
import { pollDevice } from '../modules/gauges/poll.service';
import { raiseStaleGauges } from '../modules/gauges/stale.repository';

/**
 * Gauge polling on pg-boss 10 (ADR 009). Each server instance runs a dispatcher that, every few
 * seconds, claims the TLS devices whose `next_poll_at` has come (an UPDATE … FOR UPDATE SKIP
 * LOCKED that also moves `next_poll_at` one interval on, so two instances never claim the same
 * device) and sends one `gauge-poll` job per device. The queue's `stately` policy with the device
 * id as singleton key keeps at most one queued and one running poll per device. Workers on any
 * instance pick the jobs up. A cron job (`gauge-stale`, every minute) raises `stale_gauge`.
 * The database row is the truth for when a device is due; pg-boss carries the work.
 */
export const POLL_QUEUE = 'gauge-poll';
export const STALE_QUEUE = 'gauge-stale';

export interface GaugeJobsOptions {
  database: Database;
  log: Logger;
  /** How often due devices are looked for (default 5 s; device intervals are ≥ 10 s). */
  tickMs?: number;
  /** Polls run at once per instance (each holds a TCP connection and, briefly, a DB connection). */
  concurrency?: number;
  /** Per-poll network timeout. */
  timeoutMs?: number;
}

export interface GaugeJobs {
  boss: PgBoss;
  /** Claims and sends due polls now (the dispatcher's tick); returns how many were sent. */
  dispatch(): Promise<number>;
  stop(): Promise<void>;
}

interface PollJob {
  accountId: number;
  deviceId: string;
}

export async function startGaugeJobs(opts: GaugeJobsOptions): Promise<GaugeJobs> {
  const { database, log } = opts;
  const db = database.db;
  // pg-boss runs its SQL over our pool (schema `pgboss`): no second pool, same DATABASE_URL.
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.pool.query(text, values) },
    schema: 'pgboss',
    // Completed poll jobs are only of interest for a short while (the Diagnostic screen).
    deleteAfterHours: 24,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  await boss.createQueue(POLL_QUEUE, { name: POLL_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 120 });
  await boss.createQueue(STALE_QUEUE, { name: STALE_QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 120 });
  await boss.schedule(STALE_QUEUE, '* * * * *');

  await boss.work<PollJob>(
    POLL_QUEUE,
    { batchSize: opts.concurrency ?? 4, pollingIntervalSeconds: 1 },
    async (jobs) => {
      const results = await Promise.allSettled(
        jobs.map((j) => pollDevice(db, j.data.accountId, j.data.deviceId, { timeoutMs: opts.timeoutMs ?? 10_000 })),
      );
      results.forEach((r, i) => {
        if (r.status === 'rejected') log.error({ err: r.reason, deviceId: jobs[i].data.deviceId }, 'gauge poll failed');
        else if (!r.value.ok)
          log.debug({ deviceId: jobs[i].data.deviceId, error: r.value.error }, 'gauge did not answer');
      });
    },
  );
  await boss.work(STALE_QUEUE, async () => {
    const raised = await raiseStaleGauges(db, new Date());
    if (raised.devices || raised.tanks) log.info(raised, 'stale gauges raised');
  });

  let ticking = false;
  const dispatch = async (): Promise<number> => {
    if (ticking) return 0;
    ticking = true;
    try {
      const due = await devicesRepository(db).claimDue(100);
      for (const d of due)
        await boss.send(POLL_QUEUE, { accountId: d.accountId, deviceId: d.id } satisfies PollJob, {
          singletonKey: d.id,
        });
      return due.length;
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => {
    dispatch().catch((err) => log.error({ err }, 'gauge dispatch failed'));
  }, opts.tickMs ?? 5000);
  timer.unref();

  return {
    boss,
    dispatch,
    async stop() {
      clearInterval(timer);
      // Lets running polls finish (they are short: one TCP exchange and a few statements).
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
