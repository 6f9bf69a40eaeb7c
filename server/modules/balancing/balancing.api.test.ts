import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { varianceDedupeKey } from '../../../src/contract/balancing';
import { addDays, localDate } from '../../../src/contract/calendar';
import { LEAK_METHOD, leakDedupeKey } from '../../../src/contract/leak-test';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { balancingService } from './balancing.service';
import { sweepVariance } from './variance-sweep';

/**
 * Reconciliation on a small data set whose every figure is worked out by hand below. Records go in
 * through the real ingest endpoints; readings (the gauge's side) and one reversal are inserted as
 * their writers store them. Store 1 is in Africa/Johannesburg (UTC+2): local 2026-03-01 is
 * [2026-02-28T22:00Z, 2026-03-01T22:00Z).
 *
 * Tank A (opening movement 10 000 L in February):
 *   readings  R0 2026-02-28T22:00Z (local Mar 1 00:00, closes Feb 28) 10 000
 *             R1 2026-03-01T10:00Z 9 000 (not a closing)
 *             R2 2026-03-01T22:00Z (local Mar 2 00:00, closes Mar 1) 13 430
 *             R3 2026-03-02T18:00Z 12 150 (last of Mar 2) · none on Mar 3 · R4 2026-03-04T10:00Z 12 000
 *   Mar 1  receipt 5 000; dispensed 1 000 (01:30 local = Feb 28 UTC) + 250.5 + 50 − 50 (reversal) = 1 250.5; transfer
 * out 300 to B
 *          book 10 000 + 5 000 − 1 250.5 − 300 = 13 449.5; variance 13 430 − 13 449.5 = −19.5 (−1.56 %)
 *   Mar 2  dispensed 400 (at local 00:00 exactly: belongs to Mar 2) + 1 600 = 2 000; transfer in 750.25 from B
 *          book 13 430 − 2 000 + 750.25 = 12 180.25; variance 12 150 − 12 180.25 = −30.25 (−1.51 %)
 *   Mar 3  opening R3 12 150; dispensed 100; book 12 050; no reading → no variance
 *   Mar 4  no closing on Mar 3 → opening from the book: 10 000 + 5 000 − 1 250.5 − 300 − 2 000 + 750.25 − 100 = 12
 * 099.75;
 *          variance 12 000 − 12 099.75 = −99.75 (nothing sold → no %)
 *   March  receipts 5 000, dispensed 3 350.5, out 300, in 750.25, book closing 12 099.75,
 *          variance −149.5 (−4.46 %), threshold 1 % × 3 350.5 + 492.1 = 525.605 → not flagged
 * Tank B (same store, opening 5 000, no readings): Mar 1 in 300, Mar 2 out 750.25.
 * Tank C (store 2, UTC, opening 1 000): Mar 9 closes on 1 000 (reading at Mar 10 00:00) = its book, so no variance;
 *          Mar 10 opens on that reading and closes at 400 with no records:
 *          variance −600 > 492.1 → flagged, raises `variance_over_threshold` once.
 *          February: the same pattern on Feb 10 (1 000 → 200, −800), found by the background sweep.
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'store' | 'store2' | 'product' | 'tankA' | 'tankB' | 'tankC' | 'type' | 'eq', string>;
const d3 = crypto.randomUUID();
const reversal = crypto.randomUUID();

async function create(path: string, body: object): Promise<string> {
  const r = await admin.send('POST', `/api/v1/${path}`, body);
  if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}
async function ingest(kind: string, records: object[]) {
  const r = await admin.send('POST', `/api/v1/${kind}/batch`, { records });
  for (const x of r.body.results) if (x.status !== 'created') throw new Error(`${kind}: ${JSON.stringify(x)}`);
}
const exec = (q: ReturnType<typeof sql>) => srv.database.db.execute(q);
const dispense = (litres: number, at: string, id: string = crypto.randomUUID()) => ({
  id,
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tankA,
  equipmentId: f.eq,
  litres,
  dispensedAt: at,
  deviceId: 'balancing-test',
});

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  const u = Date.now().toString(36);
  f.store = await create('stores', {
    code: `B${u}`,
    name: 'Balancing site',
    variant: 'FAMS',
    timezone: 'Africa/Johannesburg',
  });
  f.store2 = await create('stores', { code: `C${u}`, name: 'Balancing UTC', variant: 'FAMS', timezone: 'UTC' });
  f.product = await create('products', { code: `P${u}`, name: 'Balancing diesel', kind: 'fuel', price: 20 });
  const tank = (storeId: string, code: string) =>
    create('tanks', {
      storeId,
      productId: f.product,
      code,
      name: `Tank ${code}`,
      capacity: 50_000,
      safeFill: 47_500,
      lowLevel: 5_000,
    });
  f.tankA = await tank(f.store, 'TA');
  f.tankB = await tank(f.store, 'TB');
  f.tankC = await tank(f.store2, 'TC');
  f.type = await create('equipment-types', {
    code: `Y${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 2000,
    meterType: 'km',
  });
  f.eq = await create('equipment', { fleetNo: `BAL-${u}`, typeId: f.type });
  const acc = admin.item.account.accountId;
  await exec(sql`insert into stock_movements (account_id, tank_id, at, litres, kind) values
    (${acc}, ${f.tankA}, '2026-02-01T00:00:00Z', 10000, 'opening'), (${acc}, ${f.tankB}, '2026-02-01T00:00:00Z', 5000, 'opening'),
    (${acc}, ${f.tankC}, '2026-02-01T00:00:00Z', 1000, 'opening')`);

  await ingest('receipts', [
    {
      id: crypto.randomUUID(),
      tankId: f.tankA,
      supplier: 'Sasol',
      deliveryNote: 'DN-1',
      litres: 5000,
      receivedAt: '2026-03-01T06:00:00Z',
      deviceId: 'balancing-test',
    },
  ]);
  await ingest('dispenses', [
    dispense(1000, '2026-02-28T23:30:00Z'),
    dispense(250.5, '2026-03-01T07:00:00Z'),
    dispense(50, '2026-03-01T08:00:00Z', d3),
    dispense(400, '2026-03-01T22:00:00Z'),
    dispense(1600, '2026-03-02T12:00:00Z'),
    dispense(100, '2026-03-03T08:00:00Z'),
  ]);
  await ingest('transfers', [
    {
      id: crypto.randomUUID(),
      fromTankId: f.tankA,
      toTankId: f.tankB,
      litres: 300,
      transferredAt: '2026-03-01T13:00:00Z',
      deviceId: 'balancing-test',
    },
    {
      id: crypto.randomUUID(),
      fromTankId: f.tankB,
      toTankId: f.tankA,
      litres: 750.25,
      transferredAt: '2026-03-02T14:00:00Z',
      deviceId: 'balancing-test',
    },
  ]);
  // The reversal as a correction stores it: the negative of the original, pointing at it, with its movement.
  await exec(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id, equipment_id, litres, dispensed_at, reversal_of, note)
    select account_id, ${reversal}, 'x', 'balancing-test', created_by, variant, store_id, tank_id, product_id, equipment_id, -litres, '2026-03-01T09:00:00Z', id, 'wrong tank'
    from dispenses where id = ${d3}`);
  await exec(
    sql`insert into stock_movements (account_id, tank_id, at, litres, kind, ref_id) values (${acc}, ${f.tankA}, '2026-03-01T09:00:00Z', 50, 'reversal', ${reversal})`,
  );
  const reading = (tankId: string, at: string, litres: number) =>
    sql`(${acc}, ${tankId}, ${at}::timestamptz, 'gauge', ${litres})`;
  await exec(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values
    ${reading(f.tankA, '2026-02-28T22:00:00Z', 10000)}, ${reading(f.tankA, '2026-03-01T10:00:00Z', 9000)},
    ${reading(f.tankA, '2026-03-01T22:00:00Z', 13430)}, ${reading(f.tankA, '2026-03-02T18:00:00Z', 12150)},
    ${reading(f.tankA, '2026-03-04T10:00:00Z', 12000)},
    ${reading(f.tankC, '2026-03-10T00:00:00Z', 1000)}, ${reading(f.tankC, '2026-03-10T20:00:00Z', 400)},
    ${reading(f.tankC, '2026-02-10T00:00:00Z', 1000)}, ${reading(f.tankC, '2026-02-10T12:00:00Z', 200)}`);
});
afterAll(async () => {
  await srv?.close();
});

const tankOf = (body: { tanks: { tankId: string }[] }, id: string) =>
  body.tanks.find((t) => t.tankId === id) as never as {
    days: Record<string, unknown>[];
    total: Record<string, unknown>;
  };

describe('daily figures', () => {
  it('computes every column of every day of tank A by hand', async () => {
    const r = await admin.get(`/api/v1/balancing/daily?tankId=${f.tankA}&from=2026-03-01&to=2026-03-06`);
    expect(r.status).toBe(200);
    expect(r.body.tanks).toHaveLength(1);
    const days = tankOf(r.body, f.tankA).days;
    expect(days.map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(days[0]).toEqual({
      day: '2026-03-01',
      opening: 10000,
      openingSource: 'reading',
      receipts: 5000,
      dispensed: 1250.5,
      transfersOut: 300,
      transfersIn: 0,
      bookClosing: 13449.5,
      measuredClosing: 13430,
      variance: -19.5,
      variancePct: -1.56,
      cumulativeVariance: -19.5,
    });
    expect(days[1]).toEqual({
      day: '2026-03-02',
      opening: 13430,
      openingSource: 'reading',
      receipts: 0,
      dispensed: 2000,
      transfersOut: 0,
      transfersIn: 750.25,
      bookClosing: 12180.25,
      measuredClosing: 12150,
      variance: -30.25,
      variancePct: -1.51,
      cumulativeVariance: -49.75,
    });
    expect(days[2]).toMatchObject({
      opening: 12150,
      openingSource: 'reading',
      dispensed: 100,
      bookClosing: 12050,
      measuredClosing: null,
      variance: null,
      variancePct: null,
      cumulativeVariance: -49.75,
    });
    expect(days[3]).toMatchObject({
      opening: 12099.75,
      openingSource: 'book',
      bookClosing: 12099.75,
      measuredClosing: 12000,
      variance: -99.75,
      variancePct: null,
      cumulativeVariance: -149.5,
    });
    // Mar 5 opens on Mar 4's reading; Mar 6 has none before it, so the book again.
    expect(days[4]).toMatchObject({ opening: 12000, openingSource: 'reading', variance: null });
    expect(days[5]).toMatchObject({ opening: 12099.75, openingSource: 'book', variance: null });
    expect(tankOf(r.body, f.tankA).total).toMatchObject({
      days: 6,
      receipts: 5000,
      dispensed: 3350.5,
      variance: -149.5,
      daysWithoutReading: 3,
      daysOpenedFromBook: 2,
    });
  });

  it('gives every tank of a store; a tank without readings runs on the book', async () => {
    const r = await admin.get(`/api/v1/balancing/daily?storeId=${f.store}&from=2026-03-01&to=2026-03-02`);
    expect(r.body.tanks.map((t: { tankId: string }) => t.tankId).sort()).toEqual([f.tankA, f.tankB].sort());
    expect(tankOf(r.body, f.tankB).days).toEqual([
      {
        day: '2026-03-01',
        opening: 5000,
        openingSource: 'book',
        receipts: 0,
        dispensed: 0,
        transfersOut: 0,
        transfersIn: 300,
        bookClosing: 5300,
        measuredClosing: null,
        variance: null,
        variancePct: null,
        cumulativeVariance: 0,
      },
      {
        day: '2026-03-02',
        opening: 5300,
        openingSource: 'book',
        receipts: 0,
        dispensed: 0,
        transfersOut: 750.25,
        transfersIn: 0,
        bookClosing: 4549.75,
        measuredClosing: null,
        variance: null,
        variancePct: null,
        cumulativeVariance: 0,
      },
    ]);
  });

  it('has no rows for days that have not started in the store', async () => {
    const today = localDate(new Date(), 'Africa/Johannesburg');
    const r = await admin.get(
      `/api/v1/balancing/daily?tankId=${f.tankA}&from=${addDays(today, -2)}&to=${addDays(today, 5)}`,
    );
    expect(tankOf(r.body, f.tankA).days.map((d) => d.day)).toEqual([addDays(today, -2), addDays(today, -1), today]);
  });

  it('refuses bad input with field errors, and unknown tanks with 404', async () => {
    const bad = await admin.get(`/api/v1/balancing/daily?tankId=${f.tankA}&from=2026-03-05&to=2026-03-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.to).toBeDefined();
    expect((await admin.get('/api/v1/balancing/daily?from=2026-03-01')).status).toBe(400);
    expect((await admin.get('/api/v1/balancing/daily?tankId=nope&from=2026-03-01&to=2026-03-02')).status).toBe(400);
    expect(
      (await admin.get(`/api/v1/balancing/daily?tankId=${crypto.randomUUID()}&from=2026-03-01&to=2026-03-02`)).status,
    ).toBe(404);
  });
});

describe('monthly roll-up and the variance exception', () => {
  const raised = async () =>
    (
      await exec(
        sql`select tank_id, code, status, severity, dedupe_key from exceptions where dedupe_key like ${'%:2026-03'} and account_id = ${admin.item.account.accountId}`,
      )
    ).rows;

  it('does not raise for a month still running (by the store calendar)', async () => {
    const svc = balancingService(srv.database.db);
    const m = await svc.monthly(admin.item.account.accountId, { month: '2026-03' }, new Date('2026-03-20T12:00:00Z'));
    expect(m.rows.find((x) => x.tankId === f.tankC)).toMatchObject({ flagged: true, complete: false, variance: -600 });
    expect(await raised()).toEqual([]);
  });

  it('sums the month per tank, flags tank C only, and raises its exception once', async () => {
    const r = await admin.get('/api/v1/balancing/monthly?month=2026-03');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      month: '2026-03',
      from: '2026-03-01',
      to: '2026-03-31',
      rule: { throughputShare: 0.01, fixedLitres: 492.1 },
    });
    const row = (id: string) => r.body.rows.find((x: { tankId: string }) => x.tankId === id);
    expect(row(f.tankA)).toMatchObject({
      days: 31,
      opening: 10000,
      openingSource: 'reading',
      receipts: 5000,
      dispensed: 3350.5,
      transfersOut: 300,
      transfersIn: 750.25,
      bookClosing: 12099.75,
      measuredClosing: null,
      variance: -149.5,
      variancePct: -4.46,
      threshold: 525.605,
      flagged: false,
      complete: true,
      daysWithoutReading: 28,
      daysOpenedFromBook: 27,
      tankCode: 'TA',
      productName: 'Balancing diesel',
    });
    expect(row(f.tankB)).toMatchObject({
      transfersIn: 300,
      transfersOut: 750.25,
      variance: 0,
      flagged: false,
      opening: 5000,
      openingSource: 'book',
    });
    expect(row(f.tankC)).toMatchObject({
      variance: -600,
      threshold: 492.1,
      flagged: true,
      variancePct: null,
      complete: true,
    });
    expect(await raised()).toEqual([
      {
        tank_id: f.tankC,
        code: 'variance_over_threshold',
        status: 'open',
        severity: 'critical',
        dedupe_key: varianceDedupeKey(f.tankC, '2026-03'),
      },
    ]);
    await admin.get('/api/v1/balancing/monthly?month=2026-03');
    expect(await raised()).toHaveLength(1);
  });

  it('does not raise a resolved month again, by the screen or by the sweep', async () => {
    await exec(
      sql`update exceptions set status = 'resolved', resolved_at = now() where dedupe_key = ${varianceDedupeKey(f.tankC, '2026-03')}`,
    );
    await admin.get('/api/v1/balancing/monthly?month=2026-03');
    expect(await balancingService(srv.database.db).sweep(admin.item.account.accountId, '2026-03')).toEqual([]);
    expect(await raised()).toMatchObject([{ status: 'resolved' }]);
  });

  it('the background sweep raises last month for every account, once', async () => {
    const now = new Date('2026-03-05T00:00:00Z');
    expect(await sweepVariance(srv.database.db, now)).toBe(1);
    expect(await sweepVariance(srv.database.db, now)).toBe(0);
    const feb = (
      await exec(
        sql`select tank_id, message from exceptions where dedupe_key = ${varianceDedupeKey(f.tankC, '2026-02')}`,
      )
    ).rows;
    expect(feb).toEqual([
      {
        tank_id: f.tankC,
        message: expect.stringContaining('variance of -800 L in 2026-02 is over the allowance of 492.1 L'),
      },
    ]);
  });

  it('filters by store and validates the month', async () => {
    const r = await admin.get(`/api/v1/balancing/monthly?month=2026-03&storeId=${f.store2}`);
    expect(r.body.rows.map((x: { tankId: string }) => x.tankId)).toEqual([f.tankC]);
    const bad = await admin.get('/api/v1/balancing/monthly?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.month).toBeDefined();
  });

  it('exports the month as CSV and XLSX', async () => {
    const csv = await admin.client.call(
      'GET',
      `/api/v1/balancing/monthly/export?month=2026-03&storeId=${f.store}&format=csv`,
      undefined,
      admin.headers,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Store,Store name,Tank,Tank name,Product,Days,Throughput (L),Receipts (L),Transfers in (L),Transfers out (L),Opening (L),Opening from,Book closing (L),Measured closing (L),Variance (L),Variance %,Allowance (L),Over allowance,Month complete,Days without reading',
    );
    const ta = lines.find((l) => l.split(',')[2] === 'TA')!;
    expect(ta).toContain(',3350.500,5000.000,750.250,300.000,');
    expect(ta).toContain(',12099.750,,-149.500,-4.46,525.605,No,Yes,28');
    const xlsx = await fetch(
      `${srv.url}/api/v1/balancing/daily/export?tankId=${f.tankA}&from=2026-03-01&to=2026-03-04&format=xlsx`,
      { headers: admin.headers },
    );
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('leak test (SIR) per tank', () => {
  /**
   * Two tanks in a UTC store with a closing reading every day of the last 40 days and no records:
   * TL loses 2 L/h (48 L a day), TT holds; both readings wobble by a few litres.
   */
  const t = {} as Record<'store' | 'leaking' | 'tight', string>;
  beforeAll(async () => {
    const u = Date.now().toString(36);
    t.store = await create('stores', { code: `L${u}`, name: 'Leak test site', variant: 'FAMS', timezone: 'UTC' });
    const tank = (code: string) =>
      create('tanks', {
        storeId: t.store,
        productId: f.product,
        code,
        name: `Tank ${code}`,
        capacity: 50_000,
        safeFill: 47_500,
        lowLevel: 5_000,
      });
    t.leaking = await tank('TL');
    t.tight = await tank('TT');
    const acc = admin.item.account.accountId;
    const today = localDate(new Date(), 'UTC');
    const rows = [];
    for (let i = 40; i >= 1; i--) {
      const at = `${addDays(today, -i)}T23:00:00Z`;
      const wobble = ((i * 7919) % 11) - 5;
      rows.push(sql`(${acc}, ${t.leaking}::uuid, ${at}::timestamptz, 'gauge', ${20_000 - 48 * (40 - i) + wobble})`);
      rows.push(sql`(${acc}, ${t.tight}::uuid, ${at}::timestamptz, 'gauge', ${20_000 + wobble})`);
    }
    await exec(
      sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values ${sql.join(rows, sql`, `)}`,
    );
  });
  const leaks = async () =>
    (
      await exec(
        sql`select tank_id, code, status from exceptions where code = 'leak_suspected' and store_id = ${t.store}`,
      )
    ).rows;

  it('fails the leaking tank with its rate, passes the tight one, names the method', async () => {
    const r = await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ method: LEAK_METHOD, windowDays: 45 });
    const row = (id: string) => r.body.rows.find((x: { tankId: string }) => x.tankId === id);
    expect(row(t.leaking)).toMatchObject({ verdict: 'fail', days: 39, label: expect.stringMatching(/ TL$/) });
    expect(row(t.leaking).leakRate).toBeCloseTo(2, 1);
    expect(row(t.leaking).low).toBeLessThan(2);
    expect(row(t.leaking).high).toBeGreaterThan(2);
    expect(row(t.tight)).toMatchObject({ verdict: 'pass' });
    expect(Math.abs(row(t.tight).leakRate)).toBeLessThan(0.1);
    expect(r.body.rows).toHaveLength(2);
  });

  it('raises leak_suspected once for the failing tank, not for the other', async () => {
    await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}`);
    expect(await leaks()).toEqual([{ tank_id: t.leaking, code: 'leak_suspected', status: 'open' }]);
    const month = localDate(new Date(), 'UTC').slice(0, 7);
    const key = (
      await exec(sql`select dedupe_key from exceptions where code = 'leak_suspected' and store_id = ${t.store}`)
    ).rows[0].dedupe_key;
    expect([
      leakDedupeKey(t.leaking, month),
      leakDedupeKey(t.leaking, addDays(`${month}-01`, -1).slice(0, 7)),
    ]).toContain(key);
  });

  it('a month with too few days of readings is inconclusive; bad input is a 400', async () => {
    const r = await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}&month=2026-01`);
    expect(r.body.rows.map((x: { verdict: string; to: string }) => [x.verdict, x.to])).toEqual([
      ['inconclusive', '2026-01-31'],
      ['inconclusive', '2026-01-31'],
    ]);
    expect((await admin.get('/api/v1/balancing/leak-tests?month=2026-13')).status).toBe(400);
    expect((await admin.get('/api/v1/balancing/leak-tests?storeId=nope')).status).toBe(400);
  });
});

describe('drill-down', () => {
  const records = (tankId: string, day: string, kind: string) =>
    admin.get(`/api/v1/balancing/records?tankId=${tankId}&day=${day}&kind=${kind}`);

  it('lists the dispenses behind a day, the reversal negative', async () => {
    const r = await records(f.tankA, '2026-03-01', 'dispensed');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      day: '2026-03-01',
      kind: 'dispensed',
      start: '2026-02-28T22:00:00.000Z',
      end: '2026-03-01T22:00:00.000Z',
      total: 4,
      litres: 1250.5,
      truncated: false,
    });
    expect(r.body.items.map((i: { litres: number }) => i.litres)).toEqual([1000, 250.5, 50, -50]);
    expect(r.body.items[3]).toMatchObject({ id: reversal, reversalOf: d3, at: '2026-03-01T09:00:00.000Z' });
    expect(r.body.items[3].detail).toContain('reversal');
    expect(r.body.items[0].detail).toContain('BAL-');
  });

  it('lists receipts and transfers with what they came from or went to', async () => {
    const rec = await records(f.tankA, '2026-03-01', 'receipts');
    expect(rec.body).toMatchObject({ total: 1, litres: 5000 });
    expect(rec.body.items[0].detail).toBe('Sasol · note DN-1');
    const out = await records(f.tankA, '2026-03-01', 'transfersOut');
    expect(out.body).toMatchObject({ total: 1, litres: 300 });
    expect(out.body.items[0].detail).toMatch(/^to B\w+ TB$/);
    const into = await records(f.tankB, '2026-03-01', 'transfersIn');
    expect(into.body.items[0].detail).toMatch(/^from B\w+ TA$/);
    expect((await records(f.tankA, '2026-03-03', 'receipts')).body).toMatchObject({ total: 0, items: [], litres: 0 });
  });

  it('lists the readings of a day with the opening and closing one marked', async () => {
    const r = await records(f.tankA, '2026-03-01', 'readings');
    expect(r.body.items.map((i: { litres: number; role: string | null }) => [i.litres, i.role])).toEqual([
      [10000, 'opening'],
      [9000, null],
      [13430, 'closing'],
    ]);
  });

  it('refuses other tanks, future days and unknown kinds', async () => {
    expect((await records(crypto.randomUUID(), '2026-03-01', 'dispensed')).status).toBe(404);
    expect((await records(f.tankA, addDays(localDate(new Date(), 'UTC'), 3), 'dispensed')).status).toBe(400);
    expect((await records(f.tankA, '2026-03-01', 'bogus')).status).toBe(400);
  });
});

describe('access', () => {
  it('refuses a driver (403) on every balancing endpoint', async () => {
    const driver = await session(srv.url, ...DEMO.driver);
    for (const p of [
      `daily?tankId=${f.tankA}&from=2026-03-01&to=2026-03-02`,
      'monthly?month=2026-03',
      `records?tankId=${f.tankA}&day=2026-03-01&kind=dispensed`,
      'monthly/export?month=2026-03&format=csv',
      'leak-tests',
    ]) {
      expect((await driver.get(`/api/v1/balancing/${p}`)).status, p).toBe(403);
    }
  });

  it('lets a read-only viewer (TheBoss) see the figures', async () => {
    const viewer = await session(srv.url, ...DEMO.viewer);
    expect(
      (await viewer.get(`/api/v1/balancing/daily?tankId=${f.tankA}&from=2026-03-01&to=2026-03-01`)).body.tanks[0]
        .days[0].variance,
    ).toBe(-19.5);
  });

  it("never shows another account's tanks", async () => {
    const other = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await other.get(`/api/v1/balancing/daily?tankId=${f.tankA}&from=2026-03-01&to=2026-03-02`)).status).toBe(
      404,
    );
    expect((await other.get(`/api/v1/balancing/records?tankId=${f.tankA}&day=2026-03-01&kind=dispensed`)).status).toBe(
      404,
    );
    const month = await other.get('/api/v1/balancing/monthly?month=2026-03');
    expect(month.status).toBe(200);
    const ids = month.body.rows.map((x: { tankId: string }) => x.tankId);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of [f.tankA, f.tankB, f.tankC]) expect(ids).not.toContain(id);
    const store = await other.get(`/api/v1/balancing/daily?storeId=${f.store}&from=2026-03-01&to=2026-03-02`);
    expect(store.body.tanks).toEqual([]);
  });
});
