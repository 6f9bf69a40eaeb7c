/**
 * List latency at 100,000 equipment (issue 3): page 1, a search, and a deep page both by offset
 * (`page=1500`) and by the keyset cursor (`after`) at the same depth. A fresh server; the fleet is
 * seeded with one SQL statement (the benchmark is about reading).
 */
import fs from 'node:fs';
import pg from 'pg';
import { benchDataDir, table } from './lib';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const N = 100_000;
const REQUESTS = 50;
const WARM_UP = 5;
const PAGE_SIZE = 25;
const DEEP_PAGE = 1500;

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

export async function run() {
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
