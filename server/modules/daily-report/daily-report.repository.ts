import { sql, type SQL } from 'drizzle-orm';
import type { DailyReportException, DailyReportIncident } from '../../../src/contract/daily-report';
import type { DbOrTx } from '../../db/client';
import { inLocalDays } from '../../lib/local-day';

/**
 * What the daily report reads besides the reconciliation's figures (balancing.repository.ts):
 * the stores, the exceptions raised or resolved on the store-local day, and the incidents and
 * call-outs of the day (occurred, or closed, that day). One statement per family for all stores.
 */
export interface StoreInfo {
  storeId: string;
  storeCode: string;
  storeName: string;
  timezone: string;
}
type WithStore<T> = T & { storeId: string };

const rowsOf = async <T>(db: DbOrTx, q: SQL): Promise<T[]> => (await db.execute(q)).rows as T[];
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const isoText = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function dailyReportRepository(db: DbOrTx) {
  return {
    async accountName(accountId: number): Promise<string> {
      const [r] = await rowsOf<{ name: string }>(db, sql`select name from accounts where id = ${accountId}`);
      return r?.name ?? '';
    },

    /** The account's live stores (or the ones asked for), by code. */
    stores(accountId: number, ids: readonly string[]): Promise<StoreInfo[]> {
      return rowsOf<StoreInfo>(
        db,
        sql`select s.id as "storeId", s.code as "storeCode", s.name as "storeName", s.timezone
        from stores s where s.account_id = ${accountId} and s.deleted_at is null
          ${ids.length ? sql`and s.id = any(${uuidArray(ids)})` : sql``}
        order by lower(s.code), s.id`,
      );
    },

    /** Exceptions of the stores raised, or resolved, on the day (store-local). */
    exceptions(
      accountId: number,
      storeIds: readonly string[],
      day: string,
      which: 'raised' | 'resolved',
    ): Promise<WithStore<DailyReportException>[]> {
      if (!storeIds.length) return Promise.resolve([]);
      const at = which === 'raised' ? sql`x.raised_at` : sql`x.resolved_at`;
      return rowsOf(
        db,
        sql`select x.store_id as "storeId", x.id, x.code, x.severity, x.status, x.message,
          (select t.code from tanks t where t.account_id = x.account_id and t.id = x.tank_id) as "tankCode",
          (select e.fleet_no from equipment e where e.account_id = x.account_id and e.id = x.equipment_id) as "fleetNo",
          ${isoText(sql`x.raised_at`)} as "raisedAt", ${isoText(sql`x.resolved_at`)} as "resolvedAt",
          x.resolution_reason as "resolutionReason", x.resolution
        from exceptions x join stores s on s.account_id = x.account_id and s.id = x.store_id
        where x.account_id = ${accountId} and x.store_id = any(${uuidArray(storeIds)})
          and ${inLocalDays(at, sql`s.timezone`, day, day)}
        order by ${at}, x.id`,
      );
    },

    /** Incidents and call-outs of the stores that happened, or were closed, on the day. */
    incidents(accountId: number, storeIds: readonly string[], day: string): Promise<WithStore<DailyReportIncident>[]> {
      if (!storeIds.length) return Promise.resolve([]);
      return rowsOf(
        db,
        sql`select i.store_id as "storeId", i.id, i.kind, i.type, i.severity, i.status, i.title,
          (select t.code from tanks t where t.account_id = i.account_id and t.id = i.tank_id) as "tankCode",
          (select e.fleet_no from equipment e where e.account_id = i.account_id and e.id = i.equipment_id) as "fleetNo",
          ${isoText(sql`i.occurred_at`)} as "occurredAt", i.technician, i.company,
          ${isoText(sql`i.called_at`)} as "calledAt", ${isoText(sql`i.arrived_at`)} as "arrivedAt",
          ${isoText(sql`i.left_at`)} as "leftAt", i.cost::float8 as cost, ${isoText(sql`i.closed_at`)} as "closedAt"
        from incidents i join stores s on s.account_id = i.account_id and s.id = i.store_id
        where i.account_id = ${accountId} and i.deleted_at is null and i.store_id = any(${uuidArray(storeIds)})
          and (${inLocalDays(sql`i.occurred_at`, sql`s.timezone`, day, day)}
            or (i.closed_at is not null and ${inLocalDays(sql`i.closed_at`, sql`s.timezone`, day, day)}))
        order by i.occurred_at, i.id`,
      );
    },
  };
}
