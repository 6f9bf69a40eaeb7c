import { sql, type SQL } from 'drizzle-orm';
import type { DatasetId } from '../../../src/contract/datasets';
import type { ReportFilter } from '../../../src/contract/report-keys';
import { localDay } from '../../lib/local-day';

/**
 * Each dataset of `src/contract/datasets.ts` as SQL (ADR 041): its rows joined to the names BI
 * tools want (codes and names, not ids), the record's instant `at`, its store's zone `tz`, and one
 * expression per declared field. The feed and custom reports build their statements from these
 * pieces only; a field key that is not here cannot reach SQL.
 */
export interface DatasetSql {
  /** `from … join …` with the record as `r`; `r.account_id` is the tenant. */
  from: SQL;
  at: SQL;
  tz: SQL;
  /** The store the record belongs to (filters). */
  storeId: SQL;
  /** The id column of each run-time filter the dataset declares (`DATASETS[…].filters`). */
  ids: Partial<Record<ReportFilter, SQL>>;
  fields: Record<string, SQL>;
}

const joinsOfTank = sql`
  join tanks t on t.account_id = r.account_id and t.id = r.tank_id
  join stores s on s.account_id = t.account_id and s.id = t.store_id
  left join products p on p.account_id = t.account_id and p.id = t.product_id`;

const common = (at: SQL, tz: SQL) => ({
  id: sql`r.id::text`,
  at: sql`${at}`,
  day: sql`${localDay(at, tz)}::text`,
  store: sql`s.code`,
  storeName: sql`s.name`,
});
const productFields = { product: sql`p.code`, productName: sql`p.name` };

const dispenses: DatasetSql = {
  from: sql`dispenses r
    join stores s on s.account_id = r.account_id and s.id = r.store_id
    join tanks t on t.account_id = r.account_id and t.id = r.tank_id
    left join products p on p.account_id = r.account_id and p.id = r.product_id
    join equipment e on e.account_id = r.account_id and e.id = r.equipment_id
    left join equipment_types et on et.account_id = e.account_id and et.id = e.type_id
    left join cost_centres cc on cc.account_id = r.account_id and cc.id = r.cost_centre_id
    left join employees em on em.account_id = r.account_id and em.id = r.employee_id`,
  at: sql`r.dispensed_at`,
  tz: sql`s.timezone`,
  storeId: sql`r.store_id`,
  ids: {
    storeId: sql`r.store_id`,
    productId: sql`r.product_id`,
    tankId: sql`r.tank_id`,
    equipmentId: sql`r.equipment_id`,
    costCentreId: sql`r.cost_centre_id`,
    employeeId: sql`r.employee_id`,
  },
  fields: {
    ...common(sql`r.dispensed_at`, sql`s.timezone`),
    ...productFields,
    tank: sql`t.code`,
    fleetNo: sql`e.fleet_no`,
    equipment: sql`e.description`,
    equipmentType: sql`et.code`,
    costCentre: sql`cc.code`,
    costCentreName: sql`cc.name`,
    employeeNumber: sql`em.number`,
    employee: sql`em.name`,
    litres: sql`r.litres::float8`,
    meter: sql`r.meter::float8`,
    meterType: sql`r.meter_type`,
    variant: sql`r.variant`,
    reversal: sql`(r.reversal_of is not null)`,
  },
};

const receipts: DatasetSql = {
  from: sql`receipts r ${joinsOfTank}`,
  at: sql`r.received_on`,
  tz: sql`s.timezone`,
  storeId: sql`t.store_id`,
  ids: { storeId: sql`t.store_id`, productId: sql`t.product_id`, tankId: sql`r.tank_id` },
  fields: {
    ...common(sql`r.received_on`, sql`s.timezone`),
    ...productFields,
    tank: sql`t.code`,
    supplier: sql`r.supplier`,
    deliveryNote: sql`r.delivery_note`,
    litres: sql`r.litres::float8`,
    temperatureC: sql`r.temperature_c::float8`,
  },
};

const transfers: DatasetSql = {
  from: sql`transfers r
    join tanks t on t.account_id = r.account_id and t.id = r.from_tank_id
    join stores s on s.account_id = t.account_id and s.id = t.store_id
    left join products p on p.account_id = t.account_id and p.id = t.product_id
    left join tanks tt on tt.account_id = r.account_id and tt.id = r.to_tank_id
    left join stores ts on ts.account_id = tt.account_id and ts.id = tt.store_id
    left join employees em on em.account_id = r.account_id and em.id = r.employee_id`,
  at: sql`r.transferred_at`,
  tz: sql`s.timezone`,
  storeId: sql`t.store_id`,
  ids: {
    storeId: sql`t.store_id`,
    productId: sql`t.product_id`,
    tankId: sql`r.from_tank_id`,
    employeeId: sql`r.employee_id`,
  },
  fields: {
    ...common(sql`r.transferred_at`, sql`s.timezone`),
    ...productFields,
    fromTank: sql`t.code`,
    toStore: sql`ts.code`,
    toTank: sql`coalesce(tt.code, r.to_bowser)`,
    employee: sql`em.name`,
    litres: sql`r.litres::float8`,
  },
};

const readings: DatasetSql = {
  from: sql`tank_readings r ${joinsOfTank}`,
  at: sql`r.read_at`,
  tz: sql`s.timezone`,
  storeId: sql`t.store_id`,
  ids: { storeId: sql`t.store_id`, productId: sql`t.product_id`, tankId: sql`r.tank_id` },
  fields: {
    ...common(sql`r.read_at`, sql`s.timezone`),
    ...productFields,
    tank: sql`t.code`,
    source: sql`r.source`,
    grossLitres: sql`r.gross_litres::float8`,
    netLitres15: sql`r.net_litres_15::float8`,
    waterLitres: sql`r.water_litres::float8`,
    productHeightMm: sql`r.product_height_mm::float8`,
    temperatureC: sql`r.temperature_c::float8`,
  },
};

/** An exception without a store counts on the account's zone (its first live store's, as the reports'). */
export const accountZoneOf = (account: SQL) =>
  sql`(select z.timezone from stores z where z.account_id = ${account} and z.deleted_at is null order by z.code limit 1)`;
const exceptionsTz = sql`coalesce(s.timezone, ${accountZoneOf(sql`r.account_id`)}, 'UTC')`;
const exceptions: DatasetSql = {
  from: sql`exceptions r
    left join stores s on s.account_id = r.account_id and s.id = r.store_id
    left join tanks t on t.account_id = r.account_id and t.id = r.tank_id
    left join equipment e on e.account_id = r.account_id and e.id = r.equipment_id`,
  at: sql`r.raised_at`,
  tz: exceptionsTz,
  storeId: sql`r.store_id`,
  ids: { storeId: sql`r.store_id`, tankId: sql`r.tank_id`, equipmentId: sql`r.equipment_id` },
  fields: {
    ...common(sql`r.raised_at`, exceptionsTz),
    tank: sql`t.code`,
    fleetNo: sql`e.fleet_no`,
    type: sql`r.code`,
    severity: sql`r.severity`,
    status: sql`r.status`,
    message: sql`r.message`,
    resolvedAt: sql`r.resolved_at`,
    resolutionReason: sql`r.resolution_reason`,
  },
};

export const DATASET_SQL: Readonly<Record<DatasetId, DatasetSql>> = {
  dispenses,
  receipts,
  transfers,
  readings,
  exceptions,
};
