import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { GpsRecordRow, isRealDate, utcWindow, VIEWS_COLUMNS, VIEWS_LISTS } from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';
import { GPS_FIELDS, GPS_FROM, GPS_WHERE } from './gps.repository';

/**
 * `/FilterGPSInformation`: the map's records as THE data table (paging, sort, search, filters,
 * export). A plain subquery, so PostgreSQL flattens it and the filters reach the dispense indexes.
 */
const col = (name: string) => sql.raw(`"g"."${name}"`);

/** `from`/`to` are store-local days, like everywhere in the views. */
const dayBound = (side: 'from' | 'to') =>
  filter.custom((v) => {
    if (v.length !== 1 || !isRealDate(v[0])) return { error: 'Use one date (YYYY-MM-DD)' };
    const { lo, hi } = utcWindow(v[0], v[0]);
    return side === 'from'
      ? sql`(${col('at')} >= ${lo}::timestamptz and ${col('day')} >= ${v[0]}::date)`
      : sql`(${col('at')} < ${hi}::timestamptz and ${col('day')} <= ${v[0]}::date)`;
  });

const spec: ListSpec = {
  from: sql`(select d.account_id, d.store_id as sid, d.equipment_id as eid, (d.dispensed_at at time zone st.timezone)::date as day, ${GPS_FIELDS}
    from ${GPS_FROM} where ${GPS_WHERE}) g`,
  fields: Object.fromEntries(Object.keys(GpsRecordRow.shape).map((k) => [k, col(k)])),
  scope: (actor) => sql`${col('account_id')} = ${actor.accountId}`,
  id: col('id'),
  search: [col('fleetNo'), col('registration'), col('storeCode'), col('storeName')],
  sort: {
    at: col('at'),
    litres: col('litres'),
    fleetNo: sql`lower(${col('fleetNo')})`,
    storeCode: sql`lower(${col('storeCode')})`,
  },
  defaultSort: VIEWS_LISTS.gpsRecords.defaultSort,
  filters: {
    from: dayBound('from'),
    to: dayBound('to'),
    storeId: filter.uuid(col('sid'), false),
    equipmentId: filter.uuid(col('eid'), false),
  } satisfies Record<(typeof VIEWS_LISTS.gpsRecords.filters)[number], unknown>,
};

type Raw = Omit<GpsRecordRow, 'at'> & { at: Date | string };

export function gpsRecordsEndpoint(db: DbOrTx): ListEndpoint<GpsRecordRow> {
  const info = VIEWS_LISTS.gpsRecords;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: GpsRecordRow,
    fileBase: 'gps-records',
    title: info.title,
    columns: VIEWS_COLUMNS.gpsRecords,
    ...specList<Raw, GpsRecordRow>(db, spec, (r) => ({ ...r, at: iso(r.at) })),
  };
}
