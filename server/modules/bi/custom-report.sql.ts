import { sql, type SQL } from 'drizzle-orm';
import { columnKey, customSubtotalLevels, type CustomReportDeclaration } from '../../../src/contract/custom-reports';
import type { ReportFilter } from '../../../src/contract/report-keys';
import { DATASETS, NUMERIC_KINDS } from '../../../src/contract/datasets';
import { inLocalDays } from '../../lib/local-day';
import { DATASET_SQL } from './datasets.sql';

export interface CustomRun {
  accountId: number;
  /** Store-local days, as every report. */
  from: string;
  to: string;
  /** Run-time filters (ids) chosen on `/ReportList`; only those the dataset declares apply (ADR 050). */
  filters?: Partial<Record<ReportFilter, string>>;
}

/** `%`, `_` and `\` taken literally in an `ilike` pattern. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One custom report (a declaration already validated by `CustomReportDeclaration`, ADR 041) as one
 * set-based statement over its dataset: every field is the dataset's own SQL expression (a key not
 * declared there throws before any SQL is made), every value a bound parameter, the account and the
 * period always applied.
 */
export function customReportSql(d: CustomReportDeclaration, run: CustomRun): SQL {
  const ds = DATASET_SQL[d.dataset];
  const kinds = new Map(DATASETS[d.dataset].fields.map((f) => [f.key, f.kind]));
  const expr = (key: string): SQL => {
    const e = key === 'at' ? ds.at : ds.fields[key];
    if (!e || !kinds.has(key)) throw new Error(`Not a field of ${d.dataset}: ${key}`);
    return e;
  };
  const agg = (c: CustomReportDeclaration['columns'][number]): SQL => {
    const e = expr(c.field);
    switch (c.aggregate) {
      case undefined:
        return e;
      case 'count':
        return sql`count(${e})::int`;
      case 'sum':
        return sql`round(sum(${e})::numeric, 3)::float8`;
      case 'avg':
        return sql`round(avg(${e})::numeric, 3)::float8`;
      case 'min':
        return sql`min(${e})`;
      case 'max':
        return sql`max(${e})`;
    }
  };
  const cols = d.columns.map((c) => sql`${agg(c)} as ${sql.identifier(columnKey(c))}`);
  const filters = d.filters.map((f) => {
    const e = expr(f.field);
    const numeric = NUMERIC_KINDS.has(kinds.get(f.field)!);
    const v = numeric ? sql`${f.value}::float8` : sql`${f.value}`;
    const left = numeric ? e : sql`(${e})::text`;
    switch (f.op) {
      case 'eq':
        return sql` and ${left} = ${v}`;
      case 'ne':
        return sql` and ${left} is distinct from ${v}`;
      case 'contains':
        return sql` and (${e})::text ilike ${`%${literal(f.value)}%`}`;
      case 'gte':
        return sql` and ${left} >= ${v}`;
      case 'lte':
        return sql` and ${left} <= ${v}`;
    }
  });
  const ids = Object.entries(run.filters ?? {}).flatMap(([k, v]) => {
    const col = ds.ids[k as ReportFilter];
    if (!v) return [];
    if (!col) throw new Error(`Not a filter of ${d.dataset}: ${k}`);
    return [sql` and ${col} = ${v}::uuid`];
  });
  const grouped = d.groupBy.length > 0 || d.columns.some((c) => c.aggregate);
  const group = d.groupBy.length ? sql` group by ${sql.join(d.groupBy.map(expr), sql`, `)}` : sql``;
  const sortKey = (field: string): SQL => {
    const col = grouped ? d.columns.find((c) => c.field === field && (c.aggregate || d.groupBy.includes(field))) : null;
    return col ? agg(col) : expr(field);
  };
  // Subtotal levels come first so each group's rows are together; the chosen sort orders within them.
  const levels = customSubtotalLevels(d).map((g) => sql`${expr(g)} asc nulls last`);
  const sorts = [
    ...levels,
    ...(d.sort.length
      ? d.sort.map((s) => sql`${sortKey(s.field)} ${s.desc ? sql`desc` : sql`asc`} nulls last`)
      : grouped
        ? d.groupBy.map((g) => sql`${expr(g)}`)
        : [sql`${ds.at}`, sql`r.id`]),
  ];
  const order = sorts.length ? sql` order by ${sql.join(sorts, sql`, `)}` : sql``;
  return sql`select ${sql.join(cols, sql`, `)}
    from ${ds.from}
    where r.account_id = ${run.accountId} and ${inLocalDays(ds.at, ds.tz, run.from, run.to)}${sql.join(filters, sql``)}${sql.join(ids, sql``)}${group}${order}`;
}
