/**
 * List latency at 100,000 equipment (issue 3): page 1, a search, and a deep page both by offset
 * (`page=1500`) and by the keyset cursor (`after`) at the same depth. A fresh server; the fleet is
 * seeded with one SQL statement (the benchmark is about reading).
 *
 * `/FiltersDispensing` at 2,000,000 dispenses (issue 11, ADR 034): page 1 with its total and the
 * totals (the two requests the screen makes), with and without a search and a date, beside the
 * same page and sums written by hand. `FAMS_BENCH_LISTS=equipment|dispenses` runs one part.
 */
import fs from 'node:fs';
import pg from 'pg';
import { benchDataDir, table } from './lib';
import { seedDispenses } from './dispenses-2m';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const N = 100_000;
const REQUESTS = 50;
const WARM_UP = 5;
const PAGE_SIZE = 25;
const DEEP_PAGE = 1500;
const DISPENSE_REQUESTS = 30;

async function seed(dbUrl: string, accountId: number) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const one = async (q: string) => (await db.query(q, [accountId])).rows[0]?.id as string;
    const type = await one(
      'select id from equipment_types where account_id = $1 and deleted_at is null order by code limit 1',
    );
    const cc = await one(
      'select id from cost_centres where account_id = $1 and deleted_at is null order by code limit 1',
    );
    await db.query(
      `insert into equipment (account_id, fleet_no, registration, description, type_id, cost_centre_id, current_meter, created_by, updated_by)
      select $1, 'BF-' || lpad(g::text, 6, '0'), 'BR ' || lpad(g::text, 6, '0') || ' GP',
        (array['Volvo tipper', 'Scania tanker', 'MAN flatbed', 'Toyota bakkie', 'CAT loader'])[1 + g % 5] || ' ' || g,
        $2, $3, g * 10, 1, 1
      from generate_series(1, ${N}) g`,
      [accountId, type, cc],
    );
    await db.query('analyze equipment');
  } finally {
    await db.end();
  }
}

async function measure(label: string, get: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await get(i);
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await get(i);
    ms.push(performance.now() - t0);
  }
  const r = (n: number) => n.toFixed(1);
  return {
    case: label,
    requests: REQUESTS,
    'p50 ms': r(percentile(ms, 50)),
    'p99 ms': r(percentile(ms, 99)),
    'max ms': r(Math.max(...ms)),
  };
}

