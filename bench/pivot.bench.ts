/**
 * `/QuickPivot` over 2,000,000 dispenses (issue 5): the pivot through the service (the same code the
 * endpoint runs: one GROUP BY with grouping sets, then the header labels) side by side with the
 * best hand-written SQL for the same figures (one statement: GROUP BY CUBE with the labels joined
 * in), in one run; the ratio is the figure. (`/FiltersDispensing` page 1 with its totals at that size
 * is in lists.bench.ts.)
 *
 * A fresh server without the demo year (FAMS_DEMO_HISTORY=0); the dispenses are generated in the
 * bench database with one generate_series statement per 500,000 (the benchmark is about reading).
 */
import { pivotService } from '../server/modules/records/pivot.service';
import type { PivotQuery } from '../src/contract/records';
import { N, withSeededDispenses } from './dispenses-2m';
import { table, time } from './lib';
import { apiSession, percentile } from './server';

const RUNS = 3;

/**
 * The same figures by hand, as well as I can write them: cheap keys (uuids, local dates) grouped
 * with CUBE in one statement, the text and labels applied to the grouped rows only.
 */
function handSql(
  q: Required<Pick<PivotQuery, 'rows' | 'cols' | 'measure'>> & { from?: string },
  accountId: number,
): { text: string; values: unknown[] } {
  const local = 'd.dispensed_at at time zone s.timezone';
  const dims: Record<string, { key: string; label: (k: string) => string }> = {
    store: {
      key: 'd.store_id',
      label: (k) => `(select code || ' — ' || name from stores where account_id = $1 and id = ${k})`,
    },
    product: {
      key: 'd.product_id',
      label: (k) => `(select code || ' — ' || name from products where account_id = $1 and id = ${k})`,
    },
    equipment: {
      key: 'd.equipment_id',
      label: (k) => `(select fleet_no from equipment where account_id = $1 and id = ${k})`,
    },
    month: { key: `date_trunc('month', ${local})::date`, label: (k) => `to_char(${k}, 'YYYY-MM')` },
    day: { key: `(${local})::date`, label: (k) => `to_char(${k}, 'YYYY-MM-DD')` },
    week: { key: `date_trunc('week', ${local})::date`, label: (k) => `to_char(${k}, 'IYYY-"W"IW')` },
  };
  const measure = {
    litres: 'sum(d.litres)',
    cost: 'sum(d.litres * pp.price)',
    count: 'sum(case when d.reversal_of is null then 1 else -1 end)',
  }[q.measure];
  const r = dims[q.rows];
  const c = dims[q.cols];
  const values: unknown[] = [accountId];
  let where = 'd.account_id = $1';
  if (q.from) {
    values.push(q.from);
    where +=
      " and d.dispensed_at >= (($2::date - 1)::timestamp at time zone 'UTC') and (d.dispensed_at at time zone s.timezone)::date >= $2::date";
  }
  return {
    text: `select g.r, ${r.label('g.r')} as rl, g.c, ${c.label('g.c')} as cl, g.v from (
        select ${r.key} as r, ${c.key} as c, ${measure} as v
        from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
        ${q.measure === 'cost' ? 'join products pp on pp.account_id = d.account_id and pp.id = d.product_id' : ''}
        where ${where}
        group by cube (${r.key}, ${c.key})) g`,
    values,
  };
}

const median = (xs: number[]) => percentile(xs, 50);
export async function run() {
  await withSeededDispenses('pivot', 8935, async ({ srv, raw, database, seeded }) => {
    // Signed in after the load: an access token lives 15 minutes.
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const service = pivotService(database.db);
    const ninetyDays = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const cases: { name: string; q: Required<Pick<PivotQuery, 'rows' | 'cols' | 'measure'>> & { from?: string } }[] = [
      { name: 'store × month, litres, all 2M', q: { rows: 'store', cols: 'month', measure: 'litres' } },
      { name: 'product × week, cost, all 2M', q: { rows: 'product', cols: 'week', measure: 'cost' } },
      { name: 'equipment × month, count, all 2M', q: { rows: 'equipment', cols: 'month', measure: 'count' } },
      {
        name: 'store × day, litres, last 90 days',
        q: { rows: 'store', cols: 'day', measure: 'litres', from: ninetyDays },
      },
    ];
    const rows = [];
    for (const c of cases) {
      const hand = handSql(c.q, api.accountId);
      // Warm both once, then alternate so neither gets a warmer cache.
      const grand = (await service.pivot(api.accountId, c.q)).grand;
      const handRows = (await raw.query(hand.text, hand.values)).rows as { r: unknown; c: unknown; v: string }[];
      const handGrand = Number(handRows.find((x) => x.r === null && x.c === null)?.v ?? 0);
      const svc: number[] = [];
      const sqlMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        svc.push(await time(() => service.pivot(api.accountId, c.q)));
        sqlMs.push(await time(() => raw.query(hand.text, hand.values)));
      }
      const httpMs = await time(() =>
        api.get(`/api/v1/records/pivot?${new URLSearchParams(c.q as Record<string, string>)}`),
      );
      rows.push({
        case: c.name,
        'service ms': median(svc).toFixed(0),
        'hand SQL ms': median(sqlMs).toFixed(0),
        ratio: (median(svc) / median(sqlMs)).toFixed(2),
        'HTTP ms (1 run)': httpMs.toFixed(0),
        'figures equal': Math.abs(grand - handGrand) < 0.01 ? 'yes' : `NO (${grand} vs ${handGrand})`,
      });
    }
    table(`Pivot over ${N.toLocaleString('en')} dispenses (seeded in ${seeded} s), median of ${RUNS} runs each`, rows);
  });
}
