import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { varianceDedupeKey } from '../../../src/contract/balancing';
import { addDays, localDate } from '../../../src/contract/calendar';
import { bookTank, created, DEMO, session } from '../../../tests/api/harness';
import { balancingService } from './balancing.service';
import { sweepVariance } from './variance-sweep';
import { srv, admin, f, exec, tankOf, withBalancingFixture } from './balancing.fixture';

/** Reconciliation figures, the month and its variance exception, access (data set in balancing.fixture.ts). */
withBalancingFixture();

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
        sql`select tank_id, code, status, severity, dedupe_key from exceptions
          where account_id = ${admin.item.account.accountId} and code = 'variance_over_threshold'
            and details -> 'periods' @> '[{"period": "2026-03"}]'`,
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
        dedupe_key: varianceDedupeKey(f.tankC),
      },
    ]);
    await admin.get('/api/v1/balancing/monthly?month=2026-03');
    expect(await raised()).toHaveLength(1);
  });

  it('does not raise a resolved month again, by the screen or by the sweep', async () => {
    await exec(
      sql`update exceptions set status = 'resolved', resolved_at = now() where dedupe_key = ${varianceDedupeKey(f.tankC)}`,
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
        sql`select tank_id, message from exceptions
          where dedupe_key = ${varianceDedupeKey(f.tankC)} and details -> 'periods' @> '[{"period": "2026-02"}]'`,
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

describe('a variance that goes on (ADR 075)', () => {
  /** Tank TD (UTC) loses 800 L in February, 600 L in March and 700 L in April 2026, as tank C does. */
  const d = {} as Record<'store' | 'tank', string>;
  beforeAll(async () => {
    const u = Date.now().toString(36);
    d.store = await created(admin, 'stores', {
      code: `D${u}`,
      name: 'Variance again',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    d.tank = await created(admin, 'tanks', bookTank(d.store, f.product, 'TD'));
    const acc = admin.item.account.accountId;
    await exec(sql`insert into stock_movements (account_id, tank_id, at, litres, kind)
      values (${acc}, ${d.tank}, '2026-02-01T00:00:00Z', 1000, 'opening')`);
    const reading = (at: string, litres: number) => sql`(${acc}, ${d.tank}, ${at}::timestamptz, 'gauge', ${litres})`;
    await exec(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values
      ${reading('2026-02-10T00:00:00Z', 1000)}, ${reading('2026-02-10T12:00:00Z', 200)},
      ${reading('2026-03-10T00:00:00Z', 1000)}, ${reading('2026-03-10T20:00:00Z', 400)},
      ${reading('2026-04-10T00:00:00Z', 1000)}, ${reading('2026-04-10T12:00:00Z', 300)}`);
  });
  const month = (m: string) => admin.get(`/api/v1/balancing/monthly?month=${m}&storeId=${d.store}`);
  const mine = async () =>
    (
      await exec(sql`select id, status, dedupe_key, message, details from exceptions
        where code = 'variance_over_threshold' and tank_id = ${d.tank} order by raised_at, id`)
    ).rows as {
      id: string;
      status: string;
      dedupe_key: string;
      message: string;
      details: { period: { from: string; to: string }; periods: Record<string, unknown>[] };
    }[];

  it('a variance over the limit in two months leaves one open exception holding both', async () => {
    expect((await month('2026-02')).body.rows[0]).toMatchObject({ variance: -800, flagged: true, complete: true });
    expect((await month('2026-03')).body.rows[0]).toMatchObject({ variance: -600, flagged: true, complete: true });
    const rows = await mine();
    expect(rows).toHaveLength(1);
    const [x] = rows;
    expect(x).toMatchObject({ status: 'open', dedupe_key: varianceDedupeKey(d.tank) });
    expect(x.details.period).toEqual({ from: '2026-02', to: '2026-03' });
    expect(x.details.periods.map((p) => [p.period, p.month, p.variance, p.threshold])).toEqual([
      ['2026-02', '2026-02', -800, 492.1],
      ['2026-03', '2026-03', -600, 492.1],
    ]);
    expect(x.message).toMatch(
      /^\S+ TD: variance of -600 L in 2026-03 is over the allowance of 492\.1 L .* \(2 months: February 2026 to March 2026\)$/,
    );
    const detail = await admin.get(`/api/v1/exceptions/${x.id}`);
    expect(detail.body.evidence.filter((e: { screen: string }) => e.screen === '/QuickBalancing')).toEqual([
      {
        label: 'Balancing of tank TD in February 2026 (-800 L against an allowance of 492.1 L)',
        screen: '/QuickBalancing',
        search: { month: '2026-02', tank: d.tank },
      },
      {
        label: 'Balancing of tank TD in March 2026 (-600 L against an allowance of 492.1 L)',
        screen: '/QuickBalancing',
        search: { month: '2026-03', tank: d.tank },
      },
    ]);
    expect(
      detail.body.events
        .filter((e: { action: string }) => e.action === 'continued')
        .map((e: { text: string }) => e.text),
    ).toEqual(['Variance over the limit continues in March 2026: -600 L against an allowance of 492.1 L']);
    // The screen again, or the sweep: nothing more.
    await month('2026-03');
    expect(await balancingService(srv.database.db).sweep(admin.item.account.accountId, '2026-03')).toEqual([]);
    expect((await mine())[0].details.periods).toHaveLength(2);
  });

  it('once resolved, its months stay resolved; a later month raises a new exception', async () => {
    const [x] = await mine();
    const r = await admin.send('POST', `/api/v1/exceptions/${x.id}/resolve`, {
      reason: 'explained',
      text: 'Stock-take write-off',
    });
    expect(r.status).toBe(200);
    await month('2026-03');
    expect((await mine()).map((e) => e.status)).toEqual(['resolved']);
    await month('2026-04');
    expect((await mine()).map((e) => [e.status, e.details.period])).toEqual([
      ['resolved', { from: '2026-02', to: '2026-03' }],
      ['open', { from: '2026-04', to: '2026-04' }],
    ]);
  });
});
