import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exceptions, gaugeDeliveries, receipts, tanks } from '../../db/schema';

export type GaugeDeliveryInsert = Omit<typeof gaugeDeliveries.$inferInsert, 'accountId'>;

/** Gauge-seen deliveries and their receipts; the only place of it that touches Drizzle. */
export function deliveriesRepository(db: DbOrTx, accountId: number) {
  const mine = eq(gaugeDeliveries.accountId, accountId);
  return {
    /**
     * Stores what the console reported; a delivery already stored (same tank and start) is skipped.
     * Answers the deliveries stored now.
     */
    async insert(rows: GaugeDeliveryInsert[]) {
      if (!rows.length) return [];
      return db
        .insert(gaugeDeliveries)
        .values(rows.map((r) => ({ ...r, accountId })))
        .onConflictDoNothing()
        .returning({
          id: gaugeDeliveries.id,
          tankId: gaugeDeliveries.tankId,
          gaugeDeviceId: gaugeDeliveries.gaugeDeviceId,
          startedAt: gaugeDeliveries.startedAt,
          endedAt: gaugeDeliveries.endedAt,
          startLitres: gaugeDeliveries.startLitres,
          endLitres: gaugeDeliveries.endLitres,
          litres: gaugeDeliveries.litres,
          netLitres15: gaugeDeliveries.netLitres15,
        });
    },

    /** Deliveries of these tanks not yet matched or given up on, oldest first. */
    async unsettled(tankIds: string[]) {
      if (!tankIds.length) return [];
      return db
        .select({
          id: gaugeDeliveries.id,
          tankId: gaugeDeliveries.tankId,
          startedAt: gaugeDeliveries.startedAt,
          endedAt: gaugeDeliveries.endedAt,
          litres: gaugeDeliveries.litres,
          storeId: tanks.storeId,
          tankCode: tanks.code,
          gaugeDeviceId: gaugeDeliveries.gaugeDeviceId,
        })
        .from(gaugeDeliveries)
        .innerJoin(tanks, and(eq(tanks.accountId, gaugeDeliveries.accountId), eq(tanks.id, gaugeDeliveries.tankId)))
        .where(and(mine, isNull(gaugeDeliveries.settledAt), inArray(gaugeDeliveries.tankId, tankIds)))
        .orderBy(asc(gaugeDeliveries.endedAt))
        .limit(500);
    },

    /**
     * The receipt on the same tank, recorded within `windowMs` of the delivery, whose litres are
     * closest to it and within the tolerance, and not already matched to another gauge delivery.
     */
    async matchingReceipt(
      d: { tankId: string; startedAt: Date; endedAt: Date; litres: number },
      windowMs: number,
      tolerance: number,
    ): Promise<string | undefined> {
      const from = new Date(d.startedAt.getTime() - windowMs);
      const to = new Date(d.endedAt.getTime() + windowMs);
      const [row] = await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(
          and(
            eq(receipts.accountId, accountId),
            eq(receipts.tankId, d.tankId),
            sql`${receipts.receivedOn} between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz`,
            sql`abs(${receipts.litres} - ${d.litres}) <= ${tolerance}`,
            sql`not exists (select 1 from ${gaugeDeliveries} g where g.account_id = ${accountId} and g.matched_receipt_id = ${receipts.id})`,
          ),
        )
        .orderBy(
          sql`abs(${receipts.litres} - ${d.litres})`,
          sql`abs(extract(epoch from ${receipts.receivedOn} - ${d.endedAt.toISOString()}::timestamptz))`,
        )
        .limit(1);
      return row?.id;
    },

    async settle(id: string, receiptId: string | null, at: Date) {
      await db
        .update(gaugeDeliveries)
        .set({ matchedReceiptId: receiptId, settledAt: at })
        .where(and(mine, eq(gaugeDeliveries.id, id)));
    },

    async raise(row: Omit<typeof exceptions.$inferInsert, 'accountId'>) {
      await db
        .insert(exceptions)
        .values({ ...row, accountId })
        .onConflictDoNothing();
    },
  };
}
