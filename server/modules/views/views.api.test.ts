import { describe, expect, it } from 'vitest';
import { DEMO, session } from '../../../tests/api/harness';
import { q, OCT, pts, withViewsFixture } from './views.fixture';

/** Quick views: chart series, calendar, access (data set in views.fixture.ts). */
const fx = withViewsFixture();
const { f } = fx;

describe('chart series', () => {
  it('dispensed by store per store-local day, net of the reversal, largest first', async () => {
    const r = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'dispensed', groupBy: 'store', storeId: f.storeA })}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.buckets).toHaveLength(31);
    expect(r.body.series).toHaveLength(1);
    expect(r.body.series[0]).toMatchObject({ key: f.storeA, total: 160 });
    expect(r.body.series[0].label).toMatch(/Alpha$/);
    expect(pts(r.body.series[0])).toEqual({ '2026-10-05': 100, '2026-10-06': 60 });
    expect(r.body.series[0].points[1].count).toBe(2);
    const both = await fx.admin.get(`/api/v1/views/series?${q({ ...OCT, productId: f.p1 })}`);
    expect(both.body.series.map((s: { key: string; total: number }) => [s.key, s.total])).toEqual([
      [f.storeA, 140],
      [f.storeB, 60],
    ]);
    expect(pts(both.body.series[1])).toEqual({ '2026-10-05': 60 });
  });

  it('groups by product and ISO week, and by tank', async () => {
    const byProduct = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, groupBy: 'product', interval: 'week', storeId: f.storeA })}`,
    );
    expect(byProduct.body.buckets[0]).toBe('2026-09-28');
    expect(byProduct.body.series.map((s: { label: string; total: number }) => [s.label, s.total])).toEqual([
      ['Views diesel', 140],
      ['Views petrol', 20],
    ]);
    expect(pts(byProduct.body.series[0])).toEqual({ '2026-10-05': 140 });
    const received = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'received', groupBy: 'tank', tankId: f.b1 })}`,
    );
    expect(received.body.series).toHaveLength(1);
    expect(pts(received.body.series[0])).toEqual({ '2026-10-05': 500 });
  });

  it('levels: the last reading of each local day per tank, summed per store, last of the month', async () => {
    const byTank = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'levels', groupBy: 'tank', productId: f.p1 })}`,
    );
    const tanks = Object.fromEntries(byTank.body.series.map((s: { key: string }) => [s.key, pts(s as never)]));
    expect(tanks).toEqual({ [f.a1]: { '2026-10-05': 4900, '2026-10-06': 5820 }, [f.b1]: { '2026-10-05': 3000 } });
    expect(byTank.body.series[0].points[0].count).toBeNull();
    const byMonth = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'levels', interval: 'month', groupBy: 'product', productId: f.p1 })}`,
    );
    expect(byMonth.body.series.map((s: { total: number }) => s.total)).toEqual([8820]);
    expect(pts(byMonth.body.series[0])).toEqual({ '2026-10-01': 8820 });
  });

  it('exports the figures behind the chart', async () => {
    const r = await fx.admin.get(`/api/v1/views/series/export?${q({ ...OCT, storeId: f.storeA, format: 'csv' })}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(r.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Figure,Period,Group,Group id,Litres,Records');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).concat(l.split(',').slice(4)).join(','))).toEqual([
      'dispensed,2026-10-05,100.000,1',
      'dispensed,2026-10-06,60.000,2',
    ]);
    const xlsx = await fx.admin.client.call(
      'GET',
      `/api/v1/views/series/export?${q({ ...OCT, format: 'xlsx' })}`,
      undefined,
      fx.admin.headers,
    );
    expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);
  });

  it('refuses bad input with field errors', async () => {
    const back = await fx.admin.get(`/api/v1/views/series?${q({ from: '2026-10-31', to: '2026-10-01' })}`);
    expect(back.status).toBe(400);
    expect(back.body.fieldErrors.to).toBeTruthy();
    const bad = await fx.admin.get(
      `/api/v1/views/series?${q({ ...OCT, from: '2026-02-30', metric: 'cost', storeId: 'x', extra: '1' })}`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['extra', 'from', 'metric', 'storeId']);
    expect(
      (await fx.admin.get(`/api/v1/views/series?${q({ from: '2020-01-01', to: '2026-10-01' })}`)).body.fieldErrors
        .to[0],
    ).toMatch(/at most 731 days/);
  });
});

describe('calendar', () => {
  const day = (days: { date: string }[], date: string) => days.find((x) => x.date === date);

  it('every day of the month with store-local figures, all stores', async () => {
    const r = await fx.admin.get(`/api/v1/views/calendar?month=2026-10`);
    expect(r.status).toBe(200);
    expect(r.body.days).toHaveLength(31);
    // Other records of the demo account may exist in October; this fixture's stores are checked below.
    const a = (await fx.admin.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeA}`)).body;
    expect(day(a.days, '2026-10-04')).toMatchObject({ dispensed: 0, received: 0 });
    expect(day(a.days, '2026-10-05')).toEqual({
      date: '2026-10-05',
      dispensed: 100,
      received: 0,
      transferredOut: 0,
      transferredIn: 0,
      dispenses: 1,
      receipts: 0,
      transfers: 0,
    });
    expect(day(a.days, '2026-10-06')).toEqual({
      date: '2026-10-06',
      dispensed: 60,
      received: 1000,
      transferredOut: 0,
      transferredIn: 0,
      dispenses: 2,
      receipts: 1,
      transfers: 0,
    });
    expect(day(a.days, '2026-10-07')).toMatchObject({ transferredOut: 230, transferredIn: 0, transfers: 2 });
    expect(a.totals).toEqual({
      dispensed: 160,
      received: 1000,
      transferredOut: 230,
      transferredIn: 0,
      dispenses: 3,
      receipts: 1,
      transfers: 2,
    });
    const b = (await fx.admin.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeB}`)).body;
    expect(day(b.days, '2026-10-05')).toMatchObject({ dispensed: 60, received: 500, dispenses: 1, receipts: 1 });
    expect(day(b.days, '2026-10-06')).toMatchObject({ dispensed: 0, received: 0 });
    expect(b.totals).toMatchObject({ transferredIn: 200, transferredOut: 0, transfers: 1 });
  });

  it('filters by product and tank', async () => {
    const p2 = (await fx.admin.get(`/api/v1/views/calendar?month=2026-10&productId=${f.p2}`)).body;
    expect(p2.totals).toEqual({
      dispensed: 20,
      received: 0,
      transferredOut: 30,
      transferredIn: 0,
      dispenses: 1,
      receipts: 0,
      transfers: 1,
    });
    const b1 = (await fx.admin.get(`/api/v1/views/calendar?month=2026-10&tankId=${f.b1}`)).body;
    expect(b1.totals).toMatchObject({ dispensed: 60, received: 500, transferredIn: 200 });
  });

  it('a day by store and product, and its records', async () => {
    const r = await fx.admin.get(`/api/v1/views/day?date=2026-10-06&storeId=${f.storeA}`);
    expect(r.status).toBe(200);
    expect(
      r.body.rows.map((x: { productName: string; dispensed: number; received: number; dispenses: number }) => [
        x.productName,
        x.dispensed,
        x.received,
        x.dispenses,
      ]),
    ).toEqual([
      ['Views diesel', 40, 1000, 1],
      ['Views petrol', 20, 0, 1],
    ]);
    expect(r.body.totals).toMatchObject({ dispensed: 60, received: 1000 });
    const list = await fx.admin.get(`/api/v1/views/day/records?f.date=2026-10-06&f.storeId=${f.storeA}&pageSize=50`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(5);
    expect(
      list.body.items
        .map(
          (x: { kind: string; litres: number; reversal: boolean }) => `${x.kind} ${x.litres}${x.reversal ? ' R' : ''}`,
        )
        .sort(),
    ).toEqual(['dispense -25 R', 'dispense 20', 'dispense 25', 'dispense 40', 'receipt 1000']);
    expect(list.body.items.every((x: { date: string }) => x.date === '2026-10-06')).toBe(true);
    // The transfer into B is listed for B (its destination) on the 7th.
    const inB = await fx.admin.get(`/api/v1/views/day/records?f.date=2026-10-07&f.storeId=${f.storeB}`);
    expect(
      inB.body.items.map((x: { kind: string; litres: number; detail: string }) => [x.kind, x.litres, x.detail]),
    ).toEqual([['transfer', 200, expect.stringMatching(/^→ B.* B1$/)]]);
    const bad = await fx.admin.get('/api/v1/views/day/records?f.date=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['f.date']).toBeTruthy();
  });

  it('exports the month and the day records', async () => {
    const cal = await fx.admin.get(`/api/v1/views/calendar/export?month=2026-10&storeId=${f.storeB}&format=csv`);
    const lines = String(cal.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe(
      'Day,Dispensed (L),Received (L),Transferred out (L),Transferred in (L),Dispenses,Receipts,Transfers',
    );
    expect(lines[5]).toBe('2026-10-05,60.000,500.000,0.000,0.000,1,1,0');
    const recs = await fx.admin.get(
      `/api/v1/views/day/records/export?f.date=2026-10-05&f.storeId=${f.storeB}&format=csv`,
    );
    const recLines = String(recs.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(recLines).toHaveLength(3);
    // The screen's titles; times on the store's clock as the screen shows them (ADR 023).
    expect(recLines[0]).toBe('Time,Kind,Store,Store name,Tank,Product,Litres,Equipment / supplier / to,Reversal');
    expect(recLines.slice(1).every((l) => /^2026-10-05 \d{2}:\d{2}:\d{2},/.test(l))).toBe(true);
    expect((await fx.admin.get('/api/v1/views/calendar?month=2026-13')).status).toBe(400);
  });
});

describe('access', () => {
  it('a driver is refused every view; a viewer sees charts but not GPS; an editor sees all', async () => {
    const driver = await session(fx.srv.url, ...DEMO.driver);
    const viewer = await session(fx.srv.url, ...DEMO.viewer);
    const editor = await session(fx.srv.url, ...DEMO.editor);
    const paths = [
      `/api/v1/views/series?${q(OCT)}`,
      '/api/v1/views/calendar?month=2026-10',
      '/api/v1/views/day?date=2026-10-06',
      '/api/v1/views/day/records',
      `/api/v1/views/gps?${q(OCT)}`,
      '/api/v1/views/gps/records',
      '/api/v1/views/map',
    ];
    for (const p of paths) expect((await driver.get(p)).status, p).toBe(403);
    expect(paths.map((p) => p.includes('gps') || p.includes('map'))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    for (const p of paths)
      expect((await viewer.get(p)).status, p).toBe(p.includes('gps') || p.includes('map') ? 403 : 200);
    for (const p of paths) expect((await editor.get(p)).status, p).toBe(200);
  });

  it("another account's token sees none of these records, even when naming their ids", async () => {
    const north = await session(fx.srv.url, ...DEMO.boss, 'North Haulage');
    const cal = await north.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeA}`);
    expect(cal.status).toBe(200);
    expect(cal.body.totals).toMatchObject({ dispensed: 0, received: 0, transferredOut: 0 });
    const series = await north.get(`/api/v1/views/series?${q({ ...OCT, tankId: f.a1, metric: 'levels' })}`);
    expect(series.body.series).toEqual([]);
    expect((await north.get(`/api/v1/views/gps?${q({ ...OCT, equipmentId: f.eq })}`)).body.total).toBe(0);
    expect((await north.get(`/api/v1/views/day/records?f.date=2026-10-06&f.storeId=${f.storeA}`)).body.total).toBe(0);
    expect((await north.get(`/api/v1/views/gps/records?f.equipmentId=${f.eq}`)).body.total).toBe(0);
    const map = (await north.get('/api/v1/views/map')).body.stores.map((s: { id: string }) => s.id);
    expect(map).not.toContain(f.storeA);
  });
});
