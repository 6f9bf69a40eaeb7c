/**
 * The nightly integrity run (issue 12) over the demo year plus 2,000,000 dispenses: the whole run
 * as the nightly job does it (`integrityService(db).run`: nine statements in one repeatable-read
 * snapshot, rows kept in `integrity_runs`) and each check's own statement, beside a hand-written
 * count for the same check. The dispenses are generated set-based in SQL (generate_series) in the
 * year before the demo's, meters rising per vehicle, into a bench data dir (a copy of the e2e year
 * template when present); the counts of both paths are compared.
 */
import fs from 'node:fs';
import pg from 'pg';
import { FUTURE_TOLERANCE_MINUTES, INTEGRITY_CHECK_IDS, type IntegrityCheckId } from '../src/contract/integrity';
import { connect } from '../server/db/client';
import { checksRepository } from '../server/modules/integrity/checks.repository';
import { integrityService } from '../server/modules/integrity/integrity.service';
import { demoYearDir } from './exceptions.bench';
import { table } from './lib';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const N = 2_000_000;
const RUNS = 5;
const PORT = 8581;

async function seed(db: pg.Client, accountId: number) {
  await db.query('alter table dispenses disable trigger user');
  try {
    await db.query(
      `with ctx as (
        select
          (select array_agg(t.id order by t.id) from tanks t where t.account_id = $1 and t.deleted_at is null) as tk,
          (select array_agg(t.store_id order by t.id) from tanks t where t.account_id = $1 and t.deleted_at is null) as st,
          (select array_agg(t.product_id order by t.id) from tanks t where t.account_id = $1 and t.deleted_at is null) as pr,
          (select array_agg(id order by fleet_no) from equipment where account_id = $1 and deleted_at is null and active) as eq,
          (select array_agg(id order by number) from employees where account_id = $1 and deleted_at is null and active) as em,
          (select min(user_id) from memberships where account_id = $1) as uid,
          (select min(dispensed_at) from dispenses where account_id = $1) as first
      )
      insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id,
        equipment_id, employee_id, litres, meter, meter_type, dispensed_at)
      select $1, gen_random_uuid(), 'bench', 'bench', uid, 'FAMS', st[1 + g % cardinality(tk)], tk[1 + g % cardinality(tk)],
        pr[1 + g % cardinality(tk)], eq[1 + g % cardinality(eq)], em[1 + g % cardinality(em)], 20 + g % 180,
        round((${N} - g) / 100.0, 1), 'km', first - interval '1 day' - g * interval '15 seconds'
      from ctx, generate_series(1, ${N}) g`,
      [accountId],
    );
  } finally {
    await db.query('alter table dispenses enable trigger user');
  }
  await db.query('vacuum analyze dispenses');
}

const NOT_REVERSED = `d.reversal_of is null and not exists (select 1 from dispenses r where r.account_id = $1 and r.reversal_of = d.id)`;
const FUTURE = `now() + interval '${FUTURE_TOLERANCE_MINUTES} minutes'`;
const INACTIVE_SINCE = (entity: string, alias: string) => `coalesce(${alias}.deleted_at,
  (select max(l.at) from audit_log l where l.account_id = $1 and l.entity = '${entity}' and l.entity_id = ${alias}.id::text
    and l.after ->> 'active' = 'false' and coalesce(l.before ->> 'active', 'true') <> 'false'), ${alias}.updated_at)`;