async function equipmentList() {
  const dir = benchDataDir('lists');
  fs.rmSync(dir, { recursive: true, force: true });
  const srv = await startServerProcess(dir, 8931);
  try {
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const t0 = performance.now();
    await seed(embeddedDbUrl(dir), api.accountId);
    const seeded = Math.round(performance.now() - t0);
    const list = (q: string) => api.get(`/api/v1/equipment?pageSize=${PAGE_SIZE}&${q}`);
    const total = (await list('page=1')).total as number;
    // The cursor of the last row of page 1499 starts page 1500 by keyset.
    const cursor = (await list(`page=${DEEP_PAGE - 1}`)).next as string;
    const words = ['BF-0123', 'tanker 77', 'BR 0999', 'loader 42', 'Scania 5'];
    const rows = [
      await measure('page 1 (default sort fleetNo)', () => list('page=1')),
      await measure('search q= (5 different words)', (i) => list(`q=${encodeURIComponent(words[i % words.length])}`)),
      await measure(`page ${DEEP_PAGE} by offset`, () => list(`page=${DEEP_PAGE}`)),
      await measure(`page ${DEEP_PAGE} by keyset (after=)`, () => list(`after=${encodeURIComponent(cursor)}`)),
    ];
    table(
      `Equipment list, ${total.toLocaleString('en')} rows in the account (seeded ${N.toLocaleString('en')} in ${seeded} ms), pageSize ${PAGE_SIZE}, sequential requests`,
      rows,
    );
  } finally {
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The page (names by joins) and one aggregate beside it, as one would write them by hand. */
function handDispenses(pool: pg.Pool, accountId: number, cond: string, params: unknown[]) {
  const where = `d.account_id = $1${cond ? ` and ${cond}` : ''}`;
  const stores = 'join stores s on s.account_id = d.account_id and s.id = d.store_id';
  return () =>
    Promise.all([
      pool.query(
        `select d.id, d.dispensed_at, d.litres, d.meter, d.device_id, d.note, s.code as store, t.code as tank,
          p.code as product, e.fleet_no, em.name as employee
        from dispenses d ${stores}
        join tanks t on t.account_id = d.account_id and t.id = d.tank_id
        join products p on p.account_id = d.account_id and p.id = d.product_id
        join equipment e on e.account_id = d.account_id and e.id = d.equipment_id
        left join employees em on em.account_id = d.account_id and em.id = d.employee_id
        where ${where} order by d.dispensed_at desc, d.id limit 26`,
        [accountId, ...params],
      ),
      pool.query(
        `select count(*)::int as rows, sum(d.litres) as litres, sum(case when d.reversal_of is null then 1 else -1 end)::int as net
        from dispenses d ${stores} where ${where}`,
        [accountId, ...params],
      ),
    ]);
}

async function timed(f: () => Promise<unknown>, requests: number) {
  for (let i = 0; i < WARM_UP; i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

async function dispenseList() {
  const dir = benchDataDir('lists-dispenses');
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.FAMS_DEMO_HISTORY = '0';
  process.env.FAMS_GAUGE_SIMULATOR = '0';
  const srv = await startServerProcess(dir, Number(process.env.FAMS_BENCH_PORT ?? 8932));
  const url = embeddedDbUrl(dir);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const accountId = (await apiSession(srv.url, 'admin', 'admin123')).accountId;
    const t0 = performance.now();
    await seedDispenses(raw, accountId);
    const seeded = Math.round((performance.now() - t0) / 1000);
    const fleetNo = (
      await raw.query(`select fleet_no from equipment where account_id = $1 order by fleet_no offset 11 limit 1`, [
        accountId,
      ])
    ).rows[0].fleet_no as string;
    const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const search = `(d.equipment_id = any(array(select id from equipment where account_id = $1 and (fleet_no ilike $2
      or registration ilike $2))) or d.device_id ilike $2 or d.note ilike $2)`;
    const since = (n: number) =>
      `d.dispensed_at >= (($${n}::date - 1)::timestamp at time zone 'UTC') and (d.dispensed_at at time zone s.timezone)::date >= $${n}::date`;
    const cases = [
      { name: 'no filter (all 2M)', q: '', cond: '', params: [] as unknown[] },
      { name: 'from a date ~40 days back', q: `&f.from=${from}`, cond: since(2), params: [from] },
      { name: `search q=${fleetNo} (fleet no.)`, q: `&q=${fleetNo}`, cond: search, params: [`%${fleetNo}%`] },
      {
        name: 'search + from a date',
        q: `&q=${fleetNo}&f.from=${from}`,
        cond: `${search} and ${since(3)}`,
        params: [`%${fleetNo}%`, from],
      },
    ];
    const rows = [];
    for (const c of cases) {
      // A fresh session per case: the whole run outlives an access token.
      const api = await apiSession(srv.url, 'admin', 'admin123');
      const screen = () =>
        Promise.all([
          api.get(`/api/v1/records/dispenses?page=1&pageSize=25${c.q}`),
          api.get(`/api/v1/records/dispenses/totals?page=1&pageSize=25${c.q}`),
        ]);
      const hand = handDispenses(pool, accountId, c.cond, c.params);
      const [page, totals] = await screen();
      const [handPage, handSum] = await hand();
      const same =
        page.total === handSum.rows[0].rows &&
        totals.rows === handSum.rows[0].rows &&
        Math.abs(totals.litres - Number(handSum.rows[0].litres ?? 0)) < 0.01 &&
        page.items[0]?.id === handPage.rows[0]?.id;
      const viaApi = await timed(screen, DISPENSE_REQUESTS);
      const viaSql = await timed(hand, DISPENSE_REQUESTS);
      rows.push({
        case: c.name,
        matches: (page.total as number).toLocaleString('en'),
        'API p50 ms': viaApi.p50.toFixed(0),
        'API p99 ms': viaApi.p99.toFixed(0),
        'SQL p50 ms': viaSql.p50.toFixed(0),
        'SQL p99 ms': viaSql.p99.toFixed(0),
        'same page + totals': same ? 'yes' : 'NO',
      });
      process.stderr.write(`${JSON.stringify(rows.at(-1))}\n`);
    }
    table(
      `/FiltersDispensing page 1 + total + totals (2 parallel requests) over 2,000,000 dispenses (seeded in ${seeded} s); hand SQL: the page by joins + one plain sum, in parallel; ${DISPENSE_REQUESTS} sequential requests each`,
      rows,
    );
  } finally {
    await pool.end();
    await raw.end();
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const parts = (process.env.FAMS_BENCH_LISTS ?? 'equipment,dispenses').split(',');
  if (parts.includes('equipment')) await equipmentList();
  if (parts.includes('dispenses')) await dispenseList();
}
