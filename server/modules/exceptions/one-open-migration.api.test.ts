import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Migration 0035 (ADR 075) on exceptions as the month-keyed detectors left them: the same tank's
 * October and November leak exceptions both open (the demo's "3 critical"), a variance resolved in
 * September and open in October, a consumption outlier on its own. The migration ran on the empty
 * template; its data statements run again here over these rows.
 */
const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations/0035_one_open_exception_per_subject.sql',
);
let srv: TestServer;
let account = 0;
const tank = crypto.randomUUID();
const vehicle = crypto.randomUUID();
const id = { octLeak: crypto.randomUUID(), novLeak: crypto.randomUUID(), sepVar: crypto.randomUUID() };
const exec = (q: ReturnType<typeof sql>) => srv.database.db.execute(q);

beforeAll(async () => {
  srv = await startServer();
  account = Number((await exec(sql`select id from accounts where name = 'Demo Fuels'`)).rows[0].id);
  const leak = (rate: number, to: string) => ({ from: '2026-09-18', to, leakRate: rate, days: 44, method: 'SIR' });
  await exec(sql`insert into exceptions (account_id, id, code, severity, status, entity, entity_id, tank_id, message, details, dedupe_key, raised_at, resolved_at, resolution_reason) values
    (${account}, ${id.octLeak}, 'leak_suspected', 'critical', 'acknowledged', 'tank', ${tank}, ${tank}, 'T1: leak suspected — losing 1.870 L/h',
      ${JSON.stringify(leak(1.87, '2026-10-31'))}::jsonb, ${`leak_suspected:${tank}:2026-10`}, '2026-11-01T00:07:00Z', null, null),
    (${account}, ${id.novLeak}, 'leak_suspected', 'critical', 'open', 'tank', ${tank}, ${tank}, 'T1: leak suspected — losing 1.880 L/h',
      ${JSON.stringify(leak(1.88, '2026-11-27'))}::jsonb, ${`leak_suspected:${tank}:2026-11`}, '2026-11-28T06:07:00Z', null, null),
    (${account}, ${id.sepVar}, 'variance_over_threshold', 'critical', 'resolved', 'tank', ${tank}, ${tank}, 'T1: variance of -1,300 L in 2026-09',
      ${JSON.stringify({ month: '2026-09', variance: -1300, threshold: 1492.1 })}::jsonb, ${`variance_over_threshold:${tank}:2026-09`}, '2026-10-01T00:07:00Z', '2026-10-02T08:00:00Z', 'explained'),
    (${account}, gen_random_uuid(), 'variance_over_threshold', 'critical', 'open', 'tank', ${tank}, ${tank}, 'T1: variance of -1,350.5 L in 2026-10',
      ${JSON.stringify({ month: '2026-10', variance: -1350.5, threshold: 1492.1 })}::jsonb, ${`variance_over_threshold:${tank}:2026-10`}, '2026-11-01T00:07:00Z', null, null),
    (${account}, gen_random_uuid(), 'consumption_outlier', 'warning', 'open', 'dispense', gen_random_uuid(), null, 'DF-0009: 55.0 L for 100 km',
      ${JSON.stringify({ unit: 'L/100 km', baseline: 35.04, fillsInBaseline: 40, fills: [{ excess: 0.57 }, { excess: 0.6 }] })}::jsonb,
      ${`consumption_outlier:${vehicle}:2026-11`}, '2026-11-20T00:37:00Z', null, null)`);
  await exec(
    sql`update exceptions set equipment_id = ${vehicle} where dedupe_key = ${`consumption_outlier:${vehicle}:2026-11`}`,
  );
  const statements = fs
    .readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => !s.startsWith('CREATE INDEX'));
  for (const s of statements) await exec(sql.raw(s));
});
afterAll(async () => {
  await srv?.close();
});

const rows = async (code: string, subject: string) =>
  (
    await exec(sql`select id, status, message, details, dedupe_key, resolution_reason, resolution from exceptions
      where account_id = ${account} and code = ${code} and (tank_id = ${subject} or equipment_id = ${subject})
      order by raised_at, id`)
  ).rows as Record<string, any>[];
