/**
 * `/Exceptions` page 1 with filters over 1,000,000 exceptions (issue 12): the list endpoint (HTTP,
 * auth, the list engine's page + count) beside hand-written SQL for the same page and count, per
 * filter. A server on a copy of the demo year (the e2e template when present, else a fresh seed);
 * the exceptions are generated set-based in SQL (generate_series) into that bench data dir:
 * a quarter unresolved (the working list), spread over the account's stores, tanks, equipment and
 * dispenses (so the employee filter has something to follow) and over the last year.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { EXCEPTION_CODES } from '../src/contract/exceptions';
import { benchDataDir, table } from './lib';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const N = 1_000_000;
const REQUESTS = 30;
const WARM_UP = 3;
const PAGE = 25;
const PORT = Number(process.env.FAMS_BENCH_PORT ?? 8580);
/** The e2e year template (tests/e2e/templates.ts); a copy saves seeding the demo year again. */
const TEMPLATE = process.env.FAMS_BENCH_TEMPLATE ?? '/tmp/fams-e2e-templates-8181/year';

/** A bench data dir with the demo year: a copy of the template (`cp -a` keeps the cluster's modes) or empty. */
export function demoYearDir(name: string): string {
  const dir = benchDataDir(name);
  fs.rmSync(dir, { recursive: true, force: true });
  if (fs.existsSync(TEMPLATE)) execFileSync('cp', ['-a', TEMPLATE, dir]);
  return dir;
}

async function seed(db: pg.Client, accountId: number) {
  await db.query(
    `with ctx as (
      select
        (select array_agg(id order by code) from stores where account_id = $1 and deleted_at is null) as st,
        (select array_agg(id order by code) from tanks where account_id = $1 and deleted_at is null) as tk,
        (select array_agg(id order by fleet_no) from equipment where account_id = $1 and deleted_at is null) as eq,
        (select array_agg(id) from (select id from dispenses where account_id = $1 order by dispensed_at desc limit 20000) d) as ds,
        (select min(user_id) from memberships where account_id = $1) as uid,
        $2::text[] as codes
    )
    insert into exceptions (account_id, code, severity, status, entity, entity_id, store_id, tank_id, equipment_id,
      message, raised_at, resolved_at, resolved_by, resolution_reason, resolution)
    select $1, codes[1 + g % cardinality(codes)], (array['info', 'warning', 'critical'])[1 + (g / 7) % 3],
      case when g % 4 = 0 then (array['open', 'acknowledged'])[1 + (g / 4) % 2] else 'resolved' end,
      'dispense', ds[1 + g % cardinality(ds)], st[1 + g % cardinality(st)], tk[1 + (g / 3) % cardinality(tk)],
      eq[1 + (g / 5) % cardinality(eq)], 'Bench exception ' || g, now() - g * interval '31 seconds',
      case when g % 4 <> 0 then now() - g * interval '31 seconds' + interval '3 hours' end,
      case when g % 4 <> 0 then uid end, case when g % 4 <> 0 then 'explained' end,
      case when g % 4 <> 0 then 'bench' end
    from ctx, generate_series(1, ${N}) g`,
    [accountId, [...EXCEPTION_CODES]],
  );
  // Steady state: autovacuum would have set the visibility map that index-only counts rely on.
  await db.query('vacuum analyze exceptions');
}

