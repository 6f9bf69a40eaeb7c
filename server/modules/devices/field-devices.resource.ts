import { sql } from 'drizzle-orm';
import {
  FIELD_DEVICE_KINDS,
  FIELD_DEVICES_LIST,
  FieldDeviceCreate,
  FieldDeviceRow,
  FieldDeviceUpdate,
  type FieldDevice,
} from '../../../src/contract/devices';
import { fieldDevices as d, stores } from '../../db/schema';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

const storeCode = sql<string | null>`(select ${stores.code} from ${stores} where ${stores.id} = ${d.storeId})`;

/**
 * `/OTRDevices` (admin): the account's field devices. The key, the contact state and retirement
 * are not input: key rotation, the device's own calls and the retire action write them.
 */
export const fieldDevicesResource = defineResource({
  info: FIELD_DEVICES_LIST,
  table: d,
  rules: screenRules('/OTRDevices'),
  schemas: { create: FieldDeviceCreate, update: FieldDeviceUpdate, row: FieldDeviceRow },
  extra: { storeCode },
  search: [d.name, d.serial],
  sort: { name: sql`lower(${d.name})`, kind: d.kind, serial: sql`lower(${d.serial})`, lastContactAt: d.lastContactAt },
  filters: {
    kind: filter.oneOf(d.kind, FIELD_DEVICE_KINDS),
    storeId: filter.uuid(d.storeId),
    retired: filter.custom((v) =>
      v.length === 1 && (v[0] === 'true' || v[0] === 'false')
        ? v[0] === 'true'
          ? sql`${d.retiredAt} is not null`
          : sql`${d.retiredAt} is null`
        : { error: 'retired is true or false' },
    ),
  },
  label: sql`${d.name}`,
  unique: { field_devices_serial_uq: { field: 'serial', message: 'Another device already has this serial number' } },
  references: [{ field: 'storeId', target: stores, label: 'store', constraint: 'field_devices_store_fk' }],
  toRow: (r): FieldDevice => ({
    ...metaOf(r),
    kind: r.kind,
    serial: r.serial,
    name: r.name,
    storeId: r.storeId,
    storeCode: r.storeCode,
    keyHint: r.keyHint,
    keyRotatedAt: iso(r.keyRotatedAt),
    appVersion: r.appVersion,
    lastContactAt: iso(r.lastContactAt),
    lastLatitude: r.lastLatitude,
    lastLongitude: r.lastLongitude,
    lastPositionAt: iso(r.lastPositionAt),
    retiredAt: iso(r.retiredAt),
  }),
  toValues: (i) => ({ kind: i.kind, serial: i.serial, name: i.name, storeId: i.storeId }),
});
