import { sql, type SQL } from 'drizzle-orm';
import type { RecordKind, TankInfo } from '../../../src/contract/balancing';
import type { DbOrTx } from '../../db/client';
import { localMidnight } from '../../lib/local-day';

/**
 * The reads behind `/QuickBalancing`, set-based: each figure family is ONE query over all the
 * tanks asked for, grouped by tank and store-local day (the store's time zone turns a date into
 * the instants [local 00:00, next local 00:00)), so a month of every tank costs a handful of
 * statements whatever the number of tanks or days. The only place here that touches the database.
 */

export interface TankRow extends TankInfo {
  deleted: boolean;
}
export type FlowKind = 'dispensed' | 'receipts' | 'transfersOut' | 'transfersIn';
export interface FlowRow {
  tankId: string;
  day: string;
  kind: FlowKind;
  litres: number;
  n: number;
}
export interface ClosingRow {
  tankId: string;
  day: string;
  litres: number;
  readAt: string;
}
export interface BookRow {
  tankId: string;
  day: string | null;
  litres: number;
}
export interface DrillRow {
  id: string;
  at: string;
  litres: number;
  detail: string;
  reversalOf: string | null;
  total: number;
  sum: number;
}
/** A local day as instants: the previous day's start, the day's start and its end. */
export interface DayBounds {
  prev: string;
  start: string;
  end: string;
}

/** Ids come from our own tables (uuids); a Postgres array literal keeps them one parameter. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The tanks with each one's day bounds in its store's zone. `lo`/`hi` are the range's first local
 * midnight and the midnight after its last day; `prev` is the midnight before `lo` (the day whose
 * closing opens the range).
 */
function tankBounds(accountId: number, ids: readonly string[], from: string, to: string): SQL {
  return sql`tk as (
    select t.id, s.timezone as tz,
      ${localMidnight(sql`${from}::date`, sql`s.timezone`)} as lo,
      ${localMidnight(sql`${to}::date + 1`, sql`s.timezone`)} as hi
    from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id
    where t.account_id = ${accountId} and t.id = any(${uuidArray(ids)})
  )`;
}

const rowsOf = async <T>(db: DbOrTx, q: SQL): Promise<T[]> => (await db.execute(q)).rows as T[];

