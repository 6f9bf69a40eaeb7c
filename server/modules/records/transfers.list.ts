import { sql } from 'drizzle-orm';
import { RECORD_LISTS, TRANSFER_DESTINATIONS, type TransferRecordRow } from '../../../src/contract/records';
import { transfers as t } from '../../db/schema';
import { filter, iso, type ListSpec } from '../../lib/resource';
import { localDay, names, qualified, tankIn } from './records.sql';

/** `/FiltersTransfer`: tank-to-tank and tank-to-bowser transfers; the store is the source tank's. */
const storeId = names.tankStore(t.accountId, t.fromTankId);

export const transferSpec: ListSpec = {
  from: t,
  fields: qualified({
    id: t.id,
    transferredAt: t.transferredAt,
    storeId,
    storeCode: names.store(t.accountId, storeId),
    storeName: names.storeName(t.accountId, storeId),
    fromTankId: t.fromTankId,
    fromTankCode: names.tank(t.accountId, t.fromTankId),
    fromTankName: names.tankName(t.accountId, t.fromTankId),
    toTankId: t.toTankId,
    toTankCode: names.tank(t.accountId, t.toTankId),
    toTankName: names.tankName(t.accountId, t.toTankId),
    toBowser: t.toBowser,
    litres: t.litres,
    employeeId: t.employeeId,
    employeeName: names.employee(t.accountId, t.employeeId),
    deviceId: t.deviceId,
    receivedAt: t.receivedAt,
    note: t.note,
    createdByName: names.user(t.createdBy),
  }),
  scope: (actor) => sql`${t.accountId} = ${actor.accountId}`,
  id: t.id,
  search: [t.toBowser, t.deviceId, t.note],
  sort: { transferredAt: t.transferredAt, litres: t.litres, receivedAt: t.receivedAt },
  defaultSort: RECORD_LISTS.transfers.defaultSort,
  filters: {
    from: localDay.from(t.transferredAt, names.tankZone(t.accountId, t.fromTankId)),
    to: localDay.to(t.transferredAt, names.tankZone(t.accountId, t.fromTankId)),
    storeId: tankIn(t.fromTankId, 'store_id'),
    fromTankId: filter.uuid(t.fromTankId, false),
    toTankId: filter.uuid(t.toTankId),
    destination: filter.custom((v) => {
      if (v.length !== 1 || !(TRANSFER_DESTINATIONS as readonly string[]).includes(v[0]))
        return { error: `Use one of ${TRANSFER_DESTINATIONS.join(', ')}` };
      return v[0] === 'tank' ? sql`${t.toTankId} is not null` : sql`${t.toTankId} is null`;
    }),
    employeeId: filter.uuid(t.employeeId),
  } satisfies Record<(typeof RECORD_LISTS.transfers.filters)[number], unknown>,
};

export type TransferRaw = Omit<TransferRecordRow, 'transferredAt' | 'receivedAt' | 'litres'> & {
  transferredAt: Date | string;
  receivedAt: Date | string;
  litres: number | string;
};

export const transferRow = (x: TransferRaw): TransferRecordRow => ({
  ...x,
  transferredAt: iso(x.transferredAt),
  receivedAt: iso(x.receivedAt),
  litres: Number(x.litres),
});
