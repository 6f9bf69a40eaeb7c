import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { dispenses } from '../../db/schema';
import { auditManySql, type AuditEntry } from '../../lib/audit';
import { insertRowsSql } from './bulk.repository';
import { executeNamed } from './prepared';

/** What one stored dispense is checked against; only what its checks need is asked. */
export interface HistoryAsk {
  equipmentId: string;
  at: Date;
  /** The equipment's highest meter before `at` (the dispense has a meter). */
  meter: boolean;
  /** The equipment's last fill before `at` (a FAMS24 interval rule applies). */
  lastFill: boolean;
  /** The governing allocation's subject, whose litres of the product on the day and month count. */
  usage: { column: 'equipment' | 'employee' | 'cost_centre'; id: string; productId: string } | null;
  /** The store's time zone: days and months are the store's. */
  timeZone: string;
}

export interface HistoryFound {
  meter: number | null;
  lastFillAt: Date | null;
  /** Litres (as stored, exact) on the dispense's day and month; '0' when no allocation governs. */
  day: string;
  month: string;
  dayFrom: Date;
  dayTo: Date;
  monthFrom: Date;
  monthTo: Date;
}

const param = <T>(type: string, values: T[]) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
const local = (unit: 'day' | 'month', at: string, tz: string, next = false) =>
  sql.raw(
    `(date_trunc('${unit}', ${at} at time zone ${tz})${next ? ` + interval '1 ${unit}'` : ''}) at time zone ${tz}`,
  );

/** A history row as PostgreSQL answers it. */
export type HistoryRow = {
  meter: string | null;
  last_at: Date | null;
  day_from: Date;
  day_to: Date;
  month_from: Date;
  month_to: Date;
  day: string;
  month: string;
};

/**
 * The history checks of a batch of dispenses: what was stored before the batch (`exclude`: the
 * batch's own ids; the caller adds the batch's earlier records itself, see batch-order.ts). ONE
 * query whatever the batch's size: per record, the highest meter and the last fill before it with
 * its store-local day and month; per subject, product and day (records share them, `spans`), the
 * litres of that day and of its month, answered to each record of the span. A reversed dispense's
 * meter and fill no longer count (it was a mistake); a reversal's negative litres do count against
 * the allocation (they net the original out). Each probe walks an index from the dispense's side —
 * highest meter first (`dispenses_equipment_meter`), latest fill first (`dispenses_equipment_at`),
 * one month of a subject — so the cost does not grow with the history.
 *
 * In parts, so it can run alone (`dispenseHistory`) or inside the statement that
 * inserts the batch (`dispense.handler.ts`): there every part reads the snapshot taken before the
 * insert, so the batch's own rows are not seen and `exclude` is empty. `ctes`: `r` (one row per
 * ask, `r.i` its index), `spans`, `used`; `columns` (those of `HistoryRow`) `from` `r` and its joins.
 */
