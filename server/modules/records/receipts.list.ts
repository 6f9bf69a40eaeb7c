import { sql } from 'drizzle-orm';
import {
  RECEIPT_SOURCES,
  RECORD_LISTS,
  SYSTEM_DEVICE_PREFIXES,
  SYSTEM_USER_ID,
  type ReceiptRecordRow,
} from '../../../src/contract/records';
import { receipts as r } from '../../db/schema';
import { filter, iso, type ListSpec } from '../../lib/resource';
import { localDay, names, num, qualified, tankIn } from './records.sql';

/**
 * `/FiltersReceived` and, with `f.source=manual`, `/FiltersReceivedMan`. A receipt is "system"
 * when the system user wrote it or its device id starts with a reserved `<source>:` prefix;
 * else a person captured it on a device (`isSystemReceipt`, ADR 014).
 */
const systemPattern = `^(${SYSTEM_DEVICE_PREFIXES.join('|')}):`;
const isSystem = sql`(${r.createdBy} = ${SYSTEM_USER_ID} or ${r.deviceId} ~ ${systemPattern})`;
const storeId = names.tankStore(r.accountId, r.tankId);

export const receiptSpec: ListSpec = {
  from: r,
  fields: qualified({
    id: r.id,
    receivedOn: r.receivedOn,
    storeId,
    storeCode: names.store(r.accountId, storeId),
    storeName: names.storeName(r.accountId, storeId),
    tankId: r.tankId,
    tankCode: names.tank(r.accountId, r.tankId),
    tankName: names.tankName(r.accountId, r.tankId),
    productId: names.tankProduct(r.accountId, r.tankId),
    productCode: names.product(r.accountId, names.tankProduct(r.accountId, r.tankId)),
    productName: names.productName(r.accountId, names.tankProduct(r.accountId, r.tankId)),
    supplier: r.supplier,
    deliveryNote: r.deliveryNote,
    litres: r.litres,
    dipBeforeMm: r.dipBeforeMm,
    dipAfterMm: r.dipAfterMm,
    temperatureC: r.temperatureC,
    source: sql<string>`case when ${isSystem} then 'system' else 'manual' end`,
    deviceId: r.deviceId,
    receivedAt: r.receivedAt,
    note: r.note,
    createdByName: names.user(r.createdBy),
  }),
  scope: (actor) => sql`${r.accountId} = ${actor.accountId}`,
  id: r.id,
  search: [r.supplier, r.deliveryNote, r.deviceId, r.note],
  sort: {
    receivedOn: r.receivedOn,
    litres: r.litres,
    supplier: sql`lower(${r.supplier})`,
    deliveryNote: sql`lower(${r.deliveryNote})`,
    receivedAt: r.receivedAt,
  },
  defaultSort: RECORD_LISTS.receipts.defaultSort,
  filters: {
    from: localDay.from(r.receivedOn, names.tankZone(r.accountId, r.tankId)),
    to: localDay.to(r.receivedOn, names.tankZone(r.accountId, r.tankId)),
    storeId: tankIn(r.tankId, 'store_id'),
    tankId: filter.uuid(r.tankId, false),
    productId: tankIn(r.tankId, 'product_id'),
    supplier: filter.text(r.supplier),
    source: filter.custom((v) => {
      if (v.length !== 1 || !(RECEIPT_SOURCES as readonly string[]).includes(v[0]))
        return { error: `Use one of ${RECEIPT_SOURCES.join(', ')}` };
      return v[0] === 'system' ? isSystem : sql`not ${isSystem}`;
    }),
  } satisfies Record<(typeof RECORD_LISTS.receipts.filters)[number], unknown>,
};

export type ReceiptRaw = Omit<ReceiptRecordRow, 'receivedOn' | 'receivedAt' | 'litres'> & {
  receivedOn: Date | string;
  receivedAt: Date | string;
  litres: number | string;
};

export const receiptRow = (x: ReceiptRaw): ReceiptRecordRow => ({
  ...x,
  receivedOn: iso(x.receivedOn),
  receivedAt: iso(x.receivedAt),
  litres: Number(x.litres),
  dipBeforeMm: num(x.dipBeforeMm),
  dipAfterMm: num(x.dipAfterMm),
  temperatureC: num(x.temperatureC),
});
