import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  allocations, costCentres, dispenses, employees, equipment, equipmentTypes, exceptions, f24Rules, products, receipts, stockMovements, stores, tankStock, tanks, transfers,
} from '../../db/schema';

export type StockKind = (typeof stockMovements.$inferInsert)['kind'];
type Subject = { equipmentId?: string | null; employeeId?: string | null; costCentreId?: string | null };

/**
 * Reads and writes of the field-record ingest; the only place here that touches Drizzle.
 * With a `cache`, reference-data reads (tanks, equipment, existence, allocations, FAMS24 rules)
 * are made once per batch: ingest never writes them, so a rolled-back record cannot leave a
 * stale entry behind.
 */
export function fieldRepository(db: DbOrTx, accountId: number, cache?: Map<string, Promise<unknown>>) {
  const mine = (t: { accountId: AnyPgColumn }) => eq(t.accountId, accountId);
  const memo = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!cache) return load();
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) cache.set(key, (hit = load()));
    return hit;
  };

  const reference = {
    tank: (id: string) => memo(`tank:${id}`, async () => {
      const [row] = await db.select({
        id: tanks.id, storeId: tanks.storeId, productId: tanks.productId, deletedAt: tanks.deletedAt, timezone: stores.timezone,
      }).from(tanks).innerJoin(stores, and(eq(stores.accountId, tanks.accountId), eq(stores.id, tanks.storeId)))
        .where(and(mine(tanks), eq(tanks.id, id)));
      return row;
    }),
    equipment: (id: string) => memo(`equipment:${id}`, async () => {
      const [row] = await db.select({
        id: equipment.id, costCentreId: equipment.costCentreId, currentMeter: equipment.currentMeter,
        meterType: sql<'km' | 'hours' | null>`coalesce(${equipment.meterType}, ${equipmentTypes.meterType})`,
        capacity: sql<string | null>`coalesce(${equipment.tankCapacity}, ${equipmentTypes.tankCapacity})`,
      }).from(equipment)
        .leftJoin(equipmentTypes, and(eq(equipmentTypes.accountId, equipment.accountId), eq(equipmentTypes.id, equipment.typeId)))
        .where(and(mine(equipment), eq(equipment.id, id)));
      return row && { ...row, capacity: row.capacity === null ? null : Number(row.capacity) };
    }),
    exists: (table: 'employees' | 'costCentres' | 'products', id: string) => memo(`${table}:${id}`, async () => {
      const t = { employees, costCentres, products }[table];
      const [row] = await db.select({ id: t.id }).from(t).where(and(eq(t.accountId, accountId), eq(t.id, id)));
      return !!row;
    }),
    // async: a Drizzle query is a thenable that runs again on every await; memo needs a promise.
    allocationsFor: (productId: string) => memo(`allocations:${productId}`, async () =>
      db.select().from(allocations).where(and(mine(allocations), eq(allocations.productId, productId), isNull(allocations.deletedAt)))),
    /** The FAMS24 rule for a store, else the account default. */
    f24Rule: (storeId: string) => memo(`f24:${storeId}`, async () => {
      const [row] = await db.select().from(f24Rules)
        .where(and(mine(f24Rules), isNull(f24Rules.deletedAt), or(eq(f24Rules.storeId, storeId), isNull(f24Rules.storeId))))
        .orderBy(sql`${f24Rules.storeId} is null`).limit(1);
      return row;
    }),
  };

  return {
    ...reference,
    /**
     * What a stored dispense is checked against, in one round trip: the equipment's highest meter
     * and last fill before it (a reversed dispense's meter no longer counts: it was a mistake), the governing subject's litres on its day and month (when an
     * allocation governs), and the tank's book stock after the movement.
     */
    async afterDispense(p: { equipmentId: string; tankId: string; at: Date; id: string; usage: { subject: Subject; productId: string; tz: string } | null }) {
      const at = sql`${p.at.toISOString()}::timestamptz`;
      const prev = sql`select max(meter) as meter, max(dispensed_at) as last_at from dispenses
        where account_id = ${accountId} and equipment_id = ${p.equipmentId} and dispensed_at < ${at} and reversal_of is null and id <> ${p.id}
          and not exists (select 1 from dispenses r where r.account_id = ${accountId} and r.reversal_of = dispenses.id)`;
      let usage = sql`select null::numeric as day, null::numeric as month`;
      if (p.usage) {
        const { subject, productId, tz } = p.usage;
        const col = subject.equipmentId ? sql`equipment_id` : subject.employeeId ? sql`employee_id` : sql`cost_centre_id`;
        const who = subject.equipmentId ?? subject.employeeId ?? subject.costCentreId!;
        const bound = (unit: 'day' | 'month', plus: boolean) =>
          sql`((date_trunc(${unit}, ${at} at time zone ${tz})${plus ? sql` + ${`1 ${unit}`}::interval` : sql``}) at time zone ${tz})`;
        usage = sql`select coalesce(sum(litres) filter (where dispensed_at >= ${bound('day', false)} and dispensed_at < ${bound('day', true)}), 0) as day,
          coalesce(sum(litres), 0) as month from dispenses
          where account_id = ${accountId} and ${col} = ${who} and product_id = ${productId} and id <> ${p.id}
            and dispensed_at >= ${bound('month', false)} and dispensed_at < ${bound('month', true)}`;
      }
      const book = sql`select book_litres from tank_stock where account_id = ${accountId} and tank_id = ${p.tankId}`;
      const { rows: [r] } = await db.execute<{ meter: string | null; last_at: string | Date | null; day: string | null; month: string | null; book: string | null }>(
        sql`select p.meter, p.last_at, u.day, u.month, (${book}) as book from (${prev}) p, (${usage}) u`);
      const num = (v: string | null) => (v === null ? null : Number(v));
      return {
        previous: { meter: num(r.meter), lastAt: r.last_at ? new Date(r.last_at) : null },
        used: { day: num(r.day) ?? 0, month: num(r.month) ?? 0 },
        bookStock: num(r.book) ?? 0,
      };
    },
    async move(tankId: string, at: Date, litres: number, kind: StockKind, refId: string) {
      await db.insert(stockMovements).values({ accountId, tankId, at, litres, kind, refId });
    },
    /** The tank's book stock, kept by a trigger on stock_movements (migration 0004). */
    async bookStock(tankId: string): Promise<number> {
      const [row] = await db.select({ s: tankStock.bookLitres }).from(tankStock).where(and(mine(tankStock), eq(tankStock.tankId, tankId)));
      return Number(row?.s ?? 0);
    },
    async raise(rows: Omit<typeof exceptions.$inferInsert, 'accountId'>[]) {
      if (rows.length) await db.insert(exceptions).values(rows.map((r) => ({ ...r, accountId })));
    },
    async exceptionCodes(entityId: string): Promise<string[]> {
      const rows = await db.select({ code: exceptions.code }).from(exceptions)
        .where(and(mine(exceptions), eq(exceptions.entityId, entityId))).orderBy(desc(exceptions.code));
      return rows.map((r) => r.code).sort();
    },
  };
}
export type FieldRepository = ReturnType<typeof fieldRepository>;

/** Stored payload hashes of many field records of one table (a replayed batch in one query). */
export async function storedHashes(db: DbOrTx, accountId: number, table: typeof dispenses | typeof transfers | typeof receipts, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db.select({ id: table.id, h: table.payloadHash }).from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.h]));
}
