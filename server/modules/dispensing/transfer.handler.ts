import { and, eq } from 'drizzle-orm';
import { satisfies } from '../../../src/contract/access';
import { TransferInput } from '../../../src/contract/dispensing';
import { transfers } from '../../db/schema';
import { storedHashes } from './field.repository';
import { RecordError, repoOf, type KindHandler } from './ingest.types';
import { raiseStockAlarm } from './stock';

type Transfer = ReturnType<typeof TransferInput.parse>;
type Refs = { fromStoreId: string };

/** Tank to tank (both books move) or tank to bowser (the source loses the litres). */
export const transferHandler: KindHandler<Transfer, Refs> = {
  entity: 'transfer',
  schema: TransferInput,
  allowed: (roles) => satisfies(roles, 'allFamsUser'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, transfers, ids),
  async storedHash(ctx, id) {
    const [row] = await ctx.tx.select({ h: transfers.payloadHash }).from(transfers)
      .where(and(eq(transfers.accountId, ctx.auth.accountId), eq(transfers.id, id)));
    return row?.h;
  },
  async prepare(ctx, t) {
    const repo = repoOf(ctx);
    const from = await repo.tank(t.fromTankId);
    if (!from) throw new RecordError(422, 'Unknown source tank.', { fromTankId: ['Unknown tank'] });
    if (t.toTankId && !(await repo.tank(t.toTankId))) throw new RecordError(422, 'Unknown destination tank.', { toTankId: ['Unknown tank'] });
    if (t.employeeId && !(await repo.exists('employees', t.employeeId))) throw new RecordError(422, 'Unknown employee.', { employeeId: ['Unknown employee'] });
    return { fromStoreId: from.storeId };
  },
  async insert(ctx, t, _refs, payloadHash) {
    const rows = await ctx.tx.insert(transfers).values({
      accountId: ctx.auth.accountId, id: t.id, payloadHash, deviceId: t.deviceId, note: t.note, createdBy: ctx.auth.userId,
      fromTankId: t.fromTankId, toTankId: t.toTankId, toBowser: t.toBowser, litres: t.litres,
      transferredAt: new Date(t.transferredAt), employeeId: t.employeeId,
    }).onConflictDoNothing().returning({ id: transfers.id });
    return rows.length === 1;
  },
  async effects(ctx, t, refs) {
    const repo = repoOf(ctx);
    const at = new Date(t.transferredAt);
    await repo.move(t.fromTankId, at, -t.litres, 'transfer_out', t.id);
    if (t.toTankId) await repo.move(t.toTankId, at, t.litres, 'transfer_in', t.id);
    return raiseStockAlarm(repo, t.fromTankId, refs.fromStoreId, 'transfer', t.id);
  },
};