export function balancingRepository(db: DbOrTx) {
  return {
    /**
     * The tanks of the account (optionally one tank or one store's), with their store, product and
     * zone. Tanks deleted before `since` are left out; ones deleted later still have figures.
     */
    tanks(accountId: number, f: { tankId?: string; storeId?: string; since?: string }): Promise<TankRow[]> {
      return rowsOf<TankRow>(
        db,
        sql`
        select t.id as "tankId", t.code as "tankCode", t.name as "tankName", s.id as "storeId", s.code as "storeCode",
          s.name as "storeName", p.code as "productCode", p.name as "productName", s.timezone, t.deleted_at is not null as deleted
        from tanks t
        join stores s on s.account_id = t.account_id and s.id = t.store_id
        join products p on p.account_id = t.account_id and p.id = t.product_id
        where t.account_id = ${accountId}
          ${f.tankId ? sql`and t.id = ${f.tankId}` : sql``}
          ${f.storeId ? sql`and t.store_id = ${f.storeId}` : sql``}
          ${f.since ? sql`and (t.deleted_at is null or t.deleted_at >= ${localMidnight(sql`${f.since}::date`, sql`s.timezone`)})` : sql``}
        order by lower(s.code), lower(t.code), t.id`,
      );
    },

    /** Receipts, dispensed (net: reversals are negative rows), transfers out and in per tank-day. */
    flows(accountId: number, ids: readonly string[], from: string, to: string): Promise<FlowRow[]> {
      if (!ids.length) return Promise.resolve([]);
      const day = (col: SQL) => sql`to_char(${col} at time zone tk.tz, 'YYYY-MM-DD')`;
      return rowsOf<FlowRow>(
        db,
        sql`
        with ${tankBounds(accountId, ids, from, to)}
        select d.tank_id as "tankId", ${day(sql`d.dispensed_at`)} as day, 'dispensed' as kind, sum(d.litres)::float8 as litres, count(*)::int as n
          from tk join dispenses d on d.account_id = ${accountId} and d.tank_id = tk.id and d.dispensed_at >= tk.lo and d.dispensed_at < tk.hi
          group by 1, 2
        union all
        select r.tank_id, ${day(sql`r.received_on`)}, 'receipts', sum(r.litres)::float8, count(*)::int
          from tk join receipts r on r.account_id = ${accountId} and r.tank_id = tk.id and r.received_on >= tk.lo and r.received_on < tk.hi
          group by 1, 2
        union all
        select x.from_tank_id, ${day(sql`x.transferred_at`)}, 'transfersOut', sum(x.litres)::float8, count(*)::int
          from tk join transfers x on x.account_id = ${accountId} and x.from_tank_id = tk.id and x.transferred_at >= tk.lo and x.transferred_at < tk.hi
          group by 1, 2
        union all
        select x.to_tank_id, ${day(sql`x.transferred_at`)}, 'transfersIn', sum(x.litres)::float8, count(*)::int
          from tk join transfers x on x.account_id = ${accountId} and x.to_tank_id = tk.id and x.transferred_at >= tk.lo and x.transferred_at < tk.hi
          group by 1, 2`,
      );
    },

    /**
     * The measured closing of every tank-day from the day before `from` to `to`: the last reading
     * in (local 00:00, next local 00:00] — one backward index probe per tank-day on
     * (account, tank, read_at), instead of reading every hourly reading of the range.
     */
    closings(accountId: number, ids: readonly string[], from: string, to: string): Promise<ClosingRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return rowsOf<ClosingRow>(
        db,
        sql`
        with ${tankBounds(accountId, ids, from, to)}
        select tk.id as "tankId", to_char(g.day, 'YYYY-MM-DD') as day, c.gross_litres::float8 as litres, c.read_at as "readAt"
        from tk
        cross join generate_series((${from}::date - 1)::timestamp, ${to}::date::timestamp, interval '1 day') as g(day)
        cross join lateral (
          select r.gross_litres, r.read_at from tank_readings r
          where r.account_id = ${accountId} and r.tank_id = tk.id
            and r.read_at > ${localMidnight(sql`g.day`, sql`tk.tz`)} and r.read_at <= ${localMidnight(sql`g.day + interval '1 day'`, sql`tk.tz`)}
          order by r.read_at desc, r.received_at desc
          limit 1
        ) c`,
      );
    },

    /**
     * Book stock, for openings without a reading: each tank's current book (`tank_stock`, a row
     * with day null) and the net stock movements per day from `from` on (to the present), so the
     * book at any day's start is the current book minus what moved since.
     */
    book(accountId: number, ids: readonly string[], from: string): Promise<BookRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return rowsOf<BookRow>(
        db,
        sql`
        with ${tankBounds(accountId, ids, from, from)}
        select tk.id as "tankId", null as day,
          coalesce((select ts.book_litres from tank_stock ts where ts.account_id = ${accountId} and ts.tank_id = tk.id), 0)::float8 as litres
          from tk
        union all
        select m.tank_id, to_char(m.at at time zone tk.tz, 'YYYY-MM-DD'), sum(m.litres)::float8
          from tk join stock_movements m on m.account_id = ${accountId} and m.tank_id = tk.id and m.at >= tk.lo
          group by 1, 2`,
      );
    },

    /** The local day's instants for a tank's store. */
    async dayBounds(accountId: number, tankId: string, day: string): Promise<DayBounds> {
      const [b] = await rowsOf<Record<keyof DayBounds, Date>>(
        db,
        sql`
        select ${localMidnight(sql`${day}::date - 1`, sql`s.timezone`)} as prev, ${localMidnight(sql`${day}::date`, sql`s.timezone`)} as start,
          ${localMidnight(sql`${day}::date + 1`, sql`s.timezone`)} as "end"
        from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id where t.account_id = ${accountId} and t.id = ${tankId}`,
      );
      const iso = (d: Date) => new Date(d).toISOString();
      return { prev: iso(b.prev), start: iso(b.start), end: iso(b.end) };
    },

    /** The records behind one figure of one tank-day, oldest first, with the count and sum of all of them. */
    records(accountId: number, tankId: string, kind: RecordKind, b: DayBounds, limit: number): Promise<DrillRow[]> {
      const p = sql`${b.prev}::timestamptz`;
      const s = sql`${b.start}::timestamptz`;
      const e = sql`${b.end}::timestamptz`;
      const tail = sql`count(*) over ()::int as total, sum(litres) over ()::float8 as sum`;
      const queries: Record<RecordKind, SQL> = {
        dispensed: sql`
          select d.id, d.dispensed_at as at, d.litres::float8 as litres, d.reversal_of as "reversalOf",
            concat_ws(' · ', coalesce(q.fleet_no, '?'), q.registration, em.name, case when d.reversal_of is not null then 'reversal' end, nullif(d.note, '')) as detail
          from dispenses d
          left join equipment q on q.account_id = d.account_id and q.id = d.equipment_id
          left join employees em on em.account_id = d.account_id and em.id = d.employee_id
          where d.account_id = ${accountId} and d.tank_id = ${tankId} and d.dispensed_at >= ${s} and d.dispensed_at < ${e}`,
        receipts: sql`
          select r.id, r.received_on as at, r.litres::float8 as litres, null::uuid as "reversalOf",
            concat_ws(' · ', r.supplier, 'note ' || r.delivery_note, nullif(r.note, '')) as detail
          from receipts r where r.account_id = ${accountId} and r.tank_id = ${tankId} and r.received_on >= ${s} and r.received_on < ${e}`,
        transfersOut: sql`
          select x.id, x.transferred_at as at, x.litres::float8 as litres, null::uuid as "reversalOf",
            concat_ws(' · ', coalesce('to ' || ts.code || ' ' || tt.code, 'to bowser ' || x.to_bowser), nullif(x.note, '')) as detail
          from transfers x
          left join tanks tt on tt.account_id = x.account_id and tt.id = x.to_tank_id
          left join stores ts on ts.account_id = tt.account_id and ts.id = tt.store_id
          where x.account_id = ${accountId} and x.from_tank_id = ${tankId} and x.transferred_at >= ${s} and x.transferred_at < ${e}`,
        transfersIn: sql`
          select x.id, x.transferred_at as at, x.litres::float8 as litres, null::uuid as "reversalOf",
            concat_ws(' · ', 'from ' || fs.code || ' ' || ft.code, nullif(x.note, '')) as detail
          from transfers x
          join tanks ft on ft.account_id = x.account_id and ft.id = x.from_tank_id
          join stores fs on fs.account_id = ft.account_id and fs.id = ft.store_id
          where x.account_id = ${accountId} and x.to_tank_id = ${tankId} and x.transferred_at >= ${s} and x.transferred_at < ${e}`,
        // The day's readings, and the one before the day's start that opens it (the previous day's closing).
        readings: sql`
          select r.id::text, r.read_at as at, r.gross_litres::float8 as litres, null::uuid as "reversalOf",
            concat_ws(' · ', r.source, case when r.product_height_mm is not null then round(r.product_height_mm::numeric) || ' mm' end,
              case when r.temperature_c is not null then round(r.temperature_c::numeric, 1) || ' °C' end, nullif(r.note, '')) as detail
          from tank_readings r
          where r.account_id = ${accountId} and r.tank_id = ${tankId}
            and r.read_at > ${p} and r.read_at <= ${e}
            and (r.read_at > ${s} or r.read_at = (select max(o.read_at) from tank_readings o
              where o.account_id = ${accountId} and o.tank_id = ${tankId} and o.read_at > ${p} and o.read_at <= ${s}))`,
      };
      return rowsOf<DrillRow>(
        db,
        sql`
        select id, at, litres, "reversalOf", detail, ${tail}
        from (${queries[kind]}) x
        order by at, id
        limit ${limit}`,
      );
    },

    /** Accounts that have tanks and are not blocked (the sweep's work list). */
    async accountsWithTanks(): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`
        select a.id from accounts a where not a.blocked and exists (select 1 from tanks t where t.account_id = a.id and t.deleted_at is null) order by a.id`,
      );
      return rows.map((r) => Number(r.id));
    },
  };
}
export type BalancingRepository = ReturnType<typeof balancingRepository>;