const events = async (exceptionId: string) =>
  (
    await exec(
      sql`select action, text, user_id from exception_events where exception_id = ${exceptionId} order by at, id`,
    )
  ).rows;

describe('migration 0035: one open exception per subject and kind', () => {
  it("merges a tank's two open leak exceptions into the oldest, which keeps both months", async () => {
    const [oct, nov] = await rows('leak_suspected', tank);
    expect(oct).toMatchObject({ id: id.octLeak, status: 'acknowledged', dedupe_key: `leak_suspected:${tank}` });
    expect(oct.details.period).toEqual({ from: '2026-10', to: '2026-11' });
    expect(oct.details.periods).toMatchObject([
      { period: '2026-10', leakRate: 1.87, verdict: 'fail', summary: '1.870 L/h', to: '2026-10-31' },
      { period: '2026-11', leakRate: 1.88, verdict: 'fail', summary: '1.880 L/h', to: '2026-11-27' },
    ]);
    expect(oct.message).toBe('T1: leak suspected — losing 1.880 L/h (2 months: October 2026 to November 2026)');
    expect(await events(id.octLeak)).toEqual([
      {
        action: 'continued',
        text: `Leak continues in November 2026: 1.880 L/h (merged from exception ${id.novLeak}, now resolved)`,
        user_id: null,
      },
    ]);
    // The duplicate is resolved, not deleted, and says where it went.
    expect(nov).toMatchObject({
      id: id.novLeak,
      status: 'resolved',
      dedupe_key: `leak_suspected:${tank}`,
      resolution_reason: 'other',
      resolution: `Merged into exception ${id.octLeak}: one open exception per tank or vehicle and kind (ADR 075)`,
    });
    expect(nov.details.periods).toMatchObject([{ period: '2026-11' }]);
    expect(await events(id.novLeak)).toEqual([{ action: 'resolved', text: `Other: ${nov.resolution}`, user_id: null }]);
    const audit = (
      await exec(sql`select action, after from audit_log where entity = 'exception' and entity_id = ${id.novLeak}`)
    ).rows;
    expect(audit).toEqual([
      {
        action: 'resolve',
        after: { status: 'resolved', reason: 'other', text: nov.resolution, mergedInto: id.octLeak },
      },
    ]);
  });

  it('keys every repeating exception by its subject, months in details; single ones keep their message', async () => {
    const [sep, oct] = await rows('variance_over_threshold', tank);
    expect(sep).toMatchObject({ id: id.sepVar, status: 'resolved', dedupe_key: `variance_over_threshold:${tank}` });
    expect(sep.details.periods).toMatchObject([
      { period: '2026-09', month: '2026-09', summary: '-1,300 L against an allowance of 1,492.1 L' },
    ]);
    expect(oct).toMatchObject({ status: 'open', message: 'T1: variance of -1,350.5 L in 2026-10' });
    expect(oct.details).toMatchObject({
      period: { from: '2026-10', to: '2026-10' },
      periods: [{ period: '2026-10', summary: '-1,350.5 L against an allowance of 1,492.1 L' }],
    });
    const [fuel] = await rows('consumption_outlier', vehicle);
    expect(fuel).toMatchObject({ status: 'open', dedupe_key: `consumption_outlier:${vehicle}` });
    expect(fuel.details.periods).toMatchObject([
      { period: '2026-11', summary: '2 fills, up to 60 % over its usual 35.0 L/100 km' },
    ]);
    // One open per subject and kind now: the dashboard counts the leak once.
    const open = (
      await exec(sql`select code, count(*)::int as n from exceptions
        where account_id = ${account} and tank_id = ${tank} and status <> 'resolved' group by code order by code`)
    ).rows;
    expect(open).toEqual([
      { code: 'leak_suspected', n: 1 },
      { code: 'variance_over_threshold', n: 1 },
    ]);
  });
});
