import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAK_THRESHOLD_LPH } from '../../../src/contract/leak-test';
import { DEFAULT_THRESHOLDS, TRAINING_COLUMNS } from '../../../src/contract/ml';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, type Fixture, type Session } from '../records/fixture.testutil';
import { dispensesCsv, readingsCsv } from './testing';

/**
 * `/MLUpload` against a real server (ADR 052): a hand-made history with one known outlier, one
 * meter rollback and one leaking tank scores exactly those; bad files are clear 4xx; no account
 * table changes; the training set's columns and labels; thresholds versioned, rolled back and read
 * by the detection; tenant isolation and the rule (ThebigBoss only).
 */
let srv: TestServer;
let f: Fixture;
let boss: Session;
let bossNorth: Session;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  bossNorth = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(() => srv?.close());

const SCORE = '/api/v1/ml/score';
const THRESHOLDS = '/api/v1/ml/thresholds';

async function upload(s: Session, path: string, body: string | Uint8Array<ArrayBuffer>, contentType = 'text/csv') {
  const res = await fetch(srv.url + path, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
const score = (s: Session, kind: string, body: string | Uint8Array<ArrayBuffer>, type?: string) =>
  upload(s, `${SCORE}?kind=${kind}&fileName=history.csv`, body, type);

/** Rows of every table with an `account_id` but the sandbox's own, per table. */
async function accountTableCounts(): Promise<Record<string, number>> {
  const { rows } = await srv.database.db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name = 'account_id' and c.table_name <> 'ml_sandbox_reports'
    order by 1`);
  const out: Record<string, number> = {};
  for (const r of rows) {
    const { rows: n } = await srv.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(r.table_name)}`,
    );
    out[r.table_name] = n[0].n;
  }
  return out;
}

