import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

/**
 * THE pg-boss of a server (docs/design.md §5a: background work is pg-boss only). `server/main.ts` creates
 * it, modules register their queues, schedules and workers on it (`register*Jobs(jobs)`), then
 * `start()`; `stop()` lets running jobs finish and runs the modules' own stop hooks first.
 * pg-boss runs its SQL over our pool (schema `pgboss`): no second pool, same DATABASE_URL (ADR 009).
 */
/** The running pg-boss, started on first use: what routes that send or retry jobs are given. */
export type BossProvider = () => Promise<PgBoss>;

export interface Jobs {
  boss: PgBoss;
  log: Logger;
  database: Database;
  /**
   * A cron job run on one instance at a time (queue policy `singleton`, no retry: the next tick is
   * the retry). `run` returns a number worth logging (rows raised) or nothing.
   */
  cron(
    name: string,
    cron: string,
    run: () => Promise<number | void>,
    opts?: { expireInSeconds?: number; runAtStart?: boolean },
  ): void;
  /** Anything else: called with the started boss (createQueue, work, schedule…), in registration order. */
  onStart(fn: (boss: PgBoss) => Promise<void>): void;
  /** Called before the boss stops (timers of a module's own), in reverse registration order. */
  onStop(fn: () => Promise<void> | void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobs(database: Database, log: Logger): Jobs {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.pool.query(text, values) },
    schema: 'pgboss',
    // Completed jobs are only of interest for a short while (the Diagnostic screen).
    deleteAfterHours: 24,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  const starts: Array<(b: PgBoss) => Promise<void>> = [];
  const stops: Array<() => Promise<void> | void> = [];
  let started = false;
  return {
    boss,
    log,
    database,
    cron(name, cron, run, opts = {}) {
      starts.push(async (b) => {
        await b.createQueue(name, {
          name,
          policy: 'singleton',
          retryLimit: 0,
          expireInSeconds: opts.expireInSeconds ?? 3600,
        });
        await b.schedule(name, cron);
        // A long period (the 6-hourly sweeps) also runs once at start, as the timers did.
        if (opts.runAtStart) await b.send(name, {}, { startAfter: 30 });
        await b.work(name, async () => {
          try {
            const n = await run();
            if (n) log.info({ raised: n }, `${name} raised`);
          } catch (err) {
            log.error({ err }, `${name} failed`);
            throw err;
          }
        });
      });
    },
    onStart(fn) {
      starts.push(fn);
    },
    onStop(fn) {
      stops.unshift(fn);
    },
    async start() {
      await boss.start();
      started = true;
      for (const fn of starts) await fn(boss);
    },
    async stop() {
      for (const fn of stops) await Promise.resolve(fn()).catch((err) => log.error({ err }, 'job stop hook failed'));
      // Lets running jobs finish (polls and sweeps are short).
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
