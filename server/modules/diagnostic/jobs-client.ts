import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { BossProvider } from '../../lib/jobs';

/**
 * A pg-boss handle for `/Diagnostic`'s retry when the server has not handed its running one over
 * (API tests, a server without jobs): commands only — no supervision, no scheduling, no workers —
 * over the app's pool, schema `pgboss`.
 */
export function commandBoss(database: Database): BossProvider {
  let started: Promise<PgBoss> | undefined;
  return () => {
    started ??= (async () => {
      const boss = new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => database.pool.query(text, values) },
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => undefined);
      await boss.start();
      return boss;
    })().catch((e) => {
      started = undefined;
      throw e;
    });
    return started;
  };
}
