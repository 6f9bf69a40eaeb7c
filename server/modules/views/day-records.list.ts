import { sql, type SQL } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import {
  DayRecordRow,
  isRealDate,
  RECORD_KINDS,
  utcWindow,
  VIEWS_COLUMNS,
  VIEWS_LISTS,
} from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/**
 * The records behind a calendar day (`/QuickCalendarView` drill-down): dispenses, receipts and
 * transfers as one list over a UNION ALL. Every branch has the same columns; PostgreSQL pushes the
 * account, the day's time window and the filters into each branch, so each uses its own indexes.
 * A transfer is one row at its source store's day; the store and tank filters also match its
 * destination, so a store sees what came in.
 */
const BRANCHES: SQL[] = [
  sql`select d.account_id, d.id, 'dispense'::text as kind, d.dispensed_at as at, (d.dispensed_at at time zone st.timezone)::date as day,
      d.store_id, null::uuid as to_store_id, d.tank_id, null::uuid as to_tank_id, d.product_id,
      st.code as store_code, st.name as store_name, st.timezone, t.code as tank_code, p.name as product_name, d.litres,
      e.fleet_no || coalesce(' · ' || e.registration, '') as detail, d.reversal_of is not null as reversal
    from dispenses d join stores st on st.account_id = d.account_id and st.id = d.store_id
      join tanks t on t.account_id = d.account_id and t.id = d.tank_id
      join products p on p.account_id = d.account_id and p.id = d.product_id
      join equipment e on e.account_id = d.account_id and e.id = d.equipment_id`,
  sql`select r.account_id, r.id, 'receipt'::text, r.received_on, (r.received_on at time zone st.timezone)::date,
      t.store_id, null::uuid, r.tank_id, null::uuid, t.product_id, st.code, st.name, st.timezone, t.code, p.name, r.litres,
      r.supplier || ' · ' || r.delivery_note, false
    from receipts r join tanks t on t.account_id = r.account_id and t.id = r.tank_id
      join stores st on st.account_id = t.account_id and st.id = t.store_id
      join products p on p.account_id = t.account_id and p.id = t.product_id`,
  sql`select x.account_id, x.id, 'transfer'::text, x.transferred_at, (x.transferred_at at time zone st.timezone)::date,
      ft.store_id, tt.store_id, x.from_tank_id, x.to_tank_id, ft.product_id, st.code, st.name, st.timezone, ft.code, p.name, x.litres,
      '→ ' || coalesce(ts.code || ' ' || tt.code, 'bowser ' || coalesce(x.to_bowser, '')), false
    from transfers x join tanks ft on ft.account_id = x.account_id and ft.id = x.from_tank_id
      join stores st on st.account_id = ft.account_id and st.id = ft.store_id
      join products p on p.account_id = ft.account_id and p.id = ft.product_id
      left join tanks tt on tt.account_id = x.account_id and tt.id = x.to_tank_id
      left join stores ts on ts.account_id = tt.account_id and ts.id = tt.store_id`,
];

const col = (name: string) => sql.raw(`"u"."${name}"`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One id, matching the record's own column or its destination's. */
const eitherSide = (own: string, dest: string) =>
  filter.custom((v) => {
    if (v.length !== 1 || !UUID.test(v[0])) return { error: 'Use one id' };
    return sql`(${col(own)} = ${v[0]}::uuid or ${col(dest)} = ${v[0]}::uuid)`;
  });

/** A store-local day: the UTC window first (index), then the exact day. */
const dayFilter = filter.custom((v) => {
  if (v.length !== 1 || !isRealDate(v[0])) return { error: 'Use one date (YYYY-MM-DD)' };
  const { lo, hi } = utcWindow(v[0], v[0]);
  return sql`(${col('at')} >= ${lo}::timestamptz and ${col('at')} < ${hi}::timestamptz and ${col('day')} = ${v[0]}::date)`;
});

const spec: ListSpec = {
  from: sql`(${sql.join(BRANCHES, sql` union all `)}) u`,
  fields: {
    id: col('id'),
    kind: col('kind'),
    at: col('at'),
    date: sql`to_char(${col('day')}, 'YYYY-MM-DD')`,
    timezone: col('timezone'),
    storeId: sql`${col('store_id')}::text`,
    storeCode: col('store_code'),
    storeName: col('store_name'),
    tankCode: col('tank_code'),
    productName: col('product_name'),
    litres: sql`${col('litres')}::float8`,
    detail: col('detail'),
    reversal: col('reversal'),
  },
  scope: (actor) => sql`${col('account_id')} = ${actor.accountId}`,
  id: col('id'),
  search: [col('detail'), col('store_code'), col('tank_code'), col('product_name')],
  sort: { at: col('at'), kind: col('kind'), litres: col('litres'), storeCode: col('store_code') },
  defaultSort: VIEWS_LISTS.dayRecords.defaultSort,
  filters: {
    date: dayFilter,
    storeId: eitherSide('store_id', 'to_store_id'),
    tankId: eitherSide('tank_id', 'to_tank_id'),
    productId: filter.uuid(col('product_id'), false),
    kind: filter.oneOf(col('kind'), RECORD_KINDS),
  } satisfies Record<(typeof VIEWS_LISTS.dayRecords.filters)[number], unknown>,
};

type Raw = Omit<DayRecordRow, 'at'> & { at: Date | string };

export function dayRecordsEndpoint(db: DbOrTx): ListEndpoint<DayRecordRow> {
  const info = VIEWS_LISTS.dayRecords;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: DayRecordRow,
    fileBase: 'day-records',
    title: info.title,
    columns: VIEWS_COLUMNS.dayRecords,
    ...specList<Raw, DayRecordRow>(db, spec, (r) => ({ ...r, at: iso(r.at) })),
  };
}
