import { sql } from 'drizzle-orm';
import { DISPENSE_STATUSES, RECORD_LISTS, type DispenseRecordRow } from '../../../src/contract/records';
import { dispenses as d, equipment, exceptions } from '../../db/schema';
import { filter, iso, refMatches, type ListSpec } from '../../lib/resource';
import { dispenseDaysTotals } from './dispense-days.sql';
import { isReversedSql, localDay, names, num, qualified } from './records.sql';

/**
 * `/FiltersDispensing`: every dispense of the account, reversals included (they carry negative
 * litres, so sums over any filter are net). Sorts are on the table's own columns only, so the
 * (account, time) index serves page 1 however many rows there are.
 */
const zone = names.storeZone(d.accountId, d.storeId);
const reversed = isReversedSql(d);
const status = sql<
  DispenseRecordRow['status']
>`case when ${d.reversalOf} is not null then 'reversal' when ${reversed} then 'reversed' else 'active' end`;
const fleetNo = names.equipment(d.accountId, d.equipmentId);
const hasException = sql`exists (select 1 from ${exceptions} x where x.account_id = ${d.accountId} and x.entity_id = ${d.id})`;
/**
 * Dispenses that have been reversed: a semi-join on (account, id) that runs once (not per row),
 * for the status filter over many rows. The account is part of the key because ids are only
 * unique within an account.
 */
const reversedKeys = sql`(select r.account_id, r.reversal_of from ${d} r where r.reversal_of is not null)`;

export const dispenseSpec: ListSpec = {
  from: d,
  fields: qualified({
    id: d.id,
    dispensedAt: d.dispensedAt,
    variant: d.variant,
    storeId: d.storeId,
    storeCode: names.store(d.accountId, d.storeId),
    storeName: names.storeName(d.accountId, d.storeId),
    tankId: d.tankId,
    tankCode: names.tank(d.accountId, d.tankId),
    tankName: names.tankName(d.accountId, d.tankId),
    productId: d.productId,
    productCode: names.product(d.accountId, d.productId),
    productName: names.productName(d.accountId, d.productId),
    equipmentId: d.equipmentId,
    fleetNo,
    employeeId: d.employeeId,
    employeeName: names.employee(d.accountId, d.employeeId),
    costCentreId: d.costCentreId,
    costCentreCode: names.costCentre(d.accountId, d.costCentreId),
    costCentreName: names.costCentreName(d.accountId, d.costCentreId),
    litres: d.litres,
    meter: d.meter,
    meterType: d.meterType,
    gpsLat: d.gpsLat,
    gpsLng: d.gpsLng,
    gpsAccuracyM: d.gpsAccuracyM,
    deviceId: d.deviceId,
    receivedAt: d.receivedAt,
    note: d.note,
    createdByName: names.user(d.createdBy),
    status,
    reversalOf: d.reversalOf,
    exceptionCodes: sql<
      string[]
    >`array(select x.code from ${exceptions} x where x.account_id = ${d.accountId} and x.entity_id = ${d.id} order by x.code)`,
  }),
  scope: (actor) => sql`${d.accountId} = ${actor.accountId}`,
  id: d.id,
  // Fleet no. and registration through the equipment ids; device and note by their trigram indexes.
  search: [refMatches(d.equipmentId, equipment, [equipment.fleetNo, equipment.registration]), d.deviceId, d.note],
  sort: { dispensedAt: d.dispensedAt, litres: d.litres, meter: d.meter, receivedAt: d.receivedAt },
  defaultSort: RECORD_LISTS.dispenses.defaultSort,
  summary: dispenseDaysTotals,
  filters: {
    from: localDay.from(d.dispensedAt, zone),
    to: localDay.to(d.dispensedAt, zone),
    storeId: filter.uuid(d.storeId, false),
    tankId: filter.uuid(d.tankId, false),
    productId: filter.uuid(d.productId, false),
    equipmentId: filter.uuid(d.equipmentId, false),
    employeeId: filter.uuid(d.employeeId),
    costCentreId: filter.uuid(d.costCentreId),
    variant: filter.oneOf(d.variant, ['FAMS', 'FAMS24']),
    hasException: filter.bool(hasException),
    hasGps: filter.bool(sql`(${d.gpsLat} is not null)`),
    status: filter.custom((v) => {
      const bad = v.find((x) => !(DISPENSE_STATUSES as readonly string[]).includes(x));
      if (bad !== undefined) return { error: `"${bad}" is not one of ${DISPENSE_STATUSES.join(', ')}` };
      const parts = v.map((s) =>
        s === 'reversal'
          ? sql`${d.reversalOf} is not null`
          : s === 'reversed'
            ? sql`(${d.accountId}, ${d.id}) in ${reversedKeys}`
            : sql`(${d.reversalOf} is null and (${d.accountId}, ${d.id}) not in ${reversedKeys})`,
      );
      return sql`(${sql.join(parts, sql` or `)})`;
    }),
  } satisfies Record<(typeof RECORD_LISTS.dispenses.filters)[number], unknown>,
};

export type DispenseRaw = Omit<
  DispenseRecordRow,
  'dispensedAt' | 'receivedAt' | 'hasGps' | 'gps' | 'litres' | 'meter'
> & {
  dispensedAt: Date | string;
  receivedAt: Date | string;
  litres: number | string;
  meter: number | string | null;
  gpsLat: number | null;
  gpsLng: number | null;
  gpsAccuracyM: number | null;
};

export function dispenseRow(r: DispenseRaw): DispenseRecordRow {
  const { gpsLat, gpsLng, gpsAccuracyM, ...rest } = r;
  return {
    ...rest,
    dispensedAt: iso(r.dispensedAt),
    receivedAt: iso(r.receivedAt),
    litres: Number(r.litres),
    meter: num(r.meter),
    hasGps: gpsLat !== null && gpsLng !== null,
    gps: gpsLat !== null && gpsLng !== null ? { lat: gpsLat, lng: gpsLng, accuracyM: gpsAccuracyM } : null,
    exceptionCodes: r.exceptionCodes ?? [],
  };
}
