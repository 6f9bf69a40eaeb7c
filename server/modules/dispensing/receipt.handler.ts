import { satisfies } from '../../../src/contract/access';
import { ReceiptInput } from '../../../src/contract/dispensing';
import { receipts } from '../../db/schema';
import { insertRows } from './bulk.repository';
import { storedHashes } from './field.repository';
import { RecordError, repoOf, type KindHandler } from './ingest.types';

type Receipt = ReturnType<typeof ReceiptInput.parse>;

/** A delivery captured by hand: the tank gains the litres. */
export const receiptHandler: KindHandler<Receipt, null> = {
  entity: 'receipt',
  schema: ReceiptInput,
  allowed: (roles) => satisfies(roles, 'editor'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, receipts, ids),
  async prepareAll(ctx, records) {
    const { tanks } = await repoOf(ctx).references({ tanks: records.map((r) => r.tankId) });
    return records.map((r) =>
      tanks.has(r.tankId) ? null : new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] }),
    );
  },
  async insertAll(ctx, items) {
    const rows = [...items]
      .sort((a, b) => (a.record.id < b.record.id ? -1 : 1))
      .map(({ record: r, hash }) => ({
        accountId: ctx.auth.accountId,
        id: r.id,
        payloadHash: hash,
        deviceId: r.deviceId,
        note: r.note,
        createdBy: ctx.auth.userId,
        tankId: r.tankId,
        supplier: r.supplier,
        deliveryNote: r.deliveryNote,
        litres: r.litres,
        dipBeforeMm: r.dipBeforeMm,
        dipAfterMm: r.dipAfterMm,
        temperatureC: r.temperatureC,
        receivedOn: new Date(r.receivedAt),
      }));
    return { inserted: await insertRows(ctx.tx, receipts, rows, { onConflictDoNothing: true }) };
  },
  async effectsAll(ctx, items) {
    await repoOf(ctx).moveMany(
      items.map(({ record: r }) => ({
        tankId: r.tankId,
        at: new Date(r.receivedAt),
        litres: r.litres,
        kind: 'receipt' as const,
        refId: r.id,
      })),
    );
    return items.map(() => []);
  },
  webhook: {
    event: 'delivery.received',
    data: ({ record: r }) => ({
      id: r.id,
      tankId: r.tankId,
      supplier: r.supplier,
      deliveryNote: r.deliveryNote,
      litres: r.litres,
      receivedAt: r.receivedAt,
      dipBeforeMm: r.dipBeforeMm,
      dipAfterMm: r.dipAfterMm,
      temperatureC: r.temperatureC,
      deviceId: r.deviceId,
    }),
  },
};
