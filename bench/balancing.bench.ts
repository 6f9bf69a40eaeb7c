/**
 * `/QuickBalancing` on the demo year (issue 5): the month of balancing for every tank of Demo Fuels
 * through the service (its set-based queries + the contract's arithmetic) and through the HTTP
 * endpoint, side by side with the best single hand-written SQL statement for the same figures.
 * The ratio service ÷ SQL is the figure. A fresh server seeds the demo year first (its start-up
 * time, seed included, is printed too); the figures of both paths are compared tank by tank.
 */
import fs from 'node:fs';
import pg from 'pg';
import { round3, summarise } from '../src/contract/balancing';
import { localDate, monthBounds, previousMonth } from '../src/contract/calendar';
import { connect } from '../server/db/client';
import { balancingRepository } from '../server/modules/balancing/balancing.repository';
import { balancingService } from '../server/modules/balancing/balancing.service';
import { benchDataDir, table } from './lib';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const RUNS = 20;
const WARM_UP = 3;

/**
 * Every figure of the month per tank in ONE statement: flows grouped by tank and local day, the
 * closing of each tank-day by a lateral index probe, the opening by lag(), and the book stock only
 * where a day has no opening reading (COALESCE evaluates the correlated subquery lazily).
 */
const HAND_SQL = `
with tk as (
  select t.id, s.timezone as tz, ($2::date::timestamp at time zone s.timezone) as lo, (($3::date + 1)::timestamp at time zone s.timezone) as hi
  from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id
  where t.account_id = $1 and t.deleted_at is null
),
cl as (
  select tk.id as tank_id, tk.tz, g::date as day, c.gross
  from tk cross join generate_series(($2::date - 1)::timestamp, $3::date::timestamp, interval '1 day') g
  left join lateral (
    select r.gross_litres as gross from tank_readings r
    where r.account_id = $1 and r.tank_id = tk.id and r.read_at > (g at time zone tk.tz) and r.read_at <= ((g + interval '1 day') at time zone tk.tz)
    order by r.read_at desc, r.received_at desc limit 1) c on true
),
fl as (
  select tank_id, day, sum(disp) as disp, sum(rec) as rec, sum(tout) as tout, sum(tin) as tin from (
    select x.tank_id, (x.dispensed_at at time zone tk.tz)::date as day, x.litres as disp, 0 as rec, 0 as tout, 0 as tin
      from tk join dispenses x on x.account_id = $1 and x.tank_id = tk.id and x.dispensed_at >= tk.lo and x.dispensed_at < tk.hi
    union all select x.tank_id, (x.received_on at time zone tk.tz)::date, 0, x.litres, 0, 0
      from tk join receipts x on x.account_id = $1 and x.tank_id = tk.id and x.received_on >= tk.lo and x.received_on < tk.hi
    union all select x.from_tank_id, (x.transferred_at at time zone tk.tz)::date, 0, 0, x.litres, 0
      from tk join transfers x on x.account_id = $1 and x.from_tank_id = tk.id and x.transferred_at >= tk.lo and x.transferred_at < tk.hi
    union all select x.to_tank_id, (x.transferred_at at time zone tk.tz)::date, 0, 0, 0, x.litres
      from tk join transfers x on x.account_id = $1 and x.to_tank_id = tk.id and x.transferred_at >= tk.lo and x.transferred_at < tk.hi
  ) u group by 1, 2
),
d as (
  select cl.tank_id, cl.tz, cl.day, cl.gross as closing, lag(cl.gross) over (partition by cl.tank_id order by cl.day) as prev_closing,
    coalesce(fl.disp, 0) as disp, coalesce(fl.rec, 0) as rec, coalesce(fl.tout, 0) as tout, coalesce(fl.tin, 0) as tin
  from cl left join fl on fl.tank_id = cl.tank_id and fl.day = cl.day
),
v as (
  select d.*, coalesce(prev_closing,
      (select coalesce(max(ts.book_litres), 0) from tank_stock ts where ts.account_id = $1 and ts.tank_id = d.tank_id)
      - (select coalesce(sum(m.litres), 0) from stock_movements m where m.account_id = $1 and m.tank_id = d.tank_id and m.at >= (d.day::timestamp at time zone d.tz))
    ) + rec - disp - tout + tin as book_close
  from d where day >= $2::date
)
select tank_id as "tankId", sum(rec)::float8 as receipts, sum(disp)::float8 as dispensed, sum(tout)::float8 as "transfersOut", sum(tin)::float8 as "transfersIn",
  coalesce(sum(closing - book_close), 0)::float8 as variance, (0.01 * abs(sum(disp)) + 492.1)::float8 as threshold,
  abs(coalesce(sum(closing - book_close), 0)) > 0.01 * abs(sum(disp)) + 492.1 as flagged
from v group by tank_id`;

