/**
 * The 2,000,000-dispense bench database shared by the pivot and report-sql benches (lists.bench.ts
 * seeds its own size with `seedDispenses`): a fresh server without the demo year, the dispenses
 * generated in the database, and everything stopped and removed afterwards.
 */
import fs from 'node:fs';
import pg from 'pg';
import { connect, type Database } from '../server/db/client';
import { benchDataDir } from './lib';
import { apiSession, embeddedDbUrl, startServerProcess } from './server';

export const N = 2_000_000;
const CHUNK = 500_000;

/** 2,000,000 dispenses over the account's tanks, equipment and employees (also lists.bench.ts). */
export async function seedDispenses(db: pg.Client, accountId: number) {
  // Bulk load the way a DBA would: secondary indexes dropped, rows in, indexes built once.
  const indexes = (
    await db.query(`select indexname, indexdef from pg_indexes where tablename = 'dispenses'
    and indexname not in (select conname from pg_constraint where conrelid = 'dispenses'::regclass)`)
  ).rows as { indexname: string; indexdef: string }[];
  for (const i of indexes) await db.query(`drop index ${i.indexname}`);
  for (let from = 1; from <= N; from += CHUNK) {
    await db.query(
      `
      with t as (select array_agg(id order by code) ids, array_agg(store_id order by code) st, array_agg(product_id order by code) pr
                 from tanks where account_id = $1 and deleted_at is null),
           e as (select array_agg(id order by fleet_no) ids, array_agg(cost_centre_id order by fleet_no) cc from equipment where account_id = $1),
           p as (select array_agg(id order by number) ids from employees where account_id = $1)
      insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id, equipment_id,
                             employee_id, cost_centre_id, litres, meter, dispensed_at)
      select $1, gen_random_uuid(), 'bench', 'bench', 1, 'FAMS',
        t.st[1 + g % cardinality(t.ids)], t.ids[1 + g % cardinality(t.ids)], t.pr[1 + g % cardinality(t.ids)],
        e.ids[1 + (g * 7) % cardinality(e.ids)], case when g % 3 = 0 then null else p.ids[1 + (g * 13) % cardinality(p.ids)] end,
        e.cc[1 + (g * 7) % cardinality(e.ids)], 20 + (g % 180) + 0.5, g, now() - ((g % 525600) || ' minutes')::interval
      from generate_series($2::int, $3::int) g, t, e, p`,
      [accountId, from, Math.min(N, from + CHUNK - 1)],
    );
  }
  for (const i of indexes) await db.query(i.indexdef);
  await db.query('vacuum analyze dispenses');
}

export interface SeededBench {
  srv: Awaited<ReturnType<typeof startServerProcess>>;
  raw: pg.Client;
  database: Database;
  accountId: number;
  /** Seconds the load took. */
  seeded: number;
}

/** Runs `body` against a fresh server with N dispenses loaded, then stops and removes it all. */
export async function withSeededDispenses(name: string, port: number, body: (b: SeededBench) => Promise<void>) {
  const dir = benchDataDir(name);
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.FAMS_DEMO_HISTORY = '0';
  process.env.FAMS_GAUGE_SIMULATOR = '0';
  const srv = await startServerProcess(dir, port);
  const url = embeddedDbUrl(dir);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  const database = connect(url, 2);
  try {
    const accountId = (await apiSession(srv.url, 'admin', 'admin123')).accountId;
    const t0 = performance.now();
    await seedDispenses(raw, accountId);
    await body({ srv, raw, database, accountId, seeded: Math.round((performance.now() - t0) / 1000) });
  } finally {
    await raw.end();
    await database.close();
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
