import { sql, type SQL } from 'drizzle-orm';
import type { AccountCardFields } from '../../../src/contract/account-card';
import type { ReportFilter, ReportId } from '../../../src/contract/reports';
import type { DbOrTx } from '../../db/client';
import { inLocalDays, localDay } from '../../lib/local-day';
import { pricesByDay } from '../../lib/price-in-force';
import { allocationUsage, consumption, exceptionsSummary } from './control-reports.sql';
import { deliveries, stockMovement, tankReconciliation } from './stock-reports.sql';

export interface ReportQuery {
  accountId: number;
  from: string;
  to: string;
  days: number;
  /** The day "N days ago" counts back from (the run's today in its zone). */
  today: string;
  /** The account's zone (rows without a store, such as some exceptions). */
  zone: string;
  filters: Partial<Record<ReportFilter, string>>;
}

/** `and d.<column> = <id>` for each filter the run set (dispense columns). */
function dispenseFilters(q: ReportQuery, alias = sql`d`): SQL {
  const cols: Record<ReportFilter, string> = {
    storeId: 'store_id',
    productId: 'product_id',
    tankId: 'tank_id',
    equipmentId: 'equipment_id',
    costCentreId: 'cost_centre_id',
    employeeId: 'employee_id',
  };
  const parts = Object.entries(q.filters)
    .filter(([, v]) => v)
    .map(([k, v]) => sql` and ${alias}.${sql.raw(cols[k as ReportFilter])} = ${v}::uuid`);
  return sql.join(parts, sql``);
}

/**
 * The dispenses of the run: account, store-local days (each store's own zone), filters. Reversals
 * are dispenses with negative litres (ADR 014), so sums are net of them. Cost is litres × the
 * price in force at the dispense's time (per store and date, ADR 035).
 */
const dispensesOfRun = (q: ReportQuery) => sql`
  select d.*, d.litres * coalesce(pr.price, 0) as cost
  from dispenses d
  join stores s on s.account_id = d.account_id and s.id = d.store_id
  left join (${pricesByDay(q.accountId, q.from, q.to)}) pr
    on pr.store_id = d.store_id and pr.product_id = d.product_id and pr.day = ${localDay(sql`d.dispensed_at`, sql`s.timezone`)}
  where d.account_id = ${q.accountId}
    and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, q.from, q.to)}
    ${dispenseFilters(q)}`;

/** Sums as numbers rounded like the columns (litres 3 dp in the database, money 2 dp). */
const figures = sql`count(*)::int as dispenses, round(sum(x.litres), 3)::float8 as litres,
  round(sum(x.cost), 2)::float8 as cost`;