async function timed(f: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/**
 * The page and its count as one would write them by hand: the row's names by joins, the same
 * order (raised_at desc, id), the count beside it on a second connection (as the engine does).
 */
function handSql(pool: pg.Pool, accountId: number, where: string, params: unknown[]) {
  const cond = `x.account_id = $1 and x.status in ('open', 'acknowledged')${where ? ` and ${where}` : ''}`;
  return () =>
    Promise.all([
      pool.query(
        `select x.id, x.code, x.severity, x.status, x.message, x.raised_at, s.code as store, t.code as tank,
          e.fleet_no, d.employee_id, em.name as employee
        from exceptions x
        left join stores s on s.account_id = x.account_id and s.id = x.store_id
        left join tanks t on t.account_id = x.account_id and t.id = x.tank_id
        left join equipment e on e.account_id = x.account_id and e.id = x.equipment_id
        left join dispenses d on x.entity = 'dispense' and d.account_id = x.account_id and d.id = x.entity_id
        left join employees em on em.account_id = x.account_id and em.id = d.employee_id
        where ${cond} order by x.raised_at desc, x.id limit ${PAGE + 1}`,
        [accountId, ...params],
      ),
      pool.query(`select count(*)::int as n from exceptions x where ${cond}`, [accountId, ...params]),
    ]);
}

export async function run() {
  const dir = demoYearDir('exceptions');
  const srv = await startServerProcess(dir, PORT);
  const dbUrl = embeddedDbUrl(dir);
  const raw = new pg.Client({ connectionString: dbUrl });
  await raw.connect();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const a = api.accountId;
    const t0 = performance.now();
    await seed(raw, a);
    const seeded = Math.round(performance.now() - t0);
    const one = async (q: string) => (await raw.query(q, [a])).rows[0]?.id as string;
    const store = await one(
      `select store_id as id from exceptions where account_id = $1 group by 1 order by count(*) desc limit 1`,
    );
    const tank = await one(
      `select tank_id as id from exceptions where account_id = $1 and tank_id is not null limit 1`,
    );
    const employee = await one(
      `select employee_id as id from dispenses where account_id = $1 and employee_id is not null group by 1 order by count(*) desc limit 1`,
    );
    const counts = (
      await raw.query(
        `select count(*)::int as total, count(*) filter (where status <> 'resolved')::int as open from exceptions where account_id = $1`,
        [a],
      )
    ).rows[0];
    // A fresh session per case: the whole run outlives an access token.
    let session = api;
    const list = (q: string) => session.get(`/api/v1/exceptions?page=1&pageSize=${PAGE}&sort=-raisedAt${q}`);
    const cases: { name: string; q: string; where: string; params: unknown[] }[] = [
      { name: 'no filter (newest first)', q: '', where: '', params: [] },
      { name: 'type = meter_rollback', q: '&f.code=meter_rollback', where: `x.code = $2`, params: ['meter_rollback'] },
      { name: 'store (the busiest)', q: `&f.storeId=${store}`, where: `x.store_id = $2`, params: [store] },
      { name: 'tank', q: `&f.tankId=${tank}`, where: `x.tank_id = $2`, params: [tank] },
      {
        name: 'severity critical, older than a week',
        q: '&f.severity=critical&f.age=7d',
        where: `x.severity = 'critical' and x.raised_at < now() - interval '7 days'`,
        params: [],
      },
      {
        name: 'employee (via the dispense)',
        q: `&f.employeeId=${employee}`,
        where: `x.entity = 'dispense' and x.entity_id in (select d.id from dispenses d where d.account_id = x.account_id and d.employee_id = $2)`,
        params: [employee],
      },
      {
        name: 'search q=1234 (message, fleet no, tank)',
        q: '&q=1234',
        // As written by hand (ADR 034): the message by its trigram index, the names as id sets.
        where: `(x.message ilike '%1234%'
          or x.equipment_id = any(array(select e.id from equipment e where e.account_id = $1 and e.fleet_no ilike '%1234%'))
          or x.tank_id = any(array(select t.id from tanks t where t.account_id = $1 and t.code ilike '%1234%')))`,
        params: [],
      },
    ];
    const rows = [];
    for (const c of cases) {
      session = await apiSession(srv.url, 'admin', 'admin123');
      const page = await list(c.q);
      const hand = handSql(pool, a, c.where, c.params);
      const [handRows, handCount] = await hand();
      const same = page.total === handCount.rows[0].n && page.items[0]?.id === handRows.rows[0]?.id;
      const viaApi = await timed(() => list(c.q));
      const viaSql = await timed(hand);
      rows.push({
        filter: c.name,
        matches: page.total.toLocaleString('en'),
        'API p50 ms': viaApi.p50.toFixed(1),
        'API p99 ms': viaApi.p99.toFixed(1),
        'SQL p50 ms': viaSql.p50.toFixed(1),
        'SQL p99 ms': viaSql.p99.toFixed(1),
        'API ÷ SQL (p50)': (viaApi.p50 / viaSql.p50).toFixed(2),
        'same page': same ? 'yes' : 'NO',
      });
      process.stderr.write(`${JSON.stringify(rows.at(-1))}\n`);
    }
    table(
      `/Exceptions page 1 (pageSize ${PAGE}, with the total), ${counts.total.toLocaleString('en')} exceptions in the account, ${counts.open.toLocaleString('en')} unresolved (seeded ${N.toLocaleString('en')} in ${seeded} ms); ${REQUESTS} sequential requests each`,
      rows,
    );
  } finally {
    if (process.env.FAMS_BENCH_KEEP) process.stderr.write(`kept ${dir} (server stopped)\n`);
    await pool.end();
    await raw.end();
    await srv.stop();
    if (!process.env.FAMS_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}
