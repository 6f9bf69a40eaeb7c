import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  allocations, costCentres, dispenses, employees, equipment, equipmentTypes, exceptions, f24Rules, products, stockMovements, stores, tankStock, tanks,
} from '../../db/schema';

export type StockKind = (typeof stockMovements.$inferInsert)['kind'];

/** Reads and writes of the field-record ingest; the only place here that touches Drizzle. */
export function fieldRepository(db: DbOrTx, accountId: number) {
  const mine = (t: { accountId: AnyPgColumn }) => eq(t.accountId, accountId);
  return {
    async tank(id: string) {
      const [row] = await db.select({
        id: tanks.id, storeId: tanks.storeId, productId: tanks.productId, deletedAt: tanks.deletedAt, timezone: stores.timezone,
      }).from(tanks).innerJoin(stores, and(eq(stores.accountId, tanks.accountId), eq(stores.id, tanks.storeId)))
        .where(and(mine(tanks), eq(tanks.id, id)));
      return row;
    },
    async equipment(id: string) {
      const [row] = await db.select({
        id: equipment.id, costCentreId: equipment.costCentreId, currentMeter: equipment.currentMeter,
        meterType: sql<'km' | 'hours' | null>`coalesce(${equipment.meterType}, ${equipmentTypes.meterType})`,
        capacity: sql<string | null>`coalesce(${equipment.tankCapacity}, ${equipmentTypes.tankCapacity})`,
      }).from(equipment)
        .leftJoin(equipmentTypes, and(eq(equipmentTypes.accountId, equipment.accountId), eq(equipmentTypes.id, equipment.typeId)))
        .where(and(mine(equipment), eq(equipment.id, id)));
      return row && { ...row, capacity: row.capacity === null ? null : Number(row.capacity) };
    },
    async exists(table: 'employees' | 'costCentres' | 'products', id: string) {
      const t = { employees, costCentres, products }[table];
      const [row] = await db.select({ id: t.id }).from(t).where(and(eq(t.accountId, accountId), eq(t.id, id)));
      return !!row;
    },
    /** Highest meter and last fill of the equipment before `at` (records may arrive out of order). */
    async previousFill(equipmentId: string, at: Date, excludeId: string) {
      const [row] = await db.select({ meter: sql<string | null>`max(${dispenses.meter})`, lastAt: sql<Date | null>`max(${dispenses.dispensedAt})` })
        .from(dispenses)
        .where(and(mine(dispenses), eq(dispenses.equipmentId, equipmentId), lt(dispenses.dispensedAt, at),
          isNull(dispenses.reversalOf), sql`${dispenses.id} <> ${excludeId}`));
      return { meter: row?.meter === null || row?.meter === undefined ? null : Number(row.meter), lastAt: row?.lastAt ? new Date(row.lastAt) : null };
    },
    async allocationsFor(productId: string) {
      return db.select().from(allocations).where(and(mine(allocations), eq(allocations.productId, productId), isNull(allocations.deletedAt)));
    },
    /**
     * Litres drawn by a subject on the day and in the month of `at` (store-local), excluding one
     * record. The bounds are computed once so the (subject, time) indexes serve the range.
     */
    async usage(subject: { equipmentId?: string | null; employeeId?: string | null; costCentreId?: string | null }, productId: string, at: Date, tz: string, excludeId: string) {
      const who = subject.equipmentId ? eq(dispenses.equipmentId, subject.equipmentId)
        : subject.employeeId ? eq(dispenses.employeeId, subject.employeeId) : eq(dispenses.costCentreId, subject.costCentreId!);
      const atSql = sql`${at.toISOString()}::timestamptz`;
      const start = (unit: 'day' | 'month') => sql`(date_trunc(${unit}, ${atSql} at time zone ${tz}) at time zone ${tz})`;
      const end = (unit: 'day' | 'month') => sql`((date_trunc(${unit}, ${atSql} at time zone ${tz}) + ${`1 ${unit}`}::interval) at time zone ${tz})`;
      const [row] = await db.select({
        day: sql<string>`coalesce(sum(${dispenses.litres}) filter (where ${dispenses.dispensedAt} >= ${start('day')} and ${dispenses.dispensedAt} < ${end('day')}), 0)`,
        month: sql<string>`coalesce(sum(${dispenses.litres}), 0)`,
      }).from(dispenses).where(and(mine(dispenses), who, eq(dispenses.productId, productId), sql`${dispenses.id} <> ${excludeId}`,
        sql`${dispenses.dispensedAt} >= ${start('month')} and ${dispenses.dispensedAt} < ${end('month')}`));
      return { day: Number(row.day), month: Number(row.month) };
    },
    /** The FAMS24 rule for a store, else the account default. */
    async f24Rule(storeId: string) {
      const [row] = await db.select().from(f24Rules)
        .where(and(mine(f24Rules), isNull(f24Rules.deletedAt), or(eq(f24Rules.storeId, storeId), isNull(f24Rules.storeId))))
        .orderBy(sql`${f24Rules.storeId} is null`).limit(1);
      return row;
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
