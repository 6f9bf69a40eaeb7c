import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../../src/contract/calendar';
import type { ReportLine, ReportRun } from '../../../src/contract/reports';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';
import { preview } from './preview.testutil';

/**
 * Standard reports on the records' hand-made data set (fixture.testutil.ts): store S (UTC+2)
 * d1 T1/A 100 L, d2 T1/A 50 L (local 10-02), d3 T2/B 30 L; store S2 (UTC) d4 T3/A 20 L (10-02);
 * prices A 2.00, B 3.00; transfers T1→T2 40 L and T1→bowser 10 L on 10-06.
 */
let srv: TestServer;
let f: Fixture;
const OCT = { range: 'custom', from: '2026-10-01', to: '2026-10-31' };

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

const run = (id: string, params: Record<string, string | number>) => preview(f.admin, id, params);
const rows = (r: ReportRun) => r.lines.filter((l) => l.kind === 'row').map((l) => l.values);
const total = (r: ReportRun) => r.lines.find((l) => l.kind === 'total')!.values;

describe('standard reports', () => {
  it('lists the catalogue to a manager and refuses a driver', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    const res = await manager.get('/api/v1/reports');
    expect(res.status).toBe(200);
    expect(res.body.reports.map((r: { id: string }) => r.id)).toContain('fuel-by-cost-centre');
    expect((await f.driver.get('/api/v1/reports')).status).toBe(403);
    expect((await f.driver.get(`/api/v1/reports/fuel-by-equipment${qs(OCT)}`)).status).toBe(403);
  });

  it('fuel by cost centre: litres and cost of the store, net of nothing else', async () => {
    const r = await run('fuel-by-cost-centre', { ...OCT, storeId: f.store });
    expect(r).toMatchObject({ from: '2026-10-01', to: '2026-10-31', rowCount: 1, truncated: false });
    // No cost centre on these dispenses: one "(none)" group with every figure.
    expect(rows(r)).toEqual([
      { costCentre: null, costCentreName: null, equipmentCount: 2, dispenses: 3, litres: 180, cost: 390 },
    ]);
    expect(total(r)).toEqual({ dispenses: 3, litres: 180, cost: 390 });
  });

  it('fuel by store and product: store-local days, a subtotal per store and the total', async () => {
    // 2026-10-02 is d2 at S (23:30Z on 10-01 is 01:30 on 10-02 in Johannesburg) and d4 at S2.
    const r = await run('fuel-by-store-product', { range: 'custom', from: '2026-10-02', to: '2026-10-02' });
    const ours = r.lines.filter((l: ReportLine) => /^R[ST]/.test(String(l.values.store ?? '')));
    expect(ours.map((l) => [l.kind, l.values.litres, l.values.cost])).toEqual([
      ['row', 50, 100],
      ['subtotal', 50, 100],
      ['row', 20, 40],
      ['subtotal', 20, 40],
    ]);
    expect(ours[0].values).toMatchObject({ storeName: 'Records site', productName: 'Records diesel', dispenses: 1 });
    expect(total(r)).toMatchObject({ litres: 70, cost: 140, dispenses: 2 });
  });

  it('fuel by equipment and by employee, with a product filter', async () => {
    const byEq = await run('fuel-by-equipment', { ...OCT, storeId: f.store, productId: f.productA });
    expect(rows(byEq).map((x) => [x.dispenses, x.litres, x.cost])).toEqual([
      [1, 100, 200],
      [1, 50, 100],
    ]);
    const byEmp = await run('fuel-by-employee', { ...OCT, storeId: f.store });
    expect(rows(byEmp).map((x) => [x.employee, x.litres])).toEqual([
      [expect.any(String), 100],
      ['(no employee)', 80],
    ]);
  });

  it('transfers by local day with the bowser leg', async () => {
    const r = await run('transfers', { ...OCT, storeId: f.store });
    expect(rows(r).map((x) => [x.day, x.fromTank, x.toTank, x.litres])).toEqual([
      ['2026-10-06', 'T1', 'T2', 40],
      ['2026-10-06', 'T1', 'BW-1', 10],
    ]);
    expect(total(r)).toEqual({ litres: 50 });
  });

  it('equipment not fuelled in N days, counted from the account’s today', async () => {
    const eq = async (id: string) => (await f.admin.get(`/api/v1/equipment/${id}`)).body.fleetNo as string;
    const [e1, e2] = [await eq(f.e1), await eq(f.e2)];
    const today = localDate(new Date(), 'Africa/Johannesburg');
    const since = (day: string) => Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000);
    const mine = (r: ReportRun) => rows(r).filter((x) => x.fleetNo === e1 || x.fleetNo === e2);
    const r = await run('not-fuelled', { days: 30 });
    expect(r.from).toBeNull();
    expect(mine(r)).toEqual([
      expect.objectContaining({ fleetNo: e2, lastFuelled: '2026-10-02', daysSince: since('2026-10-02') }),
      expect.objectContaining({ fleetNo: e1, lastFuelled: '2026-10-05', daysSince: since('2026-10-05') }),
    ]);
    expect(mine(await run('not-fuelled', { days: since('2026-10-02') + 1 }))).toEqual([]);
  });

  it('refuses bad parameters with field messages, never a 500', async () => {
    const bad = async (params: Record<string, string>) => {
      const res = await f.admin.get(`/api/v1/reports/fuel-by-equipment${qs(params)}`);
      expect(res.status).toBe(400);
      return res.body.fieldErrors as Record<string, string[]>;
    };
    expect(Object.keys(await bad({ range: 'custom', from: '2026-10-01' }))).toEqual(['to']);
    expect(Object.keys(await bad({ range: 'custom', from: '2024-01-01', to: '2026-01-01' }))).toEqual(['to']);
    expect(Object.keys(await bad({ range: 'fortnight' }))).toEqual(['range']);
    expect(Object.keys(await bad({ storeId: 'x' }))).toEqual(['storeId']);
    expect((await f.admin.get('/api/v1/reports/drop-table')).status).toBe(400);
  });

  it('never shows another account’s figures', async () => {
    const other = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const r = await other.get(`/api/v1/reports/fuel-by-store-product${qs(OCT)}`);
    expect(r.status).toBe(200);
    expect((r.body as ReportRun).lines.some((l) => /^R[ST]/.test(String(l.values.store ?? '')))).toBe(false);
  });

  it('writes the same run as XLSX (typed cells, subtotal and total rows) and CSV', async () => {
    const params = { range: 'custom', from: '2026-10-02', to: '2026-10-02', storeId: f.store };
    const res = await fetch(
      `${srv.url}/api/v1/reports/fuel-by-store-product/export${qs({ ...params, format: 'xlsx' })}`,
      {
        headers: f.admin.headers,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/fuel-by-store-product-.*\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Store',
      'Store name',
      'Product',
      'Product name',
      'Dispenses',
      'Litres',
      'Cost (ZAR)',
    ]);
    expect(ws.getCell('F2').value).toBe(50);
    expect(ws.getCell('G2').numFmt).toBe('#,##0.00');
    expect(String(ws.getCell('A3').value)).toMatch(/subtotal$/);
    expect(ws.getCell('A4').value).toBe('Total');
    expect(ws.getCell('F4').value).toBe(50);

    const csv = await (
      await fetch(`${srv.url}/api/v1/reports/fuel-by-store-product/export${qs({ ...params, format: 'csv' })}`, {
        headers: f.admin.headers,
      })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The money column names the account's currency, as in the PDF (ADR 080).
    expect(lines[0]).toBe('Store,Store name,Product,Product name,Dispenses,Litres,Cost (ZAR)');
    expect(lines.at(-1)).toBe('Total,,,,1,50.00,100.00');
  });

  it('writes the run as a PDF with the account, title, parameters, table and total', async () => {
    const params = { range: 'custom', from: '2026-10-02', to: '2026-10-02', storeId: f.store, format: 'pdf' };
    const res = await fetch(`${srv.url}/api/v1/reports/fuel-by-store-product/export${qs(params)}`, {
      headers: f.admin.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    expect(total).toBe(1);
    expect(text).toContain('Fuel by store and product');
    expect(text).toContain('Demo Fuels');
    expect(text).toMatch(/2026-10-02 to 2026-10-02/);
    expect(text).toMatch(/Store RS\w+ — Records site/);
    expect(text).toMatch(/Store\s+Product\s+Dispenses\s+Litres\s+Cost/);
    expect(text).toMatch(/Records diesel\s+1\s+50\.00\s+100\.00/);
    expect(text).toMatch(/Total\s+1\s+50\.00\s+100\.00/);
    // The money column names the account's currency; the foot counts the pages (ADR 080).
    expect(text).toContain('Cost (ZAR)');
    expect(text).toContain('Page 1 of 1');
  });

  it('pages a long PDF with the header on every page', async () => {
    const res = await fetch(`${srv.url}/api/v1/reports/not-fuelled/export${qs({ days: 1, format: 'pdf' })}`, {
      headers: f.admin.headers,
    });
    expect(res.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    const result = await parser.getText();
    await parser.destroy();
    // The demo fleet has more equipment than one page holds (~33 rows a page).
    expect(result.total).toBeGreaterThan(1);
    for (const p of result.pages) {
      expect(p.text).toMatch(/Fleet no\.\s+Description/);
      expect(p.text).toContain(`Page ${p.num} of ${result.total}`);
    }
  });
});
