import { sql, type SQL } from 'drizzle-orm';
import type { GpsPoint, GpsQuery, MapConfig } from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { andEq, inLocalDays } from '../../lib/local-day';

/**
 * A GPS point's record with the names it shows. The map and the list (gps-records.list.ts) use the
 * same FROM and WHERE, so both show the same records.
 */
export const GPS_FROM = sql`dispenses d
  join stores st on st.account_id = d.account_id and st.id = d.store_id
  join equipment e on e.account_id = d.account_id and e.id = d.equipment_id
  join tanks t on t.account_id = d.account_id and t.id = d.tank_id
  join products p on p.account_id = d.account_id and p.id = d.product_id
  left join employees em on em.account_id = d.account_id and em.id = d.employee_id`;

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

export function gpsRepository(db: DbOrTx) {
  return {
    /**
     * The latest `limit` matching points, and how many match in all. Two statements: the count needs
     * only dispenses and stores, and the page can walk the time index backwards and stop at `limit`.
     */
    async points(accountId: number, q: GpsQuery, limit: number): Promise<{ rows: GpsRaw[]; total: number }> {
      const where: SQL = sql`d.account_id = ${accountId} and ${GPS_WHERE} and ${inLocalDays(sql`d.dispensed_at`, sql`st.timezone`, q.from, q.to)}
        ${andEq(sql`d.store_id`, q.storeId)}${andEq(sql`d.equipment_id`, q.equipmentId)}`;
      const [page, count] = await Promise.all([
        db.execute(sql`select ${GPS_FIELDS} from ${GPS_FROM} where ${where} order by d.dispensed_at desc, d.id limit ${limit}`),
        db.execute(sql`select count(*)::int as n from dispenses d join stores st on st.account_id = d.account_id and st.id = d.store_id where ${where}`),
      ]);
      return { rows: page.rows as unknown as GpsRaw[], total: (count.rows[0] as { n: number }).n };
    },

    /** Stores with a location (not deleted), for the map's store layer. */
    async stores(accountId: number): Promise<MapConfig['stores']> {
      const res = await db.execute(sql`select id::text, code, name, latitude as lat, longitude as lng from stores
        where account_id = ${accountId} and deleted_at is null and latitude is not null and longitude is not null order by code`);
      return res.rows as unknown as MapConfig['stores'];
    },
  };
}
