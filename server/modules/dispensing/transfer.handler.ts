import { satisfies } from '../../../src/contract/access';
import { TransferInput } from '../../../src/contract/dispensing';
import { transfers } from '../../db/schema';
import { booksAfterEach } from './batch-order';
import { insertRows } from './bulk.repository';
import { storedHashes, type ExceptionRow } from './field.repository';
import { RecordError, repoOf, type KindHandler } from './ingest.types';
import { stockAlarm } from './stock';

type Transfer = ReturnType<typeof TransferInput.parse>;
type Refs = { fromStoreId: string };

/** Tank to tank (both books move) or tank to bowser (the source loses the litres). */
export const transferHandler: KindHandler<Transfer, Refs> = {
  entity: 'transfer',
  schema: TransferInput,
  allowed: (roles) => satisfies(roles, 'allFamsUser'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, transfers, ids),
  async prepareAll(ctx, records) {
    const { tanks, employees } = await repoOf(ctx).references({
      tanks: records.flatMap((t) => (t.toTankId ? [t.fromTankId, t.toTankId] : [t.fromTankId])),
      employees: records.flatMap((t) => (t.employeeId ? [t.employeeId] : [])),
    });
    return records.map((t) => {
      const from = tanks.get(t.fromTankId);
      if (!from) return new RecordError(422, 'Unknown source tank.', { fromTankId: ['Unknown tank'] });
      if (t.toTankId && !tanks.has(t.toTankId))
        return new RecordError(422, 'Unknown destination tank.', { toTankId: ['Unknown tank'] });
      if (t.employeeId && !employees.has(t.employeeId))
        return new RecordError(422, 'Unknown employee.', { employeeId: ['Unknown employee'] });
      return { fromStoreId: from.storeId };
    });
  },
  async insertAll(ctx, items) {
    const rows = [...items]
      .sort((a, b) => (a.record.id < b.record.id ? -1 : 1))
      .map(({ record: t, hash }) => ({
        accountId: ctx.auth.accountId,
        id: t.id,
        payloadHash: hash,
        deviceId: t.deviceId,
        note: t.note,
        createdBy: ctx.auth.userId,
        fromTankId: t.fromTankId,
        toTankId: t.toTankId,
        toBowser: t.toBowser,
        litres: t.litres,
        transferredAt: new Date(t.transferredAt),
        employeeId: t.employeeId,
      }));
    return { inserted: await insertRows(ctx.tx, transfers, rows, { onConflictDoNothing: true }) };
  },
  async effectsAll(ctx, items) {
    const repo = repoOf(ctx);
    const moves = items.map(({ record: t }) => {
      const at = new Date(t.transferredAt);
      const out = { tankId: t.fromTankId, at, litres: -t.litres, kind: 'transfer_out' as const, refId: t.id };
      return t.toTankId
        ? [out, { tankId: t.toTankId, at, litres: t.litres, kind: 'transfer_in' as const, refId: t.id }]
        : [out];
    });
    // The movements and the books after them in one statement (it locks the tanks' stock rows).
    const from = (k: number) => items[k].record.fromTankId;
    const books = booksAfterEach(moves, (await repo.moveAndRaise(moves.flat(), [])).books, from);
    const alarms = items.map(({ record: t, refs }, k) =>
      stockAlarm(books[k], t.fromTankId, refs.fromStoreId, 'transfer', t.id),
    );
    await repo.raise(alarms.filter((a): a is ExceptionRow => a !== null));
    return alarms.map((a) => (a ? [a.code] : []));
  },
};
