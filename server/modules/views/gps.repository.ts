import { sql, type SQL } from 'drizzle-orm';
import {
  cellsPerAxis,
  MERCATOR_MAX_LAT,
  type Bounds,
  type GpsPoint,
  type GpsQuery,
  type MapConfig,
} from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { andEq, inLocalDays } from '../../lib/local-day';

/**
 * A GPS point's record with the names it shows. The map and the list (gps-records.list.ts) use the
 * same FROM and WHERE, so both show the same records.
 */
const GPS_JOINS = sql`join stores st on st.account_id = d.account_id and st.id = d.store_id
  join equipment e on e.account_id = d.account_id and e.id = d.equipment_id
  join tanks t on t.account_id = d.account_id and t.id = d.tank_id
  join products p on p.account_id = d.account_id and p.id = d.product_id
  left join employees em on em.account_id = d.account_id and em.id = d.employee_id`;
export const GPS_FROM = sql`dispenses d ${GPS_JOINS}`;

/**
 * GPS-stamped dispenses that stand: not reversals, and not cancelled by one (a corrected record
 * shows once, as its replacement). "Not reversed" is a NOT IN over (account, reversal_of) pairs:
 * PostgreSQL reads the reversals once into a hash (a hashed SubPlan), whatever the statistics say.
 * A correlated NOT EXISTS on the unindexed `reversal_of` was planned, right after the demo's bulk
 * load (no statistics yet), as a nested loop scanning every dispense per row and ran for minutes.
 * The pair is the key because ids are unique only within an account (the records list does the same).
 */
export const GPS_WHERE = sql`d.gps_lat is not null and d.gps_lng is not null and d.reversal_of is null
  and (d.account_id, d.id) not in (select rv.account_id, rv.reversal_of from dispenses rv where rv.reversal_of is not null)`;

/** The point's fields (GpsPoint + lat/lng), under their contract names. */
export const GPS_FIELDS = sql`d.id, d.dispensed_at as "at", st.timezone, to_char((d.dispensed_at at time zone st.timezone)::date, 'YYYY-MM-DD') as "date",
  d.litres::float8 as litres, d.store_id::text as "storeId", st.code as "storeCode", st.name as "storeName",
  d.equipment_id::text as "equipmentId", e.fleet_no as "fleetNo", e.registration, p.name as "productName", t.code as "tankCode",
  em.name as "employeeName", d.gps_accuracy_m::float8 as "accuracyM", d.gps_lat as lat, d.gps_lng as lng`;

/** Raw row: `at` comes back as text or a Date depending on the driver's parsers. */
export type GpsRaw = Omit<GpsPoint, 'at'> & { at: Date | string; lat: number; lng: number };

/** The filters' condition (account, standing GPS dispenses, store-local days, store, equipment). */
function filtersWhere(accountId: number, q: GpsQuery): SQL {
  return sql`d.account_id = ${accountId} and ${GPS_WHERE} and ${inLocalDays(sql`d.dispensed_at`, sql`st.timezone`, q.from, q.to)}
    ${andEq(sql`d.store_id`, q.storeId)}${andEq(sql`d.equipment_id`, q.equipmentId)}`;
}

/** `lng`/`lat` within [west, south, east, north]; a west east of east crosses the antimeridian. */
function inBounds(lng: SQL, lat: SQL, [w, s, e, n]: Bounds): SQL {
  const lngs =
    w <= e
      ? sql`${lng} between ${w}::float8 and ${e}::float8`
      : sql`(${lng} >= ${w}::float8 or ${lng} <= ${e}::float8)`;
  return sql`${lngs} and ${lat} between ${s}::float8 and ${n}::float8`;
}

const DISPENSES_AT_STORES = sql`dispenses d join stores st on st.account_id = d.account_id and st.id = d.store_id`;

export interface CellRow {
  id: string | null;
  cx: number;
  cy: number;
  n: number;
  lng: number;
  lat: number;
  w: number;
  s: number;
  e: number;
  nn: number;
}

