import { sql } from 'drizzle-orm';
import { DIAGNOSTIC_LIST_CAP, type DiagnosticReport, type FailedJob } from '../../../src/contract/diagnostic';
import type { DbOrTx } from '../../db/client';

/**
 * Reads behind `/Diagnostic` (every account: the screen is ThebigBoss's). pg-boss's tables are
 * read in its schema `pgboss` (pg-boss 10: `queue`, `job`); writes to them go through pg-boss's API.
 */

type Report = DiagnosticReport;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const CAP = DIAGNOSTIC_LIST_CAP;

export function diagnosticRepository(db: DbOrTx) {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];
  return {
    async database(): Promise<{ sizeBytes: number; postgres: string }> {
      const [r] = await rows<{ size: number; version: string }>(
        sql`select pg_database_size(current_database())::bigint as size, current_setting('server_version') as version`,
      );
      return { sizeBytes: Number(r.size), postgres: r.version };
    },

    /** drizzle's own ledger of applied migrations (`drizzle.__drizzle_migrations`), newest first. */
    async migrations(): Promise<{ hash: string; createdAt: number }[]> {
      const exists = await rows<{ ok: boolean }>(
        sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
      );
      if (!exists[0].ok) return [];
      const r = await rows<{ hash: string; created_at: string }>(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc`,
      );
      return r.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) }));
    },

    async jobs(): Promise<Report['jobs']> {
      const [{ ok }] = await rows<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`);
      if (!ok) return { installed: false, queues: [], failed: [] };
      const queues = await rows<{
        name: string;
        queued: number;
        active: number;
        failed: number;
        completed: number;
      }>(sql`
        with j as (
          select name, count(*) filter (where state in ('created', 'retry'))::int as queued,
                 count(*) filter (where state = 'active')::int as active,
                 count(*) filter (where state = 'failed')::int as failed,
                 count(*) filter (where state = 'completed')::int as completed
          from pgboss.job group by name
        )
        select q.name, coalesce(j.queued, 0) as queued, coalesce(j.active, 0) as active,
               coalesce(j.failed, 0) as failed, coalesce(j.completed, 0) as completed
        from pgboss.queue q left join j on j.name = q.name
        order by q.name`);
      const failed = await rows<{
        id: string;
        name: string;
        completed_on: string | null;
        created_on: string;
        retry_count: number;
        error: string | null;
      }>(sql`
        select id, name, completed_on, created_on, retry_count,
               left(coalesce(output ->> 'message', output::text), 500) as error
        from pgboss.job where state = 'failed'
        order by completed_on desc nulls last limit ${CAP}`);
      return {
        installed: true,
        queues,
        failed: failed.map((f): FailedJob => ({
          id: f.id,
          queue: f.name,
          failedAt: iso(f.completed_on),
          createdAt: iso(f.created_on)!,
          retryCount: f.retry_count,
          error: f.error,
        })),
      };
    },

    /** A job's state, or null when the queue has no such job. */
    async jobState(queue: string, id: string): Promise<string | null> {
      const [{ ok }] = await rows<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`);
      if (!ok) return null;
      const r = await rows<{ state: string }>(
        sql`select state::text as state from pgboss.job where name = ${queue} and id = ${id}::uuid`,
      );
      return r[0]?.state ?? null;
    },

    async gauges(): Promise<Report['gauges']> {
      const r = await rows<Record<string, unknown>>(sql`
        select g.id, a.name as account, g.name, s.code as store, g.protocol, g.enabled,
               g.last_contact_at, g.last_error, g.last_error_at, g.failures
        from gauge_devices g
        join accounts a on a.id = g.account_id
        left join stores s on s.account_id = g.account_id and s.id = g.store_id
        where g.deleted_at is null
        order by g.last_contact_at asc nulls first, a.name, g.name
        limit 500`);
      return r.map((g) => ({
        id: String(g.id),
        account: String(g.account),
        name: String(g.name),
        store: (g.store as string | null) ?? null,
        protocol: String(g.protocol),
        enabled: Boolean(g.enabled),
        lastContactAt: iso(g.last_contact_at),
        lastError: (g.last_error as string | null) ?? null,
        lastErrorAt: iso(g.last_error_at),
        failures: Number(g.failures),
      }));
    },

    async devices(): Promise<Report['devices']> {
      const r = await rows<Record<string, unknown>>(sql`
        select a.name as account, d.device_id, u.display_name as user_name, d.last_sync_at, d.kind, d.records,
               d.outbox, d.app_version
        from device_syncs d
        join accounts a on a.id = d.account_id
        left join users u on u.id = d.user_id
        order by d.last_sync_at desc
        limit 200`);
      return r.map((d) => ({
        account: String(d.account),
        deviceId: String(d.device_id),
        user: (d.user_name as string | null) ?? null,
        lastSyncAt: iso(d.last_sync_at)!,
        kind: String(d.kind),
        records: Number(d.records),
        outbox: d.outbox === null ? null : Number(d.outbox),
        appVersion: (d.app_version as string | null) ?? null,
      }));
    },
  };
}
