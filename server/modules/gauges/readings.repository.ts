import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FUEL_GROUPS } from '../../../src/contract/setup/products';
import type { StrappingPoint } from '../../../src/contract/setup/strapping';
import type { DbOrTx } from '../../db/client';
import { exceptions, products, tankReadings, tanks } from '../../db/schema';

export interface ReadingTank {
  id: string;
  storeId: string;
  code: string;
  name: string;
  capacity: number;
  safeFill: number;
  lowLevel: number;
  strappingChart: StrappingPoint[] | null;
  density15: number | null;
  fuelGroup: (typeof FUEL_GROUPS)[number];
  deleted: boolean;
}

export type ReadingRow = typeof tankReadings.$inferInsert;
export type ExceptionRow = Omit<typeof exceptions.$inferInsert, 'accountId'>;

/** Reads and writes of the reading store; the only place of it that touches Drizzle. */
export function readingsRepository(db: DbOrTx, accountId: number) {
  return {
    /** The tanks with what conversion and alarms need, in one query. */
    async tanks(ids: string[]): Promise<Map<string, ReadingTank>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: tanks.id,
          storeId: tanks.storeId,
          code: tanks.code,
          name: tanks.name,
          capacity: tanks.capacity,
          safeFill: tanks.safeFill,
          lowLevel: tanks.lowLevel,
          strappingChart: tanks.strappingChart,
          density15: products.density15,
          fuelGroup: products.fuelGroup,
          deleted: sql<boolean>`${tanks.deletedAt} is not null`,
        })
        .from(tanks)
        .innerJoin(products, and(eq(products.accountId, tanks.accountId), eq(products.id, tanks.productId)))
        .where(and(eq(tanks.accountId, accountId), inArray(tanks.id, ids)));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The newest reading time per tank before this batch: one index probe per tank (a max per
     * tank through the (account, tank, read_at) index), not a scan of the tanks' history.
     */
    async latestReadAt(tankIds: string[]): Promise<Map<string, Date>> {
      if (!tankIds.length) return new Map();
      const res = await db.execute<{ tank_id: string; at: string | Date | null }>(sql`
        select k.tank_id, (select max(r.read_at) from ${tankReadings} r where r.account_id = ${accountId} and r.tank_id = k.tank_id) as at
        from unnest(${toArray(tankIds)}::uuid[]) as k(tank_id)`);
      return new Map(res.rows.filter((r) => r.at !== null).map((r) => [r.tank_id, new Date(r.at!)]));
    },

    /**
     * Inserts what is new; a reading of the same tank, source and instant (or id) is skipped. Returns the ids inserted.
     */
    async insert(rows: ReadingRow[]): Promise<Set<string>> {
      if (!rows.length) return new Set();
      const out = await db.insert(tankReadings).values(rows).onConflictDoNothing().returning({ id: tankReadings.id });
      return new Set(out.map((r) => r.id));
    },

    /** The stored ids of readings that were already there (same tank, source and instant), one index probe each. */
    async existing(keys: { tankId: string; source: string; readAt: Date }[]): Promise<Map<string, string>> {
      if (!keys.length) return new Map();
      const res = await db.execute<{ id: string; tank_id: string; source: string; read_at: string | Date }>(sql`
        select r.id, r.tank_id, r.source, r.read_at
        from unnest(${toArray(keys.map((k) => k.tankId))}::uuid[], ${toArray(keys.map((k) => k.source))}::text[],
                    ${toArray(keys.map((k) => k.readAt.toISOString()))}::timestamptz[]) as k(tank_id, source, read_at)
        join ${tankReadings} r on r.account_id = ${accountId} and r.tank_id = k.tank_id and r.source = k.source and r.read_at = k.read_at`);
      return new Map(
        res.rows.map((r) => [readingKey({ tankId: r.tank_id, source: r.source, readAt: new Date(r.read_at) }), r.id]),
      );
    },

    /**
     * Raises exceptions unless one with the same dedupe key is still open (the partial unique
     * index decides, so two concurrent writers cannot both raise it). Returns the codes raised.
     */
    async raise(rows: ExceptionRow[]): Promise<ExceptionRow[]> {
      if (!rows.length) return [];
      const out = await db
        .insert(exceptions)
        .values(rows.map((r) => ({ ...r, accountId })))
        .onConflictDoNothing()
        .returning({ code: exceptions.code, entityId: exceptions.entityId, dedupeKey: exceptions.dedupeKey });
      const raised = new Set(out.map((r) => r.dedupeKey));
      return rows.filter((r) => raised.has(r.dedupeKey ?? null));
    },
  };
}

/** A Postgres array literal parameter (`{a,b}`) for unnest; values here are uuids, codes and ISO times. */
const toArray = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

export const readingKey = (r: { tankId: string; source: string; readAt: Date }) =>
  `${r.tankId}|${r.source}|${r.readAt.getTime()}`;