export function gpsRepository(db: DbOrTx) {
  return {
    /**
     * The latest `limit` matching points (in `bbox` when given), how many are in view and how many
     * match anywhere, with their extent. The count needs only dispenses and stores, and the page
     * can walk the time index backwards and stop at `limit`.
     */
    async points(
      accountId: number,
      q: GpsQuery,
      limit: number,
      bbox?: Bounds,
    ): Promise<{ rows: GpsRaw[]; inView: number; total: number; extent: Bounds | null }> {
      const where = filtersWhere(accountId, q);
      const view = bbox ? sql`${where} and ${inBounds(sql`d.gps_lng`, sql`d.gps_lat`, bbox)}` : where;
      const page = await db.execute(
        sql`select ${GPS_FIELDS} from ${GPS_FROM} where ${view} order by d.dispensed_at desc, d.id limit ${limit}`,
      );
      const all =
        await db.execute(sql`select count(*)::int as n, ${bbox ? sql`count(*) filter (where ${inBounds(sql`d.gps_lng`, sql`d.gps_lat`, bbox)})::int` : sql`count(*)::int`} as "inView",
          min(d.gps_lng) as w, min(d.gps_lat) as s, max(d.gps_lng) as e, max(d.gps_lat) as nn
        from ${DISPENSES_AT_STORES} where ${where}`);
      const a = all.rows[0] as { n: number; inView: number; w: number | null; s: number; e: number; nn: number };
      return {
        rows: page.rows as unknown as GpsRaw[],
        inView: a.inView,
        total: a.n,
        extent: a.w === null ? null : [a.w, a.s, a.e, a.nn],
      };
    },

    /**
     * The matching dispenses in `bbox` grouped into the grid cells of `zoom`
     * (src/contract/views-map.ts), in one statement and one pass over the matching rows: each
     * point's cell is arithmetic on its longitude and latitude (Web Mercator), the cells one hash
     * aggregate over the points in view only. The fullest `limit` cells are kept; the total and the
     * extent are those of every matching row. A cell of one dispense carries its id (the caller
     * reads its details).
     */
    async cells(
      accountId: number,
      q: GpsQuery,
      zoom: number,
      bbox: Bounds | undefined,
      limit: number,
    ): Promise<{ cells: CellRow[]; cellsInView: number; inView: number; total: number; extent: Bounds | null }> {
      const n = cellsPerAxis(zoom);
      const lat = sql`greatest(least(lat, ${MERCATOR_MAX_LAT}::float8), ${-MERCATOR_MAX_LAT}::float8)`;
      const res = await db.execute(sql`
        with pts as materialized (
          select d.id, d.gps_lng as lng, d.gps_lat as lat from ${DISPENSES_AT_STORES} where ${filtersWhere(accountId, q)}
        ), cells as (
          select least(floor((lng + 180) / 360 * ${n}::float8), ${n - 1}::float8)::int as cx,
                 least(floor((0.5 - ln(tan(pi() / 4 + radians(${lat}) / 2)) / (2 * pi())) * ${n}::float8), ${n - 1}::float8)::int as cy,
                 count(*)::int as n, avg(lng) as lng, avg(lat) as lat, min(lng) as w, min(lat) as s, max(lng) as e, max(lat) as nn,
                 case when count(*) = 1 then min(id::text) end as id
          from pts ${bbox ? sql`where ${inBounds(sql`lng`, sql`lat`, bbox)}` : sql``}
          group by 1, 2
        ), top as (
          select * from cells order by n desc, cx, cy limit ${limit}
        )
        select (select count(*)::int from pts) as total,
               (select json_build_array(min(lng), min(lat), max(lng), max(lat)) from pts) as extent,
               (select coalesce(sum(n), 0)::int from cells) as "inView",
               (select count(*)::int from cells) as "cellsInView",
               (select coalesce(json_agg(top), '[]'::json) from top) as cells`);
      const r = res.rows[0] as {
        total: number;
        extent: (number | null)[];
        inView: number;
        cellsInView: number;
        cells: CellRow[];
      };
      return {
        cells: r.cells,
        cellsInView: r.cellsInView,
        inView: r.inView,
        total: r.total,
        extent: r.extent[0] === null ? null : (r.extent as Bounds),
      };
    },

    /** Standing GPS dispenses of this account by id (the single-dispense cells, a focused record). */
    async byIds(accountId: number, ids: string[]): Promise<GpsRaw[]> {
      if (!ids.length) return [];
      // The rows first (a materialized CTE): planned as one join, the id list was probed again for
      // each store and tank when the statistics were off (3,000 ids: 3.5 s instead of ~50 ms).
      const res = await db.execute(sql`
        with picked as materialized (select * from dispenses where account_id = ${accountId} and id = any(${`{${ids.join(',')}}`}::uuid[]))
        select ${GPS_FIELDS} from picked d ${GPS_JOINS} where ${GPS_WHERE}`);
      return res.rows as unknown as GpsRaw[];
    },

    /** Stores with a location (not deleted), for the map's store layer. */
    async stores(accountId: number): Promise<MapConfig['stores']> {
      const res = await db.execute(sql`select id::text, code, name, latitude as lat, longitude as lng from stores
        where account_id = ${accountId} and deleted_at is null and latitude is not null and longitude is not null order by code`);
      return res.rows as unknown as MapConfig['stores'];
    },
  };
}
