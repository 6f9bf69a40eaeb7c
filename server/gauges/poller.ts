import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { createJobs, type Jobs } from '../lib/jobs';
import { devicesRepository } from '../modules/gauges/devices.repository';
import { pollDevice } from '../modules/gauges/poll.service';
import { raiseStaleGauges } from '../modules/gauges/stale.repository';
import { webhookEmitter } from '../modules/integrations/webhooks';

/**
 * Gauge polling on the server's pg-boss (ADR 009, `server/lib/jobs.ts`). Each server instance runs
 * a dispatcher that, every few seconds, claims the TLS devices whose `next_poll_at` has come (an
 * UPDATE … FOR UPDATE SKIP LOCKED that also moves `next_poll_at` one interval on, so two instances
 * never claim the same device) and sends one `gauge-poll` job per device. The queue's `stately`
 * policy with the device id as singleton key keeps at most one queued and one running poll per
 * device. Workers on any instance pick the jobs up. A cron job (`gauge-stale`, every minute) raises
 * `stale_gauge`. The database row is the truth for when a device is due; pg-boss carries the work.
 */
export const POLL_QUEUE = 'gauge-poll';
export const STALE_QUEUE = 'gauge-stale';

export interface GaugeJobsOptions {
  /** How often due devices are looked for (default 5 s; device intervals are ≥ 10 s). */
  tickMs?: number;
  /** Polls run at once per instance (each holds a TCP connection and, briefly, a DB connection). */
  concurrency?: number;
  /** Per-poll network timeout. */
  timeoutMs?: number;
}

interface PollJob {
  accountId: number;
  deviceId: string;
}

/** Registers the gauge queues, workers and dispatcher on the server's jobs; `dispatch` sends due polls now. */
export function registerGaugeJobs(jobs: Jobs, opts: GaugeJobsOptions = {}): { dispatch(): Promise<number> } {
  const { database, log, boss } = jobs;
  const db = database.db;
  const events = webhookEmitter(() => Promise.resolve(boss));
  jobs.cron(
    STALE_QUEUE,
    '* * * * *',
    async () => {
      const raised = await raiseStaleGauges(db, new Date());
      if (raised.devices || raised.tanks) log.info(raised, 'stale gauges raised');
    },
    { expireInSeconds: 120 },
  );

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
  let timer: NodeJS.Timeout | undefined;
  jobs.onStart(async (b) => {
    await b.createQueue(POLL_QUEUE, { name: POLL_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 120 });
    await b.work<PollJob>(
      POLL_QUEUE,
      { batchSize: opts.concurrency ?? 4, pollingIntervalSeconds: 1 },
      async (batch) => {
        const results = await Promise.allSettled(
          batch.map((j) =>
            pollDevice(db, j.data.accountId, j.data.deviceId, { timeoutMs: opts.timeoutMs ?? 10_000, events }),
          ),
        );
        results.forEach((r, i) => {
          if (r.status === 'rejected')
            log.error({ err: r.reason, deviceId: batch[i].data.deviceId }, 'gauge poll failed');
          else if (!r.value.ok)
            log.debug({ deviceId: batch[i].data.deviceId, error: r.value.error }, 'gauge did not answer');
        });
      },
    );
    timer = setInterval(() => {
      dispatch().catch((err) => log.error({ err }, 'gauge dispatch failed'));
    }, opts.tickMs ?? 5000);
    timer.unref();
  });
  jobs.onStop(() => clearInterval(timer));
  return { dispatch };
}

export interface GaugeJobs {
  dispatch(): Promise<number>;
  stop(): Promise<void>;
}

/** The gauge jobs alone on a pg-boss of their own (tests). The server registers them on its shared jobs. */
export async function startGaugeJobs(opts: GaugeJobsOptions & { database: Database; log: Logger }): Promise<GaugeJobs> {
  const jobs = createJobs(opts.database, opts.log);
  const { dispatch } = registerGaugeJobs(jobs, opts);
  await jobs.start();
  return { dispatch, stop: () => jobs.stop() };
}
