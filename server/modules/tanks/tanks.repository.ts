import { sql } from 'drizzle-orm';
import type { StrappingPoint } from '../../../src/contract/setup/strapping';
import type { DbOrTx } from '../../db/client';

/** Reads of tank levels and reading histories; the only place of this module that touches the database. */

export interface LevelRow {
  tankId: string;
  tankCode: string;
  tankName: string;
  storeId: string;
  storeCode: string;
  storeName: string;
  productId: string;
  productName: string;
  capacity: number;
  safeFill: number;
  lowLevel: number;
  readAt: Date | null;
  source: 'gauge' | 'dip' | 'import' | null;
  productHeightMm: number | null;
  waterHeightMm: number | null;
  temperatureC: number | null;
  grossLitres: number | null;
  netLitres15: number | null;
  ullageLitres: number | null;
  waterLitres: number | null;
  bookLitres: number | null;
}

export interface HistoryRow {
  at: Date;
  source: 'gauge' | 'dip' | 'import';
  grossLitres: number;
  netLitres15: number | null;
  waterHeightMm: number | null;
  temperatureC: number | null;
  minLitres: number;
  maxLitres: number;
  count: number;
}

export interface TankInfo {
  id: string;
  code: string;
  name: string;
  storeCode: string;
  productName: string;
  capacity: number;
  safeFill: number;
  lowLevel: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function tanksRepository(db: DbOrTx, accountId: number) {
  return {
    /**
     * Every live tank with its latest reading, in one statement: the lateral subquery walks the
     * (account_id, tank_id, read_at) index backwards and stops at the first row, so the cost is
     * one index probe per tank however long the history is.
     */
    async levels(filter: { storeId?: string; productId?: string }): Promise<LevelRow[]> {
      const res = await db.execute(sql`
        select t.id as "tankId", t.code as "tankCode", t.name as "tankName", s.id as "storeId", s.code as "storeCode",
               s.name as "storeName", p.id as "productId", p.name as "productName", t.capacity, t.safe_fill as "safeFill",
               t.low_level as "lowLevel", r.read_at as "readAt", r.source, r.product_height_mm as "productHeightMm",
               r.water_height_mm as "waterHeightMm", r.temperature_c as "temperatureC", r.gross_litres as "grossLitres",
               r.net_litres_15 as "netLitres15", r.ullage_litres as "ullageLitres", r.water_litres as "waterLitres",
               ts.book_litres as "bookLitres"
        from tanks t
        join stores s on s.account_id = t.account_id and s.id = t.store_id
        join products p on p.account_id = t.account_id and p.id = t.product_id
        left join lateral (
          select read_at, source, product_height_mm, water_height_mm, temperature_c, gross_litres, net_litres_15,
                 ullage_litres, water_litres
          from tank_readings r
          where r.account_id = t.account_id and r.tank_id = t.id
          order by r.read_at desc
          limit 1
        ) r on true
        left join tank_stock ts on ts.account_id = t.account_id and ts.tank_id = t.id
        where t.account_id = ${accountId} and t.deleted_at is null
          ${filter.storeId ? sql`and t.store_id = ${filter.storeId}` : sql``}
          ${filter.productId ? sql`and t.product_id = ${filter.productId}` : sql``}
        order by s.code, t.code`);
      return (res.rows as Record<string, unknown>[]).map((r) => ({
        tankId: String(r.tankId),
        tankCode: String(r.tankCode),
        tankName: String(r.tankName),
        storeId: String(r.storeId),
        storeCode: String(r.storeCode),
        storeName: String(r.storeName),
        productId: String(r.productId),
        productName: String(r.productName),
        capacity: Number(r.capacity),
        safeFill: Number(r.safeFill),
        lowLevel: Number(r.lowLevel),
        readAt: r.readAt ? new Date(r.readAt as string) : null,
        source: (r.source as LevelRow['source']) ?? null,
        productHeightMm: num(r.productHeightMm),
        waterHeightMm: num(r.waterHeightMm),
        temperatureC: num(r.temperatureC),
        grossLitres: num(r.grossLitres),
        netLitres15: num(r.netLitres15),
        ullageLitres: num(r.ullageLitres),
        waterLitres: num(r.waterLitres),
        bookLitres: num(r.bookLitres),
      }));
    },

    /** A live tank of this account, with what the history chart draws around the line. */
    async tank(id: string): Promise<TankInfo | null> {
      const res = await db.execute(sql`
        select t.id, t.code, t.name, s.code as "storeCode", p.name as "productName", t.capacity, t.safe_fill as "safeFill", t.low_level as "lowLevel"
        from tanks t
        join stores s on s.account_id = t.account_id and s.id = t.store_id
        join products p on p.account_id = t.account_id and p.id = t.product_id
        where t.account_id = ${accountId} and t.id = ${id} and t.deleted_at is null`);
      const r = res.rows[0] as Record<string, unknown> | undefined;
      if (!r) return null;
      return {
        id: String(r.id),
        code: String(r.code),
        name: String(r.name),
        storeCode: String(r.storeCode),
        productName: String(r.productName),
        capacity: Number(r.capacity),
        safeFill: Number(r.safeFill),
        lowLevel: Number(r.lowLevel),
      };
    },

    /** The strapping chart of a live tank of this account; undefined when there is no such tank. */
    async strappingChart(id: string): Promise<StrappingPoint[] | null | undefined> {
      const res = await db.execute(
        sql`select strapping_chart as chart from tanks where account_id = ${accountId} and id = ${id} and deleted_at is null`,
      );
      const r = res.rows[0] as { chart: StrappingPoint[] | null } | undefined;
      return r ? r.chart : undefined;
    },

    /**
     * The shortest poll interval (s) of the live, enabled gauge devices that read this tank, or
     * null when no gauge reads it (its readings are dips or imports).
     */
    async pollIntervalS(tankId: string): Promise<number | null> {
      const res = await db.execute(sql`
        select min(poll_interval_s)::int as s from gauge_devices
        where account_id = ${accountId} and deleted_at is null and enabled
          and tank_map @> ${JSON.stringify([{ tankId }])}::jsonb`);
      const r = res.rows[0] as { s: number | null } | undefined;
      return r?.s ?? null;
    },

    /** Payload hashes of stored manual dips by id (the ingest's replay check). */
    async dipHashes(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const res = await db.execute(sql`
        select id, payload_hash as h from tank_readings
        where account_id = ${accountId} and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      // A gauge reading has no hash; its id can only clash with a dip's on purpose: '' never matches.
      return new Map((res.rows as { id: string; h: string | null }[]).map((r) => [r.id, r.h ?? '']));
    },

    /** Another reading of the same tank and source at the same instant (one per instant is kept). */
    async otherReadingAt(tankId: string, source: 'dip', at: Date, exceptId: string): Promise<boolean> {
      const res = await db.execute(sql`
        select 1 from tank_readings
        where account_id = ${accountId} and tank_id = ${tankId} and source = ${source} and read_at = ${at.toISOString()}::timestamptz
          and id <> ${exceptId}::uuid
        limit 1`);
      return res.rows.length > 0;
    },

    /**
     * Readings of a tank in [from, to), one point per bucket of `bucketS` seconds aligned on
     * `from`: the bucket's last reading with the bucket's min and max gross volume. The range
     * condition leads with the index columns, so only the range is read.
     */
    async history(tankId: string, from: Date, to: Date, bucketS: number): Promise<HistoryRow[]> {
      const f = from.toISOString();
      const res = await db.execute(sql`
        select max(read_at) as at,
               (array_agg(source order by read_at desc))[1] as source,
               (array_agg(gross_litres order by read_at desc))[1] as "grossLitres",
               (array_agg(net_litres_15 order by read_at desc))[1] as "netLitres15",
               (array_agg(water_height_mm order by read_at desc))[1] as "waterHeightMm",
               (array_agg(temperature_c order by read_at desc))[1] as "temperatureC",
               min(gross_litres) as "minLitres", max(gross_litres) as "maxLitres", count(*)::int as count
        from tank_readings
        where account_id = ${accountId} and tank_id = ${tankId} and read_at >= ${f}::timestamptz and read_at < ${to.toISOString()}::timestamptz
        group by date_bin(${`${bucketS} seconds`}::interval, read_at, ${f}::timestamptz)
        order by 1`);
      return (res.rows as Record<string, unknown>[]).map((r) => ({
        at: new Date(r.at as string),
        source: r.source as HistoryRow['source'],
        grossLitres: Number(r.grossLitres),
        netLitres15: num(r.netLitres15),
        waterHeightMm: num(r.waterHeightMm),
        temperatureC: num(r.temperatureC),
        minLitres: Number(r.minLitres),
        maxLitres: Number(r.maxLitres),
        count: Number(r.count),
      }));
    },
  };
}
export type TanksRepository = ReturnType<typeof tanksRepository>;
