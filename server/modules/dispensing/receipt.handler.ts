import { and, eq } from 'drizzle-orm';
import { satisfies } from '../../../src/contract/access';
import { ReceiptInput } from '../../../src/contract/dispensing';
import { receipts } from '../../db/schema';
import { storedHashes } from './field.repository';
import { RecordError, repoOf, type KindHandler } from './ingest.types';

type Receipt = ReturnType<typeof ReceiptInput.parse>;

/** A delivery captured by hand: the tank gains the litres. */
export const receiptHandler: KindHandler<Receipt, null> = {
  entity: 'receipt',
  schema: ReceiptInput,
  allowed: (roles) => satisfies(roles, 'editor'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, receipts, ids),
  async storedHash(ctx, id) {
    const [row] = await ctx.tx.select({ h: receipts.payloadHash }).from(receipts)
      .where(and(eq(receipts.accountId, ctx.auth.accountId), eq(receipts.id, id)));
    return row?.h;
  },
  async prepare(ctx, r) {
    if (!(await repoOf(ctx).tank(r.tankId))) throw new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] });
    return null;
  },
  async insert(ctx, r, _refs, payloadHash) {
    const rows = await ctx.tx.insert(receipts).values({
      accountId: ctx.auth.accountId, id: r.id, payloadHash, deviceId: r.deviceId, note: r.note, createdBy: ctx.auth.userId,
      tankId: r.tankId, supplier: r.supplier, deliveryNote: r.deliveryNote, litres: r.litres, dipBeforeMm: r.dipBeforeMm,
      dipAfterMm: r.dipAfterMm, temperatureC: r.temperatureC, receivedOn: new Date(r.receivedAt),
    }).onConflictDoNothing().returning({ id: receipts.id });
    return rows.length === 1;
  },
  async effects(ctx, r) {
    await repoOf(ctx).move(r.tankId, new Date(r.receivedAt), r.litres, 'receipt', r.id);
    return [];
  },
};