describe('scoring a history in the sandbox', () => {
  it('finds exactly the planted outlier and meter rollback, and the leaking tank, writing into no account table', async () => {
    const before = await accountTableCounts();
    expect(Object.keys(before).length).toBeGreaterThan(20);

    const d = await score(boss, 'dispenses', dispensesCsv());
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({ kind: 'dispenses', rowsSkipped: 0, subjects: 2, thresholdsVersion: 0 });
    expect(d.body.anomalies.map((a: any) => [a.code, a.subject, a.at])).toEqual([
      ['consumption_outlier', 'TRK-1', '2026-01-31T08:00:00'],
      ['meter_rollback', 'TRK-2', '2026-01-05T09:00:00'],
    ]);
    const outlier = d.body.anomalies[0];
    expect(outlier).toMatchObject({ value: 60, baseline: 30 });
    expect(outlier.message).toContain('100 % over its usual 30.0 L/100 km');

    const r = await score(boss, 'readings', readingsCsv());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'readings', subjects: 2 });
    expect(r.body.anomalies).toHaveLength(1);
    expect(r.body.anomalies[0]).toMatchObject({ code: 'leak_suspected', subject: 'T-LEAK', at: '2026-02-13' });
    expect(r.body.anomalies[0].value).toBeCloseTo(2, 1);

    expect(await accountTableCounts()).toEqual(before);

    // The report again, and as files.
    expect((await boss.get(`${SCORE}/${d.body.id}`)).body.anomalies).toEqual(d.body.anomalies);
    const csv = await boss.get(`${SCORE}/${d.body.id}/file?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Anomaly,Equipment or tank,When,File row,Value,Usual,Score,What');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Fuel use far over usual,TRK-1,/);
    const xlsx = await fetch(`${srv.url}${SCORE}/${d.body.id}/file?format=xlsx`, { headers: boss.headers });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('reads the same history from an XLSX workbook', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Fills');
    for (const line of dispensesCsv().trim().split('\n')) ws.addRow(line.split(','));
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    const x = await score(boss, 'dispenses', buf, 'application/octet-stream');
    expect(x.status).toBe(201);
    expect(x.body.anomalies.map((a: any) => a.code)).toEqual(['consumption_outlier', 'meter_rollback']);
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const before = await srv.database.db.execute(sql`select count(*)::int as n from ml_sandbox_reports`);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const bin = await score(boss, 'dispenses', png, 'application/octet-stream');
    expect(bin.status).toBe(415);
    expect(bin.body.message).toContain('neither a CSV nor an XLSX');
    const xls = await score(boss, 'dispenses', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1]));
    expect(xls.status).toBe(415);
    expect(xls.body.message).toContain('.xls');

    const cols = await score(boss, 'dispenses', 'Vehicle,Date\nTRK-1,2026-01-01\n');
    expect(cols.status).toBe(422);
    expect(cols.body.code).toBe('bad_columns');
    expect(Object.keys(cols.body.fieldErrors)).toEqual(['columns.litres']);
    const tank = await score(boss, 'readings', dispensesCsv());
    expect(tank.status).toBe(422);
    expect(Object.keys(tank.body.fieldErrors)).toEqual(['columns.tank']);

    const big = await score(boss, 'dispenses', 'a'.repeat(5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((await score(boss, 'forecasts', 'a,b\n')).status).toBe(400);
    expect((await score(boss, 'dispenses', 'a,b\n', 'image/png')).status).toBe(415);

    // A row with a bad number is skipped and said, not a failure.
    const skipped = await score(
      boss,
      'dispenses',
      'Fleet No,Date,Litres,Odometer\nX,2026-01-01,lots,100\nX,2026-01-02,30,200\n',
    );
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({ rowsRead: 2, rowsSkipped: 1, skipped: ['Row 2: “lots” is not a volume'] });
    const after = await srv.database.db.execute(sql`select count(*)::int as n from ml_sandbox_reports`);
    expect((after.rows[0] as any).n).toBe((before.rows[0] as any).n + 1);
  });

  it('keeps reports to their account and drops expired ones', async () => {
    const d = await score(boss, 'dispenses', dispensesCsv());
    expect((await bossNorth.get(`${SCORE}/${d.body.id}`)).status).toBe(404);
    expect((await bossNorth.get(`${SCORE}/${d.body.id}/file`)).status).toBe(404);
    await srv.database.db.execute(
      sql`update ml_sandbox_reports set expires_at = now() - interval '1 minute' where id = ${d.body.id}`,
    );
    expect((await boss.get(`${SCORE}/${d.body.id}`)).status).toBe(404);
    await score(boss, 'dispenses', dispensesCsv());
    const left = await srv.database.db.execute(sql`select 1 from ml_sandbox_reports where id = ${d.body.id}`);
    expect(left.rows).toHaveLength(0);
  });
});

describe('rules', () => {
  it('every endpoint is for ThebigBoss only', async () => {
    for (const s of [f.admin, f.editor, f.driver]) {
      expect((await score(s, 'dispenses', dispensesCsv())).status).toBe(403);
      expect((await s.get(`${THRESHOLDS}`)).status).toBe(403);
      expect((await s.get('/api/v1/ml/training-set?kind=equipment&from=2026-10-01&to=2026-10-31')).status).toBe(403);
      expect((await s.send('POST', `${THRESHOLDS}/0/activate`)).status).toBe(403);
      expect((await upload(s, `${THRESHOLDS}?fileName=t.json`, '{"leakMinDays": 20}')).status).toBe(403);
    }
  });
});

describe('training set', () => {
  it('has its columns and labels each day by the outcome of its exceptions', async () => {
    // d1 (E1, 2026-10-01 local) raised over_daily_limit: resolved as a false alarm.
    const { rows } = await srv.database.db.execute<{ id: string }>(
      sql`select id from exceptions where entity_id = ${f.d.d1} and code = 'over_daily_limit'`,
    );
    const resolved = await f.admin.send('POST', `/api/v1/exceptions/${rows[0].id}/resolve`, {
      reason: 'false_alarm',
      text: 'Allowed that day',
    });
    expect(resolved.status).toBe(200);

    const eq = await boss.get('/api/v1/ml/training-set?kind=equipment&from=2026-10-01&to=2026-10-31');
    expect(eq.status).toBe(200);
    expect(eq.headers.get('content-disposition')).toContain('training-equipment-days');
    const lines = String(eq.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(TRAINING_COLUMNS.equipment.join(','));
    const rowsOf = lines
      .slice(1)
      .map((l) => Object.fromEntries(l.split(',').map((v, i) => [TRAINING_COLUMNS.equipment[i], v])));
    const e1day1 = rowsOf.find((r) => r.equipment_id === f.e1 && r.day === '2026-10-01')!;
    expect(e1day1).toMatchObject({
      fills: '1',
      litres: '100',
      exceptions: '1',
      codes: 'over_daily_limit',
      label: 'false_alarm',
    });
    const e1day5 = rowsOf.find((r) => r.equipment_id === f.e1 && r.day === '2026-10-05')!;
    expect(e1day5).toMatchObject({ fills: '1', litres: '30', exceptions: '0', label: 'none' });

    const tk = await boss.get('/api/v1/ml/training-set?kind=tank&from=2026-10-01&to=2026-10-07');
    expect(tk.status).toBe(200);
    const tlines = String(tk.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(tlines[0]).toBe(TRAINING_COLUMNS.tank.join(','));
    const t1 = tlines
      .slice(1)
      .map((l) => l.split(','))
      .filter((c) => c[0] === f.t1);
    expect(t1.map((c) => c[2])).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);

    // Another account's training set has none of these rows.
    const north = await bossNorth.get('/api/v1/ml/training-set?kind=equipment&from=2026-10-01&to=2026-10-31');
    expect(String(north.body)).not.toContain(f.e1);

    const bad = await boss.get('/api/v1/ml/training-set?kind=equipment&from=2026-10-31&to=2026-10-01');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.to).toBeDefined();
    expect((await boss.get('/api/v1/ml/training-set?kind=equipment&from=2024-01-01&to=2026-01-01')).status).toBe(400);
  });
});

describe('detection thresholds', () => {
  const leakThreshold = async (s: Session) => {
    const r = await s.get('/api/v1/balancing/leak-tests');
    expect(r.status).toBe(200);
    return r.body.rows.map((x: any) => x.threshold) as number[];
  };

  it('are versioned, audited, read by the detection and rolled back', async () => {
    const v0 = await boss.get(THRESHOLDS);
    expect(v0.body).toMatchObject({ active: 0, defaults: DEFAULT_THRESHOLDS });
    expect(v0.body.versions.map((v: any) => v.version)).toEqual([0]);
    expect(new Set(await leakThreshold(f.admin))).toEqual(new Set([LEAK_THRESHOLD_LPH]));

    // Out of bounds, unknown names, not a text file: 422/415 and nothing stored.
    const bad = await upload(boss, `${THRESHOLDS}?fileName=t.json`, '{"leakThresholdLph": 99, "zScore": 3}');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'bad_thresholds', fieldErrors: { zScore: [expect.any(String)] } });
    const bounds = await upload(boss, `${THRESHOLDS}?fileName=t.csv`, 'name,value\nleakThresholdLph,99\n');
    expect(bounds.status).toBe(422);
    expect(bounds.body.fieldErrors.leakThresholdLph[0]).toContain('at most 5');
    const order = await upload(boss, `${THRESHOLDS}?fileName=t.json`, '{"leakThresholdLph": 3, "leakTargetLph": 2}');
    expect(order.status).toBe(422);
    expect((await upload(boss, `${THRESHOLDS}?fileName=t.json`, '{"leakMinDays": 20.5}')).status).toBe(422);
    expect(
      (await upload(boss, `${THRESHOLDS}?fileName=t.json`, new Uint8Array([0, 1, 2]), 'application/octet-stream'))
        .status,
    ).toBe(415);
    expect((await boss.get(THRESHOLDS)).body.versions).toHaveLength(1);

    // Version 1 (JSON): the leak threshold over the planted 2 L/h leak.
    const v1 = await upload(
      boss,
      `${THRESHOLDS}?fileName=t.json&note=Calibrated`,
      '{"leakThresholdLph": 2.5, "leakTargetLph": 5}',
    );
    expect(v1.status).toBe(201);
    expect(v1.body.active).toBe(1);
    expect(v1.body.versions[0]).toMatchObject({
      version: 1,
      active: true,
      note: 'Calibrated',
      values: { ...DEFAULT_THRESHOLDS, leakThresholdLph: 2.5, leakTargetLph: 5 },
    });
    expect(new Set(await leakThreshold(f.admin))).toEqual(new Set([2.5]));
    const r1 = await score(boss, 'readings', readingsCsv());
    expect(r1.body).toMatchObject({ thresholdsVersion: 1, anomalies: [] });

    // Version 2 (CSV).
    const v2 = await upload(boss, `${THRESHOLDS}?fileName=t.csv`, 'leakMinDays,20\nbaselineMinFills,12\n');
    expect(v2.status).toBe(201);
    expect(v2.body.active).toBe(2);
    expect(v2.body.versions.find((v: any) => v.version === 2).values).toMatchObject({
      leakMinDays: 20,
      baselineMinFills: 12,
      leakThresholdLph: LEAK_THRESHOLD_LPH,
    });

    // Rollback to 1, then to the constants; an unknown version is 404 and changes nothing.
    expect((await boss.send('POST', `${THRESHOLDS}/1/activate`)).body.active).toBe(1);
    expect(new Set(await leakThreshold(f.admin))).toEqual(new Set([2.5]));
    expect((await boss.send('POST', `${THRESHOLDS}/9/activate`)).status).toBe(404);
    expect((await boss.send('POST', `${THRESHOLDS}/x/activate`)).status).toBe(400);
    const back = await boss.send('POST', `${THRESHOLDS}/0/activate`);
    expect(back.body.active).toBe(0);
    expect(back.body.versions.filter((v: any) => v.active).map((v: any) => v.version)).toEqual([0]);
    expect(new Set(await leakThreshold(f.admin))).toEqual(new Set([LEAK_THRESHOLD_LPH]));
    expect((await score(boss, 'readings', readingsCsv())).body.anomalies).toHaveLength(1);

    const audits = await srv.database.db.execute<{ action: string; entity_id: string }>(
      sql`select action, entity_id from audit_log where entity = 'detection_thresholds' and account_id = ${f.admin.item.account.accountId} order by at, id`,
    );
    expect(audits.rows.map((a) => `${a.action}:${a.entity_id}`)).toEqual([
      'create:1',
      'create:2',
      'activate:1',
      'activate:0',
    ]);

    // Another account keeps the constants and cannot roll this one's versions.
    expect((await bossNorth.get(THRESHOLDS)).body).toMatchObject({ active: 0 });
    expect((await bossNorth.send('POST', `${THRESHOLDS}/1/activate`)).status).toBe(404);
  });
});
