import { sql, type SQL } from 'drizzle-orm';
import type { SystemReport } from '../../../src/contract/system-report';
import type { DbOrTx } from '../../db/client';

type Row<K extends keyof SystemReport> = SystemReport[K] extends (infer T)[] ? T : never;
const isoText = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * `/SystemReport`'s figures across every account, one statement each (ADR 041). Dispenses come from
 * the `dispense_days` rollup (store-local days: a few rows per store and day); receipts, transfers
 * and readings are counted by the UTC day of their time, over the window only.
 */
export function systemReportRepository(db: DbOrTx) {
  const rows = async <T>(q: SQL) => (await db.execute(q)).rows as T[];
  return {
    recordsByDay: (days: number) =>
      rows<Row<'recordsByDay'>>(sql`
        with since as (select (now() at time zone 'UTC')::date - ${days}::int + 1 as d),
        counts as (
          select account_id, day, sum(net)::int as dispenses, 0 as receipts, 0 as transfers, 0 as readings
            from dispense_days, since where day >= since.d group by 1, 2
          union all
          select account_id, (received_on at time zone 'UTC')::date, 0, count(*)::int, 0, 0
            from receipts, since where received_on >= since.d::timestamp at time zone 'UTC' group by 1, 2
          union all
          select account_id, (transferred_at at time zone 'UTC')::date, 0, 0, count(*)::int, 0
            from transfers, since where transferred_at >= since.d::timestamp at time zone 'UTC' group by 1, 2
          union all
          select account_id, (read_at at time zone 'UTC')::date, 0, 0, 0, count(*)::int
            from tank_readings, since where read_at >= since.d::timestamp at time zone 'UTC' group by 1, 2
        )
        select c.day::text as day, a.name as account, sum(c.dispenses)::int as dispenses, sum(c.receipts)::int as receipts,
          sum(c.transfers)::int as transfers, sum(c.readings)::int as readings
        from counts c join accounts a on a.id = c.account_id
        group by c.day, a.name order by c.day desc, a.name`),

    accounts: (days: number) =>
      rows<Row<'accounts'>>(sql`
        select a.id as "accountId", a.name as account, a.blocked,
          (select count(*)::int from memberships m join users u on u.id = m.user_id
            where m.account_id = a.id and not m.blocked and u.active) as users,
          (select count(*)::int from memberships m join users u on u.id = m.user_id
            where m.account_id = a.id and not m.blocked and u.active
              and u.last_sign_in_at >= now() - make_interval(days => ${days}::int)) as "activeUsers",
          (select count(*)::int from device_syncs s where s.account_id = a.id) as devices,
          (select count(*)::int from device_syncs s where s.account_id = a.id
              and s.last_sync_at >= now() - make_interval(days => ${days}::int)) as "activeDevices"
        from accounts a order by a.name, a.id`),

    staleDevices: (days: number) =>
      rows<Row<'staleDevices'>>(sql`
        select a.name as account, s.device_id as "deviceId", u.username as user, ${isoText(sql`s.last_sync_at`)} as "lastSyncAt"
        from device_syncs s join accounts a on a.id = s.account_id left join users u on u.id = s.user_id
        where s.last_sync_at < now() - make_interval(days => ${days}::int)
        order by s.last_sync_at, a.name limit 500`),

    async failedJobs(days: number): Promise<Row<'failedJobs'>[]> {
      const [{ ok }] = await rows<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`);
      if (!ok) return [];
      return rows<Row<'failedJobs'>>(sql`
        select name as queue, count(*)::int as count, ${isoText(sql`max(completed_on)`)} as "lastFailedAt",
          (array_agg(left(coalesce(output ->> 'message', output::text), 300) order by completed_on desc nulls last))[1] as "lastError"
        from pgboss.job
        where state = 'failed' and coalesce(completed_on, created_on) >= now() - make_interval(days => ${days}::int)
        group by name order by count(*) desc, name`);
    },
  };
}