async function time(runs: number, f: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

export async function run() {
  const dir = benchDataDir('balancing');
  fs.rmSync(dir, { recursive: true, force: true });
  const t0 = performance.now();
  const srv = await startServerProcess(dir, 8932);
  const startMs = performance.now() - t0;
  const dbUrl = embeddedDbUrl(dir);
  const database = connect(dbUrl, 4);
  const raw = new pg.Client({ connectionString: dbUrl });
  await raw.connect();
  try {
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const accountId = api.accountId;
    const counts = (
      await raw.query(
        `select (select count(*) from dispenses where account_id = $1)::int as dispenses,
      (select count(*) from tank_readings where account_id = $1)::int as readings, (select count(*) from tanks where account_id = $1)::int as tanks`,
        [accountId],
      )
    ).rows[0];
    await raw.query('analyze');
    const month = previousMonth(localDate(new Date(), 'Africa/Johannesburg').slice(0, 7));
    const { from, to } = monthBounds(month);
    const svc = balancingService(database.db);
    const repo = balancingRepository(database.db);

    const viaService = async () => {
      const tanks = await repo.tanks(accountId, { since: from });
      return (await svc.compute(accountId, tanks, from, to, new Date())).map(({ tank, days }) => ({
        tankId: tank.tankId,
        ...summarise(days),
      }));
    };
    const viaSql = async () =>
      (await raw.query(HAND_SQL, [accountId, from, to])).rows as {
        tankId: string;
        dispensed: number;
        receipts: number;
        variance: number;
        flagged: boolean;
      }[];

    // Same figures, tank by tank.
    const a = await viaService();
    const b = new Map((await viaSql()).map((r) => [r.tankId, r]));
    const differ = a.filter((x) => {
      const y = b.get(x.tankId);
      return (
        !y ||
        round3(y.dispensed) !== x.dispensed ||
        round3(y.receipts) !== x.receipts ||
        round3(y.variance) !== x.variance ||
        y.flagged !== x.flagged
      );
    });

    const service = await time(RUNS, viaService);
    const endpoint = await time(RUNS, () => api.get(`/api/v1/balancing/monthly?month=${month}`));
    const hand = await time(RUNS, viaSql);
    const f = (n: number) => n.toFixed(1);
    table(
      `Balancing of ${month} for all ${counts.tanks} tanks of Demo Fuels (${counts.dispenses.toLocaleString('en')} dispenses, ${counts.readings.toLocaleString('en')} readings in the account); ${RUNS} sequential runs`,
      [
        {
          path: 'service (set-based queries + contract arithmetic)',
          'p50 ms': f(service.p50),
          'p99 ms': f(service.p99),
          'ratio to SQL (p50)': (service.p50 / hand.p50).toFixed(2),
        },
        {
          path: 'GET /api/v1/balancing/monthly (HTTP, auth, JSON)',
          'p50 ms': f(endpoint.p50),
          'p99 ms': f(endpoint.p99),
          'ratio to SQL (p50)': (endpoint.p50 / hand.p50).toFixed(2),
        },
        {
          path: 'hand-written SQL (one statement)',
          'p50 ms': f(hand.p50),
          'p99 ms': f(hand.p99),
          'ratio to SQL (p50)': '1.00',
        },
      ],
    );
    table('Checks', [
      {
        check: 'same receipts, dispensed, variance and flag for every tank',
        result: differ.length ? `NO: ${differ.map((x) => x.tankId).join(', ')}` : 'yes',
      },
      { check: 'tanks flagged', result: a.filter((x) => x.flagged).length },
      { check: 'fresh server start with the demo year seeded (ms)', result: Math.round(startMs) },
    ]);
  } finally {
    await raw.end();
    await database.close();
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