/** Each check's count as one would write it by hand (no names, no rows). */
const HAND: Record<IntegrityCheckId, string> = {
  meter_out_of_sequence: `select count(*) from (select d.meter < lag(d.meter) over (partition by d.equipment_id, d.meter_type
    order by d.dispensed_at, d.id) as bad from dispenses d where d.account_id = $1 and d.meter is not null and ${NOT_REVERSED}) x where bad`,
  tag_two_holders: `select count(*) from (select lower(tag) from (
      select t.tag, e.id from equipment e, unnest(e.tags) t(tag) where e.account_id = $1 and e.deleted_at is null and t.tag <> ''
      union all select p.tag, p.id from employees p where p.account_id = $1 and p.deleted_at is null and p.tag <> '') h
    group by 1 having count(distinct id) > 1) x`,
  tank_without_strapping: `select count(*) from tanks t where t.account_id = $1 and t.deleted_at is null
    and coalesce(case when jsonb_typeof(t.strapping_chart) = 'array' then jsonb_array_length(t.strapping_chart) end, 0) < 2`,
  negative_book_stock: `select count(*) from tank_stock k join tanks t on t.account_id = $1 and t.id = k.tank_id
    where k.account_id = $1 and k.book_litres < 0 and t.deleted_at is null`,
  overlapping_allocations: `select count(*) from allocations x join allocations y on y.account_id = $1 and y.product_id = x.product_id
    and x.id < y.id and y.deleted_at is null and y.active and y.equipment_id is not distinct from x.equipment_id
    and y.employee_id is not distinct from x.employee_id and y.cost_centre_id is not distinct from x.cost_centre_id
    and (x.store_id is null or y.store_id is null or x.store_id = y.store_id)
    where x.account_id = $1 and x.deleted_at is null and x.active`,
  receipt_without_tank: `select count(*) from receipts r left join tanks t on t.account_id = $1 and t.id = r.tank_id
    where r.account_id = $1 and (t.id is null or t.deleted_at is not null)`,
  reading_in_future: `select (select count(*) from tank_readings where account_id = $1 and read_at > ${FUTURE})
    + (select count(*) from dispenses where account_id = $1 and dispensed_at > ${FUTURE})`,
  transfer_legs_disagree: `select count(*) from transfers t
    where t.account_id = $1 and (
      (select sum(m.litres) from stock_movements m where m.account_id = $1 and m.ref_id = t.id and m.kind = 'transfer_out'
        and m.tank_id = t.from_tank_id) is distinct from -t.litres
      or (t.to_tank_id is not null and (select sum(m.litres) from stock_movements m where m.account_id = $1 and m.ref_id = t.id
        and m.kind = 'transfer_in' and m.tank_id = t.to_tank_id) is distinct from t.litres))`,
  inactive_still_dispensing: `select count(*) from (
      select e.id, ${INACTIVE_SINCE('equipment', 'e')} as since, 'equipment_id' as col from equipment e
      where e.account_id = $1 and (not e.active or e.deleted_at is not null)
      union all select p.id, ${INACTIVE_SINCE('employee', 'p')}, 'employee_id' from employees p
      where p.account_id = $1 and (not p.active or p.deleted_at is not null)) i
    where exists (select 1 from dispenses d where d.account_id = $1 and d.dispensed_at > i.since and ${NOT_REVERSED}
      and case i.col when 'equipment_id' then d.equipment_id = i.id else d.employee_id = i.id end)`,
};

const stats = (ms: number[]) => ({ p50: percentile(ms, 50), max: Math.max(...ms) });

export async function run() {
  const dir = demoYearDir('integrity');
  const srv = await startServerProcess(dir, PORT);
  const dbUrl = embeddedDbUrl(dir);
  const raw = new pg.Client({ connectionString: dbUrl });
  await raw.connect();
  const database = connect(dbUrl, 2);
  try {
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const a = api.accountId;
    const t0 = performance.now();
    await seed(raw, a);
    const seeded = Math.round(performance.now() - t0);
    const total = (await raw.query('select count(*)::int as n from dispenses where account_id = $1', [a])).rows[0].n;
    await raw.query(`set statement_timeout = '600s'`);

    // The whole run, as the nightly job does it (one snapshot, recorded).
    const whole: number[] = [];
    let last = null as Awaited<ReturnType<ReturnType<typeof integrityService>['run']>>;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      last = await integrityService(database.db).run(a, 'manual');
      whole.push(performance.now() - s);
      if (last?.error) throw new Error(last.error);
    }
    process.stderr.write(`whole run p50 ${stats(whole).p50.toFixed(0)} ms\n`);

    const now = new Date();
    const checks = checksRepository(database.db, a);
    const rows = [];
    for (const id of INTEGRITY_CHECK_IDS) {
      const svc: number[] = [];
      const hand: number[] = [];
      let svcCount = 0;
      let handCount = 0;
      for (let i = 0; i < RUNS; i++) {
        let s = performance.now();
        svcCount = (await checks.run(id, now)).count;
        svc.push(performance.now() - s);
        s = performance.now();
        const [first] = (await raw.query(HAND[id], [a])).rows as Record<string, unknown>[];
        hand.push(performance.now() - s);
        handCount = Number(Object.values(first)[0]);
      }
      rows.push({
        check: id,
        found: svcCount,
        'FAMS ms (p50)': stats(svc).p50.toFixed(1),
        'hand count ms (p50)': stats(hand).p50.toFixed(1),
        ratio: (stats(svc).p50 / Math.max(0.1, stats(hand).p50)).toFixed(2),
        'same count': svcCount === handCount ? 'yes' : `NO (${handCount})`,
      });
      process.stderr.write(`${JSON.stringify(rows.at(-1))}\n`);
    }
    table(
      `Integrity run over ${total.toLocaleString('en')} dispenses in the account (demo year + ${N.toLocaleString('en')} seeded in ${seeded} ms); ${RUNS} runs`,
      [
        {
          path: 'whole nightly run (9 checks, one snapshot, recorded)',
          'p50 ms': stats(whole).p50.toFixed(0),
          'max ms': stats(whole).max.toFixed(0),
          findings: last?.total ?? 0,
        },
      ],
    );
    table('Each check: its statement (count + first 50 rows with names) beside a hand-written count', rows);
  } finally {
    await database.close();
    await raw.end();
    await srv.stop();
    if (!process.env.FAMS_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}