/** One set-based query per report; rows come sorted as the report shows them (subtotal column first). */
const QUERIES: Record<ReportId, (q: ReportQuery) => SQL> = {
  'fuel-by-cost-centre': (q) => sql`
    select cc.code as "costCentre", cc.name as "costCentreName",
      count(distinct x.equipment_id)::int as "equipmentCount", ${figures}
    from (${dispensesOfRun(q)}) x
    left join cost_centres cc on cc.account_id = x.account_id and cc.id = x.cost_centre_id
    group by cc.code, cc.name
    order by cc.code nulls last`,
  'fuel-by-equipment': (q) => sql`
    select e.fleet_no as "fleetNo", e.description, cc.code as "costCentre", cc.name as "costCentreName", ${figures}
    from (${dispensesOfRun(q)}) x
    join equipment e on e.account_id = x.account_id and e.id = x.equipment_id
    left join cost_centres cc on cc.account_id = e.account_id and cc.id = e.cost_centre_id
    group by e.fleet_no, e.description, cc.code, cc.name
    order by e.fleet_no`,
  'fuel-by-employee': (q) => sql`
    select em.number as "employeeNumber", coalesce(em.name, '(no employee)') as employee, ${figures}
    from (${dispensesOfRun(q)}) x
    left join employees em on em.account_id = x.account_id and em.id = x.employee_id
    group by em.number, em.name
    order by em.name nulls last, em.number`,
  'fuel-by-store-product': (q) => sql`
    select st.code as store, st.name as "storeName", pr.code as product, pr.name as "productName", ${figures}
    from (${dispensesOfRun(q)}) x
    join stores st on st.account_id = x.account_id and st.id = x.store_id
    left join products pr on pr.account_id = x.account_id and pr.id = x.product_id
    group by st.code, st.name, pr.code, pr.name
    order by st.code, pr.code`,
  transfers: (q) => sql`
    select (t.transferred_at at time zone s.timezone)::date::text as day,
      s.code as "fromStore", ft.code as "fromTank", ts.code as "toStore",
      coalesce(tt.code, t.to_bowser) as "toTank", pr.code as product, pr.name as "productName",
      t.litres::float8 as litres
    from transfers t
    join tanks ft on ft.account_id = t.account_id and ft.id = t.from_tank_id
    join stores s on s.account_id = ft.account_id and s.id = ft.store_id
    left join tanks tt on tt.account_id = t.account_id and tt.id = t.to_tank_id
    left join stores ts on ts.account_id = tt.account_id and ts.id = tt.store_id
    left join products pr on pr.account_id = ft.account_id and pr.id = ft.product_id
    where t.account_id = ${q.accountId}
      and ${inLocalDays(sql`t.transferred_at`, sql`s.timezone`, q.from, q.to)}
      ${q.filters.storeId ? sql` and (ft.store_id = ${q.filters.storeId}::uuid or tt.store_id = ${q.filters.storeId}::uuid)` : sql``}
      ${q.filters.productId ? sql` and ft.product_id = ${q.filters.productId}::uuid` : sql``}
    order by day, t.transferred_at, t.id`,
  'not-fuelled': (q) => sql`
    select e.fleet_no as "fleetNo", e.description, cc.code as "costCentre", cc.name as "costCentreName",
      last.day::text as "lastFuelled", (${q.today}::date - last.day)::int as "daysSince"
    from equipment e
    left join cost_centres cc on cc.account_id = e.account_id and cc.id = e.cost_centre_id
    left join lateral (
      select (d.dispensed_at at time zone s.timezone)::date as day
      from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
      where d.account_id = e.account_id and d.equipment_id = e.id and d.litres > 0
      order by d.dispensed_at desc limit 1
    ) last on true
    where e.account_id = ${q.accountId} and e.active and e.deleted_at is null
      ${q.filters.costCentreId ? sql` and e.cost_centre_id = ${q.filters.costCentreId}::uuid` : sql``}
      and (last.day is null or last.day <= ${q.today}::date - ${q.days}::int)
    order by last.day nulls first, e.fleet_no`,
  consumption,
  'tank-reconciliation': tankReconciliation,
  'stock-movement': stockMovement,
  deliveries,
  'allocation-usage': allocationUsage,
  'exceptions-summary': exceptionsSummary,
};

export function reportsRepository(db: DbOrTx) {
  return {
    /**
     * The account's name, card (the letterhead), currency and logo and the filters' rows (the PDF's
     * heading); `exec` runs it on a run's cursor connection (a second pooled one could wait for ever).
     */
    async heading(
      accountId: number,
      filters: ReportQuery['filters'],
      exec: (s: SQL) => Promise<Record<string, unknown>[]> = async (s) => (await db.execute(s)).rows,
    ) {
      const label = (table: string, id: string | undefined, text = sql`code || ' — ' || name`) =>
        id
          ? sql`(select ${text} from ${sql.raw(table)} where account_id = ${accountId} and id = ${id}::uuid)`
          : sql`null`;
      const rows = await exec(sql`
        select (select name from accounts where id = ${accountId}) as "accountName",
          (select card from accounts where id = ${accountId}) as card,
          (select currency from accounts where id = ${accountId}) as currency,
          (select logo_file from accounts where id = ${accountId}) as "logoFile",
          ${label('stores', filters.storeId)} as store, ${label('products', filters.productId)} as product,
          ${label('cost_centres', filters.costCentreId)} as "costCentre",
          ${label('tanks', filters.tankId)} as tank,
          ${label('equipment', filters.equipmentId, sql`fleet_no || coalesce(' — ' || nullif(description, ''), '')`)} as equipment,
          ${label('employees', filters.employeeId, sql`name || ' (' || number || ')'`)} as employee`);
      return rows[0] as {
        accountName: string;
        card: Partial<AccountCardFields> | null;
        currency: string;
        logoFile: string | null;
        store: string | null;
        product: string | null;
        costCentre: string | null;
        tank: string | null;
        equipment: string | null;
        employee: string | null;
      };
    },
    /** The report's one statement; the service reads its rows through a cursor (ADR 058). */
    statement: (id: ReportId, q: ReportQuery): SQL => QUERIES[id](q),
    /**
     * A chart's sums for the PDF (ADR 064): `y` added up per value of `x` over the run's one statement, in
     * SQL (the file's rows stream past once, the chart is drawn before them); at most `limit` groups.
     */
    chartSums: (statement: SQL, x: string, y: string, limit: number): SQL =>
      sql`select s.${sql.identifier(x)} as x, sum(s.${sql.identifier(y)})::float8 as y
        from (${statement}) s group by 1 limit ${limit}`,
    async rows(id: ReportId, q: ReportQuery): Promise<Record<string, unknown>[]> {
      const res = await db.execute(QUERIES[id](q));
      return res.rows as Record<string, unknown>[];
    },
  };
}
