import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { nameTitle } from '../../../src/contract/columns';
import { RECORD_COLUMNS } from '../../../src/contract/record-columns';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture, type Session } from './fixture.testutil';

/**
 * The query screens' endpoints over the hand-made data set of fixture.testutil.ts: every filter,
 * totals over the filtered set (not the page), detail, export, roles and tenant isolation.
 */
let srv: TestServer;
let f: Fixture;
let other: Session;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  other = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const D = '/api/v1/records/dispenses';
const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id).sort();

describe('dispensing records', () => {
  it('filters by store, and totals cover the whole filtered set, not the page', async () => {
    const page = await f.editor.get(`${D}${qs({ 'f.storeId': f.store, pageSize: 1 })}`);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBe(3);
    const totals = await f.editor.get(`${D}/totals${qs({ 'f.storeId': f.store, pageSize: 1 })}`);
    expect(totals.body).toEqual({ rows: 3, litres: 180, count: 3 });
  });

  it('reads date ranges as store-local days', async () => {
    // d2 is 10-01 23:30 UTC = 10-02 01:30 in Johannesburg; d4 is 10-02 00:30 UTC at a UTC store.
    const day2 = await f.editor.get(
      `${D}${qs({ 'f.from': '2026-10-02', 'f.to': '2026-10-02', 'f.storeId': `${f.store},${f.store2}` })}`,
    );
    expect(ids(day2.body)).toEqual([f.d.d2, f.d.d4].sort());
    const day1 = await f.editor.get(
      `${D}/totals${qs({ 'f.from': '2026-10-01', 'f.to': '2026-10-01', 'f.storeId': `${f.store},${f.store2}` })}`,
    );
    expect(day1.body).toEqual({ rows: 1, litres: 100, count: 1 });
  });

  it('filters by tank, product, equipment, employee, variant, GPS and exceptions', async () => {
    const get = async (filters: Record<string, string>) =>
      ids((await f.editor.get(`${D}${qs({ 'f.storeId': `${f.store},${f.store2}`, ...filters })}`)).body);
    expect(await get({ 'f.tankId': f.t2 })).toEqual([f.d.d3]);
    expect(await get({ 'f.productId': f.productA })).toEqual([f.d.d1, f.d.d2, f.d.d4].sort());
    expect(await get({ 'f.equipmentId': f.e2 })).toEqual([f.d.d2, f.d.d4].sort());
    expect(await get({ 'f.employeeId': f.p1 })).toEqual([f.d.d1]);
    expect(await get({ 'f.employeeId': 'null' })).toEqual([f.d.d2, f.d.d3, f.d.d4].sort());
    expect(await get({ 'f.variant': 'FAMS24' })).toEqual([]);
    expect(await get({ 'f.hasGps': 'true' })).toEqual([f.d.d2]);
    expect(await get({ 'f.hasException': 'true' })).toEqual([f.d.d1, f.d.d4].sort());
    expect(await get({ 'f.hasException': 'false' })).toEqual([f.d.d2, f.d.d3].sort());
    expect(await get({ 'f.status': 'active' })).toHaveLength(4);
  });

  it('rows carry names, meter, GPS, device, synced time, status and exceptions', async () => {
    const r = await f.editor.get(`${D}${qs({ 'f.employeeId': f.p1 })}`);
    const row = r.body.items[0];
    expect(row).toMatchObject({
      id: f.d.d1,
      litres: 100,
      employeeName: 'Pat Records',
      hasGps: false,
      deviceId: 'phone-1',
      status: 'active',
      exceptionCodes: ['over_daily_limit'],
      tankCode: 'T1',
      variant: 'FAMS',
    });
    expect(row.fleetNo).toMatch(/^RE1/);
    expect(Date.parse(row.receivedAt)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('refuses bad filters with a field error, never a 500', async () => {
    for (const [k, v] of [
      ['f.from', '1 Oct'],
      ['f.storeId', 'nope'],
      ['f.status', 'gone'],
      ['f.hasGps', 'maybe'],
      ['f.colour', 'red'],
      ['f.to', '2026-02-30'],
    ]) {
      const r = await f.editor.get(`${D}${qs({ [k]: v })}`);
      expect(r.status, k).toBe(400);
      expect(r.body.fieldErrors[k], k).toBeDefined();
    }
    expect((await f.editor.get(`${D}${qs({ sort: 'fleetNo' })}`)).status).toBe(400);
  });

  it('a record opens with its exceptions and audit entry; another account sees nothing', async () => {
    const r = await f.editor.get(`${D}/${f.d.d1}`);
    expect(r.status).toBe(200);
    expect(r.body.record.id).toBe(f.d.d1);
    expect(r.body.exceptions.map((e: { code: string }) => e.code)).toEqual(['over_daily_limit']);
    expect(r.body.audit.map((a: { action: string }) => a.action)).toEqual(['create']);
    expect(r.body.links).toEqual({ reversalId: null, replacementId: null, reversalOf: null, replaces: null });
    expect((await other.get(`${D}/${f.d.d1}`)).status).toBe(404);
    expect((await other.get(`${D}/totals`)).body).toEqual({ rows: 0, litres: 0, count: 0 });
    const theirs = await other.get(`${D}${qs({ 'f.storeId': f.store })}`);
    expect(theirs.body.total).toBe(0);
  });

  it('exports the filtered set as CSV', async () => {
    const r = await f.editor.client.call(
      'GET',
      `${D}/export${qs({ format: 'csv', 'f.storeId': f.store, columns: 'id,litres' })}`,
      undefined,
      f.editor.headers,
    );
    expect(r.status).toBe(200);
    const lines = String(r.body).trim().split(/\r\n/);
    expect(lines[0].replace('\uFEFF', '')).toBe('Id,Litres');
    expect(lines.slice(1).sort()).toEqual([`${f.d.d1},100.000`, `${f.d.d2},50.000`, `${f.d.d3},30.000`].sort());
  });

  it("exports with the table's titles, names beside codes and local times (ADR 023)", async () => {
    const all = await f.editor.client.call(
      'GET',
      `${D}/export${qs({ format: 'csv', 'f.storeId': f.store, tz: 'Africa/Johannesburg' })}`,
      undefined,
      f.editor.headers,
    );
    const lines = String(all.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      RECORD_COLUMNS.dispenses
        .flatMap((c) => ('name' in c && c.name ? [c.title, nameTitle(c.title)] : [c.title]))
        .join(','),
    );
    expect(
      lines[0].startsWith('When,Status,Store,Store name,Tank,Tank name,Product,Product name,Equipment,Employee,'),
    ).toBe(true);

    const cols = 'dispensedAt,status,storeCode,productCode,litres';
    const r = await f.editor.client.call(
      'GET',
      `${D}/export${qs({ format: 'csv', 'f.storeId': f.store, columns: cols, tz: 'Africa/Johannesburg', sort: 'dispensedAt' })}`,
      undefined,
      f.editor.headers,
    );
    const rows = String(r.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(rows[0]).toBe('When,Status,Store,Store name,Product,Product name,Litres');
    // d1 at 08:00Z and d2 at 23:30Z: 10:00 and 01:30 the next day in Johannesburg.
    expect(rows[1]).toMatch(/^2026-10-01 10:00:00,Normal,RS\w*,Records site,RA\w*,Records diesel,100\.000$/);
    expect(rows[2]).toMatch(/^2026-10-02 01:30:00,Normal,/);
    const utc = await f.editor.client.call(
      'GET',
      `${D}/export${qs({ format: 'csv', 'f.storeId': f.store, columns: cols, tz: 'UTC', sort: 'dispensedAt' })}`,
      undefined,
      f.editor.headers,
    );
    expect(String(utc.body).split(/\r\n/)[1]).toMatch(/^2026-10-01 08:00:00,/);
    expect(
      (
        await f.editor.client.call(
          'GET',
          `${D}/export${qs({ format: 'csv', tz: 'Mars/Olympus' })}`,
          undefined,
          f.editor.headers,
        )
      ).status,
    ).toBe(400);
  });

  it('exports XLSX with date cells in the local zone and litres to 3 decimals', async () => {
    const res = await fetch(
      `${srv.url}${D}/export${qs({ format: 'xlsx', 'f.storeId': f.store, columns: 'dispensedAt,storeCode,litres', tz: 'Africa/Johannesburg', sort: 'dispensedAt' })}`,
      { headers: f.editor.headers },
    );
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['When', 'Store', 'Store name', 'Litres']);
    expect(ws.getCell('A2').value).toBeInstanceOf(Date);
    expect((ws.getCell('A2').value as Date).toISOString()).toBe('2026-10-01T10:00:00.000Z');
    expect(ws.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ws.getCell('C2').value).toBe('Records site');
    expect(ws.getCell('D2').value).toBe(100);
    expect(ws.getCell('D2').numFmt).toBe('#,##0.000');
  });
});

describe('receipts', () => {
  const R = '/api/v1/records/receipts';
  it('lists with supplier, dips and temperature; totals; manual ones told apart from system ones', async () => {
    const all = await f.editor.get(`${R}${qs({ 'f.storeId': f.store })}`);
    expect(ids(all.body)).toEqual([f.r1, f.r2, f.r3].sort());
    const r1 = all.body.items.find((i: { id: string }) => i.id === f.r1);
    expect(r1).toMatchObject({
      supplier: 'Fuelco',
      deliveryNote: 'DN-1',
      litres: 1000,
      dipBeforeMm: 200,
      dipAfterMm: 900,
      temperatureC: 18,
      source: 'manual',
      tankCode: 'T1',
    });
    expect((await f.editor.get(`${R}/totals${qs({ 'f.storeId': f.store })}`)).body).toEqual({
      rows: 3,
      litres: 1700,
      count: 3,
    });
    const manual = await f.editor.get(`${R}${qs({ 'f.storeId': f.store, 'f.source': 'manual' })}`);
    expect(ids(manual.body)).toEqual([f.r1]);
    const system = await f.editor.get(`${R}${qs({ 'f.storeId': f.store, 'f.source': 'system' })}`);
    expect(ids(system.body)).toEqual([f.r2, f.r3].sort());
    expect(ids((await f.editor.get(`${R}${qs({ 'f.productId': f.productB })}`)).body)).toEqual([f.r2, f.r3].sort());
    expect(ids((await f.editor.get(`${R}${qs({ 'f.supplier': 'fuelco' })}`)).body)).toEqual([f.r1]);
    expect(ids((await f.editor.get(`${R}${qs({ 'f.storeId': f.store, 'f.from': '2026-10-04' })}`)).body)).toEqual(
      [f.r2, f.r3].sort(),
    );
    const detail = await f.editor.get(`${R}/${f.r1}`);
    expect(detail.body.audit.map((a: { action: string }) => a.action)).toEqual(['create']);
    expect((await other.get(`${R}/${f.r1}`)).status).toBe(404);
  });
});

describe('transfers', () => {
  const T = '/api/v1/records/transfers';
  it('lists tank and bowser transfers with totals and filters', async () => {
    const all = await f.editor.get(`${T}${qs({ 'f.storeId': f.store })}`);
    expect(ids(all.body)).toEqual([f.t1x, f.t2x].sort());
    expect(all.body.items.find((i: { id: string }) => i.id === f.t1x)).toMatchObject({
      fromTankCode: 'T1',
      toTankCode: 'T2',
      toBowser: null,
      litres: 40,
    });
    expect((await f.editor.get(`${T}/totals${qs({ 'f.storeId': f.store })}`)).body).toEqual({
      rows: 2,
      litres: 50,
      count: 2,
    });
    expect(ids((await f.editor.get(`${T}${qs({ 'f.storeId': f.store, 'f.destination': 'bowser' })}`)).body)).toEqual([
      f.t2x,
    ]);
    expect(ids((await f.editor.get(`${T}${qs({ 'f.toTankId': f.t2 })}`)).body)).toEqual([f.t1x]);
    expect((await f.editor.get(`${T}${qs({ 'f.destination': 'ship' })}`)).status).toBe(400);
  });
});

describe('allocation usage', () => {
  const A = '/api/v1/records/allocation-usage';
  it('counts litres per allocation on a day and its month, with % and the over-limit flag', async () => {
    const day1 = await f.editor.get(
      `${A}${qs({ 'f.storeId': f.store, 'f.date': '2026-10-01', 'f.productId': f.productA })}`,
    );
    expect(day1.status).toBe(200);
    const e1 = day1.body.items.find((i: { id: string }) => i.id === f.allocE1A);
    expect(e1).toMatchObject({
      usedToday: 100,
      usedThisMonth: 100,
      dailyLimit: 80,
      dailyPct: 125,
      monthlyPct: 20,
      overLimit: true,
      day: '2026-10-01',
    });
    // E2: d2 (10-02 local) and d4 at another store both count for the subject, as the ingest counts them.
    const day2 = await f.editor.get(
      `${A}${qs({ 'f.date': '2026-10-02', 'f.overLimit': 'false', 'f.storeId': f.store })}`,
    );
    const e2 = day2.body.items.find((i: { id: string }) => i.id === f.allocE2A);
    expect(e2).toMatchObject({
      usedToday: 70,
      usedThisMonth: 70,
      dailyPct: 35,
      overLimit: false,
      subjectType: 'equipment',
    });
    const over = await f.editor.get(
      `${A}${qs({ 'f.date': '2026-10-01', 'f.overLimit': 'true', 'f.storeId': f.store })}`,
    );
    expect(ids(over.body)).toEqual([f.allocE1A]);
    expect((await f.editor.get(`${A}${qs({ 'f.date': 'yesterday' })}`)).status).toBe(400);
    expect((await other.get(A)).body.items.map((i: { id: string }) => i.id)).not.toContain(f.allocE1A);
  });
});

describe('roles', () => {
  it('a driver is refused every query screen but may pivot', async () => {
    for (const p of [
      D,
      `${D}/totals`,
      '/api/v1/records/receipts',
      '/api/v1/records/transfers',
      '/api/v1/records/allocation-usage',
      `${D}/${f.d.d1}`,
    ]) {
      expect((await f.driver.get(p)).status, p).toBe(403);
    }
    expect((await f.driver.get('/api/v1/records/pivot?rows=store')).status).toBe(200);
  });
});