export function historySql(
  accountId: number,
  asks: readonly HistoryAsk[],
  exclude: readonly string[],
): { ctes: SQL; columns: SQL; from: SQL } {
  const ids = param('uuid', [...exclude]);
  // Nothing to leave out (the history is read before the insert): no filter to plan.
  const notExcluded = exclude.length ? sql` and d.id <> all(${ids})` : sql``;
  const earlier = sql`d.account_id = ${accountId} and d.equipment_id = r.equipment_id and d.dispensed_at < r.at
    and d.reversal_of is null${notExcluded}
    and not exists (select 1 from dispenses x where x.account_id = ${accountId} and x.reversal_of = d.id)`;
  const inMonth = (column: string) => sql`select d.litres, d.dispensed_at from dispenses d
    where g.subject = ${column} and d.account_id = ${accountId} and d.${sql.identifier(`${column}_id`)} = g.who and d.product_id = g.product_id
      and d.dispensed_at >= g.month_from and d.dispensed_at < g.month_to${notExcluded}`;
  return {
    ctes: sql`r as (
      select r.*, ${local('day', 'r.at', 'r.tz')} as day_from, ${local('day', 'r.at', 'r.tz', true)} as day_to,
        ${local('month', 'r.at', 'r.tz')} as month_from, ${local('month', 'r.at', 'r.tz', true)} as month_to
      from unnest(${param(
        'int',
        asks.map((_, i) => i),
      )}, ${param(
        'uuid',
        asks.map((a) => a.equipmentId),
      )}, ${param(
        'timestamptz',
        asks.map((a) => a.at.toISOString()),
      )},
        ${param(
          'boolean',
          asks.map((a) => a.meter),
        )}, ${param(
          'boolean',
          asks.map((a) => a.lastFill),
        )}, ${param(
          'text',
          asks.map((a) => a.timeZone),
        )},
        ${param(
          'text',
          asks.map((a) => a.usage?.column ?? null),
        )}, ${param(
          'uuid',
          asks.map((a) => a.usage?.id ?? null),
        )}, ${param(
          'uuid',
          asks.map((a) => a.usage?.productId ?? null),
        )})
        as r(i, equipment_id, at, want_meter, want_last, tz, subject, who, product_id)
    ), spans as (
      select distinct subject, who, product_id, day_from, day_to, month_from, month_to from r where subject is not null
    ), used as (
      select g.*, s.day, s.month from spans g cross join lateral (
        select coalesce(sum(x.litres) filter (where x.dispensed_at >= g.day_from and x.dispensed_at < g.day_to), 0) as day, coalesce(sum(x.litres), 0) as month
        from (${inMonth('equipment')} union all ${inMonth('employee')} union all ${inMonth('cost_centre')}) x
      ) s
    )`,
    columns: sql`r.day_from, r.day_to, r.month_from, r.month_to, coalesce(u.day, 0) as day, coalesce(u.month, 0) as month,
      case when r.want_meter then (select d.meter from dispenses d where ${earlier} and d.meter is not null order by d.meter desc limit 1) end as meter,
      case when r.want_last then (select d.dispensed_at from dispenses d where ${earlier} order by d.dispensed_at desc limit 1) end as last_at`,
    from: sql`r left join used u on u.subject = r.subject and u.who = r.who and u.product_id = r.product_id
      and u.day_from = r.day_from and u.day_to = r.day_to and u.month_from = r.month_from and u.month_to = r.month_to`,
  };
}

/** Parses the rows of `historySql`'s columns, in ask order. */
export const historyFound = (rows: readonly HistoryRow[]) =>
  rows.map((r): HistoryFound => ({
    meter: r.meter === null ? null : Number(r.meter),
    lastFillAt: r.last_at ? new Date(r.last_at) : null,
    day: String(r.day),
    month: String(r.month),
    dayFrom: new Date(r.day_from),
    dayTo: new Date(r.day_to),
    monthFrom: new Date(r.month_from),
    monthTo: new Date(r.month_to),
  }));

/** The history checks alone, after the batch was inserted (`exclude`: its ids); see `historySql`. */
export async function dispenseHistory(
  db: DbOrTx,
  accountId: number,
  asks: readonly HistoryAsk[],
  exclude: readonly string[],
): Promise<HistoryFound[]> {
  if (!asks.length) return [];
  const { ctes, columns, from } = historySql(accountId, asks, exclude);
  const { rows } = await db.execute<HistoryRow>(sql`with ${ctes} select ${columns} from ${from} order by r.i`);
  return historyFound(rows);
}

/**
 * ONE statement (ADR 016, third pass): the rows (`on conflict do nothing`), the audit entries of the
 * rows inserted, and every record's history checks. All parts of a statement read the snapshot taken
 * before it, so the history is what was stored before the batch without naming the batch's ids.
 * `ids[k]` is the id of the record `asks[k]` belongs to; `found[k].inserted` says whether it was new.
 */
export async function insertWithHistory(
  tx: Tx,
  accountId: number,
  rows: (typeof dispenses.$inferInsert)[],
  audit: AuditEntry[],
  asks: readonly HistoryAsk[],
  ids: readonly string[],
): Promise<{ found: (HistoryRow & { inserted: boolean })[]; audited: boolean }> {
  const entries = audit.length ? auditManySql(audit, sql`u.entity_id::uuid in (select id from ins)`) : null;
  const { ctes, columns, from } = historySql(accountId, asks, []);
  const idArray = sql`${sql.param([...ids])}::uuid[]`;
  const { rows: found } = await executeNamed<HistoryRow & { inserted: boolean }>(
    tx,
    sql`with ins as (${insertRowsSql(dispenses, rows, { onConflictDoNothing: true })}),
    ${entries ? sql`aud as (${entries}),` : sql``} ${ctes}
    select ${columns}, exists (select 1 from ins where ins.id = (${idArray})[r.i + 1]) as inserted from ${from} order by r.i`,
  );
  return { found, audited: !!entries };
}
