import { sql } from 'drizzle-orm';
import type { DropRun, IntegrationSettings } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import { isoText } from './csv-drop.sql';

export type DueDrop = {
  id: string;
  accountId: number;
  settings: IntegrationSettings;
  nextRunAt: Date | null;
};

export type RunToExecute = {
  id: string;
  accountId: number;
  integrationId: string;
  name: string;
  settings: IntegrationSettings;
  status: 'queued' | 'done' | 'failed';
  /** Exact ISO text (microseconds). */
  windowFrom: string;
  windowTo: string;
};

/**
 * The instant before which every storing transaction has ended: the start of the oldest transaction
 * still open in this database (any other session's), else now. A record's `received_at` is its
 * transaction's start, so every record stored before the horizon is committed and visible to the
 * drop, and one committed later is stored at or after it and goes into the next drop.
 */
const HORIZON = sql`least(clock_timestamp(), coalesce((
    select min(a.xact_start) from pg_stat_activity a
    where a.datname = current_database() and a.pid <> pg_backend_pid() and a.xact_start is not null
  ), clock_timestamp()))`;

const RUN_FIELDS = sql`r.id, r.status, r.trigger, ${isoText(sql`r.window_from`)} as "windowFrom",
  ${isoText(sql`r.window_to`)} as "windowTo", r.rows, r.files, r.attempts, r.error,
  ${isoText(sql`r.created_at`)} as "createdAt",
  case when r.finished_at is null then null else ${isoText(sql`r.finished_at`)} end as "finishedAt"`;

/** CSV drops (ADR 057): scheduling, the runs and their windows, the watermark. */
export function csvDropRepository(db: DbOrTx) {
  return {
    /** Enabled CSV drops whose time has come and that have no run open, locked for this claim. */
    async due(limit: number): Promise<DueDrop[]> {
      const res = await db.execute<DueDrop>(sql`
        select i.id, i.account_id::int as "accountId", i.settings, i.next_run_at as "nextRunAt"
        from integrations i
        where i.type = 'csv_drop' and i.deleted_at is null and i.enabled
          and i.next_run_at <= now()
          and not exists (select 1 from integration_runs r where r.integration_id = i.id and r.status = 'queued')
        order by i.next_run_at
        limit ${limit}
        for update of i skip locked`);
      return res.rows.map((r) => ({ ...r, nextRunAt: r.nextRunAt && new Date(r.nextRunAt) }));
    },

    /** CSV drops never scheduled yet (made or changed since the last tick). */
    async unscheduled(): Promise<DueDrop[]> {
      const res = await db.execute<DueDrop>(sql`
        select i.id, i.account_id::int as "accountId", i.settings, null as "nextRunAt"
        from integrations i
        where i.type = 'csv_drop' and i.deleted_at is null and i.enabled and i.next_run_at is null
        limit 500`);
      return res.rows;
    },

    async schedule(id: string, at: Date | null) {
      await db.execute(sql`update integrations set next_run_at = ${at?.toISOString() ?? null} where id = ${id}`);
    },

    /**
     * Opens a run of one integration: from its watermark to the horizon. Answers its id, or nothing
     * when a run is already open (the partial unique index says so, whatever the race).
     */
    async open(accountId: number, id: string, trigger: 'scheduled' | 'manual'): Promise<string | undefined> {
      const res = await db.execute<{ id: string }>(sql`
        insert into integration_runs (account_id, integration_id, trigger, window_from, window_to)
        select i.account_id, i.id, ${trigger}, i.watermark, greatest(i.watermark, ${HORIZON})
        from integrations i
        where i.account_id = ${accountId} and i.id = ${id}
        on conflict (integration_id) where status = 'queued' do nothing
        returning id`);
      return res.rows[0]?.id;
    },

    /** Queued runs whose job may never have been sent (the tick sends them again; a job id is its run's). */
    async queued(olderThanS: number): Promise<string[]> {
      const res = await db.execute<{ id: string }>(sql`
        select id from integration_runs
        where status = 'queued' and created_at < now() - make_interval(secs => ${olderThanS})
        limit 500`);
      return res.rows.map((r) => r.id);
    },

    async run(runId: string): Promise<RunToExecute | undefined> {
      const res = await db.execute<RunToExecute>(sql`
        select r.id, r.account_id::int as "accountId", r.integration_id as "integrationId", i.name, i.settings,
          r.status, ${isoText(sql`r.window_from`)} as "windowFrom", ${isoText(sql`r.window_to`)} as "windowTo"
        from integration_runs r join integrations i on i.account_id = r.account_id and i.id = r.integration_id
        where r.id = ${runId}`);
      return res.rows[0];
    },

    /**
     * A run done: the watermark moves to its end (only from its start: a second finish of the same
     * run changes nothing), and the integration's last run, status and rows follow.
     */
    async finish(run: RunToExecute, rows: number, files: string[]) {
      const done = await db.execute(sql`
        update integration_runs set status = 'done', rows = ${rows}, files = ${sql.param(files)}::text[],
          attempts = attempts + 1, error = null, finished_at = now()
        where id = ${run.id} and status = 'queued'`);
      if (!done.rowCount) return;
      await db.execute(sql`
        update integrations set watermark = ${run.windowTo}::timestamptz, last_run_at = now(), last_status = 'ok',
          last_rows = ${rows}, last_error = null
        where account_id = ${run.accountId} and id = ${run.integrationId}
          and watermark = ${run.windowFrom}::timestamptz`);
    },

    /** A failed attempt: logged on the run and the integration; `final` closes the run (watermark kept). */
    async fail(run: RunToExecute, error: string, final: boolean) {
      await db.execute(sql`
        update integration_runs set attempts = attempts + 1, error = ${error},
          status = ${final ? 'failed' : 'queued'}, finished_at = ${final ? sql`now()` : null}
        where id = ${run.id} and status = 'queued'`);
      await db.execute(sql`
        update integrations set last_run_at = now(), last_status = ${final ? 'failed' : 'retrying'},
          last_error = ${error}
        where account_id = ${run.accountId} and id = ${run.integrationId}`);
    },

    async runs(accountId: number, integrationId: string, limit = 20): Promise<DropRun[]> {
      const res = await db.execute<DropRun>(sql`
        select ${RUN_FIELDS} from integration_runs r
        where r.account_id = ${accountId} and r.integration_id = ${integrationId}
        order by r.created_at desc, r.id
        limit ${limit}`);
      return res.rows;
    },

    /** The feed key a BI feed integration stands for, if it is the account's and not revoked. */
    async liveFeedKey(accountId: number, keyId: string): Promise<boolean> {
      const res = await db.execute(sql`
        select 1 from bi_feed_keys where account_id = ${accountId} and id = ${keyId} and revoked_at is null`);
      return !!res.rows.length;
    },
  };
}
