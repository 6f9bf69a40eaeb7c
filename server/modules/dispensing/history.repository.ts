import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

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
  dayFrom: Date; dayTo: Date; monthFrom: Date; monthTo: Date;
}

const param = <T>(type: string, values: T[]) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
const local = (unit: 'day' | 'month', at: string, tz: string, next = false) =>
  sql.raw(`(date_trunc('${unit}', ${at} at time zone ${tz})${next ? ` + interval '1 ${unit}'` : ''}) at time zone ${tz}`);

/**
 * The history checks of a batch of dispenses: what was stored before the batch (`exclude`: the
 * batch's own ids; the caller adds the batch's earlier records itself, see batch-order.ts). Two
 * queries whatever the batch's size: per record, the highest meter and the last fill before it
 * with its store-local day and month; per subject, product and day (records share them), the
 * litres of that day and of its month. A reversed dispense's meter and fill no longer count (it was a mistake);
 * a reversal's negative litres do count against the allocation (they net the original out). Each
 * probe walks an index from the dispense's side — highest meter first (`dispenses_equipment_meter`),
 * latest fill first (`dispenses_equipment_at`), one month of a subject — so the cost does not grow
 * with the history.
 */
export async function dispenseHistory(db: DbOrTx, accountId: number, asks: readonly HistoryAsk[], exclude: readonly string[]): Promise<HistoryFound[]> {
  if (!asks.length) return [];
  const ids = param('uuid', [...exclude]);
  const earlier = sql`d.account_id = ${accountId} and d.equipment_id = r.equipment_id and d.dispensed_at < r.at
    and d.reversal_of is null and d.id <> all(${ids})
    and not exists (select 1 from dispenses x where x.account_id = ${accountId} and x.reversal_of = d.id)`;
  const { rows } = await db.execute<{ meter: string | null; last_at: Date | null; day_from: Date; day_to: Date; month_from: Date; month_to: Date }>(sql`
    select ${local('day', 'r.at', 'r.tz')} as day_from, ${local('day', 'r.at', 'r.tz', true)} as day_to,
      ${local('month', 'r.at', 'r.tz')} as month_from, ${local('month', 'r.at', 'r.tz', true)} as month_to,
      case when r.want_meter then (select d.meter from dispenses d where ${earlier} and d.meter is not null order by d.meter desc limit 1) end as meter,
      case when r.want_last then (select d.dispensed_at from dispenses d where ${earlier} order by d.dispensed_at desc limit 1) end as last_at
    from unnest(${param('int', asks.map((_, i) => i))}, ${param('uuid', asks.map((a) => a.equipmentId))}, ${param('timestamptz', asks.map((a) => a.at.toISOString()))},
      ${param('boolean', asks.map((a) => a.meter))}, ${param('boolean', asks.map((a) => a.lastFill))}, ${param('text', asks.map((a) => a.timeZone))})
      as r(i, equipment_id, at, want_meter, want_last, tz)
    order by r.i`);
  const found = rows.map((r): HistoryFound => ({
    meter: r.meter === null ? null : Number(r.meter), lastFillAt: r.last_at ? new Date(r.last_at) : null, day: '0', month: '0',
    dayFrom: new Date(r.day_from), dayTo: new Date(r.day_to), monthFrom: new Date(r.month_from), monthTo: new Date(r.month_to),
  }));

  // Usage: one scan of the month per subject, product and day asked (records share them).
  const spans = new Map<string, { column: string; who: string; productId: string; f: HistoryFound; records: number[] }>();
  asks.forEach((a, i) => {
    if (!a.usage) return;
    const key = [a.usage.column, a.usage.id, a.usage.productId, found[i].dayFrom.toISOString(), found[i].monthFrom.toISOString()].join('|');
    const span = spans.get(key) ?? { column: a.usage.column, who: a.usage.id, productId: a.usage.productId, f: found[i], records: [] };
    span.records.push(i);
    spans.set(key, span);
  });
  if (!spans.size) return found;
  const list = [...spans.values()];
  const inMonth = (column: string) => sql`select d.litres, d.dispensed_at from dispenses d
    where g.subject = ${column} and d.account_id = ${accountId} and d.${sql.identifier(`${column}_id`)} = g.who and d.product_id = g.product_id
      and d.dispensed_at >= g.month_from and d.dispensed_at < g.month_to and d.id <> all(${ids})`;
  const { rows: used } = await db.execute<{ day: string; month: string }>(sql`
    select s.day, s.month
    from unnest(${param('int', list.map((_, i) => i))}, ${param('text', list.map((g) => g.column))}, ${param('uuid', list.map((g) => g.who))},
      ${param('uuid', list.map((g) => g.productId))}, ${param('timestamptz', list.map((g) => g.f.monthFrom.toISOString()))},
      ${param('timestamptz', list.map((g) => g.f.monthTo.toISOString()))}, ${param('timestamptz', list.map((g) => g.f.dayFrom.toISOString()))},
      ${param('timestamptz', list.map((g) => g.f.dayTo.toISOString()))})
      as g(g, subject, who, product_id, month_from, month_to, day_from, day_to)
    cross join lateral (
      select coalesce(sum(x.litres) filter (where x.dispensed_at >= g.day_from and x.dispensed_at < g.day_to), 0) as day, coalesce(sum(x.litres), 0) as month
      from (${inMonth('equipment')} union all ${inMonth('employee')} union all ${inMonth('cost_centre')}) x
    ) s
    order by g.g`);
  list.forEach((span, k) => {
    for (const i of span.records) {
      found[i].day = used[k].day;
      found[i].month = used[k].month;
    }
  });
  return found;
}
