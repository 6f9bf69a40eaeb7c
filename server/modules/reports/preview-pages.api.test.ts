import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportLine, ReportRun } from '../../../src/contract/reports';
import { startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';
import { preview } from './preview.testutil';

/**
 * The preview paged through the whole run, its chart, and the cursor the run is read through (ADR 058),
 * on the seeded demo data (many equipment and stores) and the records' hand-made set (store S:
 * 180 L of dispenses in October, no cost centre).
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

const page = (id: string, params: Record<string, string | number>) => preview(f.admin, id, params);
const body = (r: ReportRun) => r.lines.filter((l) => l.kind !== 'total');
const total = (r: ReportRun) => r.lines.find((l: ReportLine) => l.kind === 'total')?.values;

describe('report preview pages', () => {
  it('pages through the whole run: the pages together are the run, each with the run’s total', async () => {
    const all = await page('fuel-by-store-product', { ...OCT, size: 500 });
    expect(all.rowCount).toBeGreaterThan(2);
    expect(all).toMatchObject({ page: 1, pageSize: 500, truncated: false });
    const size = 1;
    const pages: ReportRun[] = [];
    for (let p = 1; p <= Math.ceil(all.rowCount / size); p++)
      pages.push(await page('fuel-by-store-product', { ...OCT, page: p, size }));
    // Rows and the subtotals that close on each page, in order, make the whole run; every page carries its total.
    expect(pages.flatMap(body)).toEqual(body(all));
    for (const p of pages) {
      expect(total(p)).toEqual(total(all));
      expect(p.rowCount).toBe(all.rowCount);
      expect(p.lines.filter((l) => l.kind === 'row').length).toBeLessThanOrEqual(size);
    }
    expect(pages[0]).toMatchObject({ page: 1, pageSize: size, truncated: true });
    // Past the end: no rows, the total still there.
    const past = await page('fuel-by-store-product', { ...OCT, page: pages.length + 1, size });
    expect(past.lines.map((l) => l.kind)).toEqual(['total']);
  }, 60_000);

  it('refuses a page or size out of range with field errors, not a 500', async () => {
    const bads: Record<string, string | number>[] = [{ size: 0 }, { size: 501 }, { page: 0 }, { page: 'x' }];
    for (const bad of bads) {
      const res = await f.admin.get(`/api/v1/reports/fuel-by-cost-centre${qs({ ...OCT, ...bad })}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldErrors ?? {}), JSON.stringify(res.body)).toEqual(Object.keys(bad));
    }
    const res = await f.admin.get(`/api/v1/reports/fuel-by-cost-centre${qs({ range: 'custom', size: 10 })}`);
    expect(res.status).toBe(400);
  });

  it('gives a declared chart over the whole run, and none to a report without one', async () => {
    const r = await page('fuel-by-cost-centre', {
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      storeId: f.store,
    });
    expect(r.chart).toEqual({ kind: 'bar', x: 'Cost centre', y: 'Litres', points: [{ x: '(none)', y: 180 }] });
    // The chart sums every row, not only the page's.
    const byStore = await page('fuel-by-store-product', { ...OCT, size: 1 });
    const all = await page('fuel-by-store-product', { ...OCT, size: 500 });
    expect(byStore.chart).toEqual(all.chart);
    const sum = (r: ReportRun) => r.chart!.points.reduce((s, p) => s + p.y, 0);
    expect(sum(byStore)).toBeCloseTo(Number(total(all)!.litres), 1);
    expect(byStore.chart!.kind).toBe('bar');
    const transfers = await page('transfers', OCT);
    if (transfers.chart) {
      const days = transfers.chart.points.map((p) => p.x);
      expect(days).toEqual([...days].sort());
    }
    expect((await page('fuel-by-equipment', OCT)).chart).toBeNull();
    // The reconciliation's line runs per day: its "Period" line per tank is a row, not a point (ADR 064).
    const rec = await page('tank-reconciliation', { ...OCT, tankId: f.t1 });
    expect(rec.lines.some((l) => l.values.day === 'Period')).toBe(true);
    expect(rec.chart!.points.map((p) => p.x)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    );
  }, 60_000);

  it('draws the chart above the table on the PDF’s first page: title, legend, axis titles and ticks', async () => {
    const pdfText = async (id: string, params: Record<string, string>) => {
      const res = await fetch(`${srv.url}/api/v1/reports/${id}/export${qs({ ...params, format: 'pdf' })}`, {
        headers: f.admin.headers,
      });
      expect(res.status).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
      const { pages } = await parser.getText();
      await parser.destroy();
      return pages.map((p) => p.text);
    };
    // Store S in October: 180 L, no cost centre — one bar "(none)" on a 0–200 axis in steps of 50.
    const [first] = await pdfText('fuel-by-cost-centre', { ...OCT, storeId: f.store });
    const header = first.search(/Cost centre\s+Equipment\s+Dispenses\s+Litres/);
    expect(header).toBeGreaterThan(0);
    const chart = first.slice(0, header);
    // The chart's title, its legend, the y axis' title and ticks, the bar's x tick, the x axis' title.
    expect(chart).toMatch(
      /Litres per cost centre\s+Litres\s+Litres\s+0\s+50\s+100\s+150\s+200\s+\(none\)\s+Cost centre\s*$/,
    );
    // The table follows on the same page, with the same figure.
    expect(first.slice(header)).toMatch(/Total\s+3\s+180\.00/);
    // No rows, or no chart declared: no chart.
    const [empty] = await pdfText('fuel-by-cost-centre', { range: 'custom', from: '2026-08-01', to: '2026-08-31' });
    expect(empty).not.toContain('per cost centre');
    const [plain] = await pdfText('fuel-by-equipment', OCT);
    expect(plain).not.toMatch(/ per /);
  });

  it('gives every connection back: previews, files and refused runs leave the pool idle', async () => {
    const pool = srv.database.pool;
    // More runs than the pool has connections (5): a cursor left open would make these wait for ever.
    for (let i = 0; i < 6; i++) await page('fuel-by-store-product', { ...OCT, page: 2, size: 3 });
    await Promise.all(
      (['csv', 'xlsx', 'pdf'] as const).map(async (format) => {
        const res = await f.admin.get(`/api/v1/reports/fuel-by-store-product/export${qs({ ...OCT, format })}`);
        expect(res.status).toBe(200);
      }),
    );
    // A download stopped after its first bytes closes its cursor too.
    // A PDF with a chart sums it on the cursor's own connection (ADR 064): more at once than the pool holds.
    await Promise.all(
      Array.from({ length: 7 }, async () => {
        const res = await f.admin.get(`/api/v1/reports/fuel-by-cost-centre/export${qs({ ...OCT, format: 'pdf' })}`);
        expect(res.status).toBe(200);
      }),
    );
    for (const id of ['fuel-by-equipment', 'fuel-by-cost-centre', 'fuel-by-equipment']) {
      const ctl = new AbortController();
      const res = await fetch(`${srv.url}/api/v1/reports/${id}/export${qs({ ...OCT, format: 'pdf' })}`, {
        headers: f.admin.headers,
        signal: ctl.signal,
      });
      expect(res.status).toBe(200);
      await res.body!.getReader().read();
      ctl.abort();
    }
    const bad = await f.admin.get(`/api/v1/reports/fuel-by-equipment${qs({ ...OCT, employeeId: f.store })}`);
    expect(bad.status).toBe(400);
    await page('fuel-by-store-product', { ...OCT, size: 1 });
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);
  }, 120_000);
});
