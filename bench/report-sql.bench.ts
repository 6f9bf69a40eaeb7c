/**
 * A month's "fuel by cost centre" over 2,000,000 dispenses (issue 13), costed at the price in
 * force (ADR 035: each dispense's store-local day, the store's own dated price over the
 * all-stores one over the list price), through the service (the same code the endpoint and the
 * runs use) beside the best hand-written SQL for the same figures: dispenses grouped first by
 * cost centre, store, product and local day, the price looked up once per group. The ratio is the
 * figure; the totals must be equal.
 *
 * A fresh server without the demo year; dispenses generated as in pivot.bench.ts over a year, so
 * a month holds ~165,000 of them. Four prices per product (three all-stores steps, one store's own).
 */
import { addDays, utcWindow } from '../src/contract/calendar';
import { reportsService } from '../server/modules/reports/reports.service';
import { withSeededDispenses } from './dispenses-2m';
import { table, time } from './lib';
import { percentile } from './server';

const RUNS = 3;

const handSql = (accountId: number, from: string, to: string) => {
  const { lo, hi } = utcWindow(from, to);
  return {
    text: `
    with d as (
      select d.cost_centre_id as cc, d.equipment_id, d.store_id, d.product_id,
        (d.dispensed_at at time zone s.timezone)::date as day, d.litres
      from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
      where d.account_id = $1 and d.dispensed_at >= $2::timestamptz and d.dispensed_at < $3::timestamptz
        and (d.dispensed_at at time zone s.timezone)::date between $4::date and $5::date),
    g as (select cc, store_id, product_id, day, count(*) as n, sum(litres) as l from d group by 1, 2, 3, 4),
    priced as (
      select g.cc, g.n, g.l, g.l * coalesce(pp.price, p.price, 0) as cost from g
      join products p on p.account_id = $1 and p.id = g.product_id
      left join lateral (select price from product_prices x where x.account_id = $1 and x.product_id = g.product_id
        and (x.store_id = g.store_id or x.store_id is null) and x.deleted_at is null and x.effective_from <= g.day
        order by x.store_id is null, x.effective_from desc limit 1) pp on true),
    eq as (select cc, count(distinct equipment_id)::int as n from d group by cc)
    select cc.code, sum(x.n)::int as dispenses, round(sum(x.l), 3)::float8 as litres, round(sum(x.cost), 2)::float8 as cost
    from priced x join eq on eq.cc is not distinct from x.cc left join cost_centres cc on cc.account_id = $1 and cc.id = x.cc
    group by cc.code order by cc.code nulls last`,
    values: [accountId, lo, hi, from, to],
  };
};

export async function run() {
  await withSeededDispenses('report-sql', 8520, async ({ raw, database, accountId, seeded }) => {
    const today = new Date().toISOString().slice(0, 10);
    const [from, to] = [addDays(today, -40), addDays(today, -10)];
    await raw.query(
      `insert into product_prices (account_id, product_id, store_id, price, effective_from)
       select p.account_id, p.id, null, p.price * f.k, $2::date + f.o from products p,
         (values (0.95, 0), (1.0, 10), (1.05, 20)) f(k, o) where p.account_id = $1
       union all
       select p.account_id, p.id, (select id from stores where account_id = $1 order by code limit 1), p.price * 1.1, $2::date + 15
       from products p where p.account_id = $1`,
      [accountId, from],
    );
    await raw.query('analyze product_prices');
    const service = reportsService(database.db);
    const params = { range: 'custom' as const, from, to, days: 30 };
    const hand = handSql(accountId, from, to);
    const svcRun = await service.preview(await service.run(accountId, 'fuel-by-cost-centre', params));
    const svcTotal = svcRun.lines.at(-1)!.values as { dispenses: number; litres: number; cost: number };
    const handRows = (await raw.query(hand.text, hand.values)).rows as { dispenses: number; cost: number }[];
    const handCost = handRows.reduce((s, r) => s + r.cost, 0);
    const handCount = handRows.reduce((s, r) => s + r.dispenses, 0);
    const svc: number[] = [];
    const sqlMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      svc.push(await time(async () => service.preview(await service.run(accountId, 'fuel-by-cost-centre', params))));
      sqlMs.push(await time(() => raw.query(hand.text, hand.values)));
    }
    table(
      `Fuel by cost centre, ${from} to ${to}, over 2,000,000 dispenses (seeded in ${seeded} s), median of ${RUNS}`,
      [
        {
          dispenses: svcTotal.dispenses,
          'service ms': percentile(svc, 50).toFixed(0),
          'hand SQL ms': percentile(sqlMs, 50).toFixed(0),
          ratio: (percentile(svc, 50) / percentile(sqlMs, 50)).toFixed(2),
          'figures equal':
            Math.abs(svcTotal.cost - handCost) < 0.02 && svcTotal.dispenses === handCount
              ? 'yes'
              : `NO (${svcTotal.cost}/${svcTotal.dispenses} vs ${handCost}/${handCount})`,
        },
      ],
    );
  });
}
