import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dispenses } from '../../db/schema';

export type StoredDispense = typeof dispenses.$inferSelect;

/** The writes of a correction that are not the ingest's (which stores the replacement). */
export function correctionRepository(tx: Tx, accountId: number) {
  return {
    /** The dispense, locked for the rest of the transaction (two corrections of it queue up). */
    async lockDispense(id: string): Promise<StoredDispense | undefined> {
      const [row] = await tx
        .select()
        .from(dispenses)
        .where(and(eq(dispenses.accountId, accountId), eq(dispenses.id, id)))
        .for('update');
      return row;
    },
    async exists(id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: dispenses.id })
        .from(dispenses)
        .where(and(eq(dispenses.accountId, accountId), eq(dispenses.id, id)));
      return !!row;
    },
    /**
     * The reversal: the original's facts with the litres negated, at the original's time (so every
     * period total nets to zero). Its id is derived from the original's, so a second reversal
     * collides on the primary key and inserts nothing (false).
     */
    async insertReversal(
      original: StoredDispense,
      reversalId: string,
      userId: number,
      reason: string,
    ): Promise<boolean> {
      const rows = await tx
        .insert(dispenses)
        .values({
          ...original,
          id: reversalId,
          payloadHash: `reversal:${original.id}`,
          note: reason,
          receivedAt: sql`now()` as unknown as Date,
          createdBy: userId,
          litres: -Number(original.litres),
          acceptedWarnings: [],
          reversalOf: original.id,
        })
        .onConflictDoNothing()
        .returning({ id: dispenses.id });
      return rows.length === 1;
    },
  };
}
