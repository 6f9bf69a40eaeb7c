import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, post, type IngestFixture, type Session } from '../dispensing/fixture.testutil';
import { qs } from '../records/fixture.testutil';

/**
 * `/SAP` (issue 15, ADR 044) on March 2021, a month the demo data does not reach: the ingest
 * fixture's UTC store and diesel (list price 1.50) with a store price of 2.00 from 2021-03-16.
 *
 *   dispense      cost centre          litres   price   cost
 *   s1 03-02      A (mapped)           10.333   1.50    15.4995
 *   s2 03-03      A                    20.001   1.50    30.0015
 *   s3 03-20      A                    10       2.00    20
 *   s4 03-05      B (mapped)            7.5     1.50    11.25
 *   s5 03-06      C (not mapped)        4       1.50     6
 *   s6 03-07      none                  3       1.50     4.5
 * Postings: A 65.501 → 65.50 (40.334 L), B 11.25 (7.5 L); total 76.75; s5 and s6 listed unmapped.
 */
let srv: TestServer;
let f: IngestFixture;
let boss: Session;
const u = () => crypto.randomBytes(3).toString('hex').toUpperCase();
const MARCH = { from: '2021-03-01', to: '2021-03-31' };
const cc: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const codes: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
let productCode = '';

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  for (const k of ['A', 'B', 'C'] as const) {
    codes[k] = `SAP${k}${u()}`;
    const r = await f.admin.send('POST', '/api/v1/cost-centres', { code: codes[k], name: `Cost centre ${k}` });
    cc[k] = r.body.id;
  }
  productCode = (await f.admin.get(`/api/v1/products/${f.product}`)).body.code;
  const price = await f.admin.send('POST', '/api/v1/product-prices', {
    productId: f.product,
    storeId: f.store,
    price: 2,
    effectiveFrom: '2021-03-16',
  });
  expect(price.status, JSON.stringify(price.body)).toBe(201);
  const d = (litres: number, day: string, costCentreId: string | null) => ({
    id: crypto.randomUUID(),
    variant: 'FAMS',
    deviceId: 'phone-sap',
    note: '',
    storeId: f.store,
    tankId: f.tankA,
    equipmentId: f.e2,
    costCentreId,
    litres,
    dispensedAt: `2021-03-${day}T10:00:00Z`,
  });
  const res = await post(f.admin, 'dispenses', [
    d(10.333, '02', cc.A),
    d(20.001, '03', cc.A),
    d(10, '20', cc.A),
    d(7.5, '05', cc.B),
    d(4, '06', cc.C),
    d(3, '07', null),
  ]);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('created'));
});
afterAll(async () => {
  await srv?.close();
});

const mapAB = () =>
  boss.send('PUT', '/api/v1/sap/mapping', {
    settings: { companyCode: '1000', documentType: 'SA', offsetAccount: '139000' },
    costCentres: [
      { costCentreId: cc.A, sapCostCentre: 'K100', glAccount: '610000' },
      { costCentreId: cc.B, sapCostCentre: 'K200', glAccount: '610100' },
      { costCentreId: cc.C, sapCostCentre: null, glAccount: null },
    ],
    products: [{ productId: f.product, material: 'DIESEL-50' }],
  });
const preview = (p: object = MARCH) => boss.get(`/api/v1/sap/preview${qs(p as Record<string, string>)}`);

describe('/SAP', () => {
  it('keeps a checked mapping of this account only', async () => {
    const bad = await boss.send('PUT', '/api/v1/sap/mapping', {
      settings: { companyCode: 'toolong', documentType: 'S', offsetAccount: 'abc' },
      costCentres: [{ costCentreId: cc.A, sapCostCentre: 'K100', glAccount: null }],
      products: [],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual([
      'costCentres.0.glAccount',
      'settings.companyCode',
      'settings.documentType',
      'settings.offsetAccount',
    ]);
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const foreign = await north.send('PUT', '/api/v1/sap/mapping', {
      settings: { companyCode: '2000', documentType: 'SA', offsetAccount: '1' },
      costCentres: [{ costCentreId: cc.A, sapCostCentre: 'X', glAccount: '1' }],
      products: [],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors['costCentres.0.costCentreId']).toBeDefined();

    const ok = await mapAB();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.costCentres.find((c: { costCentreId: string }) => c.costCentreId === cc.A)).toMatchObject({
      sapCostCentre: 'K100',
      glAccount: '610000',
    });
    expect((await north.get('/api/v1/sap/mapping')).body.settings).toBeNull();
  });

  it('previews the postings at the prices in force, matching the cost-centre report, and lists the unmapped', async () => {
    const p = await preview();
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.lines).toEqual([
      {
        costCentre: codes.A,
        sapCostCentre: 'K100',
        glAccount: '610000',
        product: productCode,
        material: 'DIESEL-50',
        dispenses: 3,
        litres: 40.334,
        amount: 65.5,
      },
      {
        costCentre: codes.B,
        sapCostCentre: 'K200',
        glAccount: '610100',
        product: productCode,
        material: 'DIESEL-50',
        dispenses: 1,
        litres: 7.5,
        amount: 11.25,
      },
    ]);
    expect(p.body).toMatchObject({ dispenses: 4, litres: 47.834, total: 76.75, alreadyPosted: 0, unmappedCount: 2 });
    expect(p.body.unmapped.map((x: { reason: string; amount: number }) => [x.reason, x.amount])).toEqual([
      [`Cost centre ${codes.C} has no SAP cost centre`, 6],
      ['No cost centre', 4.5],
    ]);
    expect(p.body.unmappedByReason).toEqual([
      { reason: 'No cost centre', dispenses: 1, litres: 3, amount: 4.5 },
      { reason: `Cost centre ${codes.C} has no SAP cost centre`, dispenses: 1, litres: 4, amount: 6 },
    ]);

    const report = await f.admin.get(
      `/api/v1/reports/fuel-by-cost-centre${qs({ range: 'custom', ...MARCH, storeId: f.store })}`,
    );
    const costOf = (code: string) =>
      report.body.lines.find((l: { kind: string; values: { costCentre: string } }) => l.values.costCentre === code)
        .values.cost;
    expect([costOf(codes.A), costOf(codes.B)]).toEqual([65.5, 11.25]);
  });

  it('exports once: the file, the record and re-download; the same dispenses are not posted twice', async () => {
    const ex = await boss.send('POST', '/api/v1/sap/exports', MARCH);
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    expect(ex.body).toMatchObject({
      periodFrom: MARCH.from,
      periodTo: MARCH.to,
      reExport: false,
      lines: 2,
      dispenses: 4,
      litres: 47.834,
      total: 76.75,
      fileName: 'fams-sap-2021-03-01-2021-03-31.csv',
    });
    const file = await boss.get(`/api/v1/sap/exports/${ex.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('fams-sap-2021-03-01-2021-03-31.csv');
    const rows = (file.body as string)
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]).toEqual(
      'BUKRS,BLDAT,BUDAT,BLART,XBLNR,BKTXT,BUZEI,BSCHL,HKONT,KOSTL,MATNR,MENGE,MEINS,WRBTR,WAERS,SGTXT'.split(','),
    );
    expect(rows.slice(1).map((r) => [r[0], r[2], r[7], r[8], r[9], r[10], r[11], r[13]])).toEqual([
      ['1000', '20210331', '40', '610000', 'K100', 'DIESEL-50', '40.334', '65.50'],
      ['1000', '20210331', '40', '610100', 'K200', 'DIESEL-50', '7.500', '11.25'],
      ['1000', '20210331', '50', '139000', '', '', '', '76.75'],
    ]);

    // The history names who and when; another account sees nothing and cannot download.
    const history = await boss.get('/api/v1/sap/exports');
    expect(history.body.items[0]).toMatchObject({ id: ex.body.id, createdByName: expect.any(String), total: 76.75 });
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await north.get('/api/v1/sap/exports')).body.items).toEqual([]);
    expect((await north.get(`/api/v1/sap/exports/${ex.body.id}/file`)).status).toBe(404);

    // Again: nothing new, and the preview says why.
    const again = await boss.send('POST', '/api/v1/sap/exports', MARCH);
    expect(again.status).toBe(422);
    expect(again.body.message).toContain('4 dispenses of this period are already posted');
    expect((await preview()).body).toMatchObject({ lines: [], alreadyPosted: 4, unmappedCount: 2 });

    // Mapping C posts only C's dispense; the earlier ones stay posted once.
    await boss.send('PUT', '/api/v1/sap/mapping', {
      settings: { companyCode: '1000', documentType: 'SA', offsetAccount: '139000' },
      costCentres: [{ costCentreId: cc.C, sapCostCentre: 'K300', glAccount: '610200' }],
      products: [],
    });
    const c = await boss.send('POST', '/api/v1/sap/exports', MARCH);
    expect(c.body).toMatchObject({ lines: 1, dispenses: 1, total: 6 });

    // Re-export, chosen on purpose, posts the whole period again.
    const re = await boss.send('POST', '/api/v1/sap/exports', { ...MARCH, reExport: true });
    expect(re.body).toMatchObject({ reExport: true, dispenses: 5, total: 82.75 });
    const posted = await srv.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sap_posted where export_id = ${re.body.id}`,
    );
    expect(posted.rows[0].n).toBe(5);
  });

  it('is ThebigBoss only, and checks the period', async () => {
    for (const s of [f.admin, await session(srv.url, ...DEMO.manager)]) {
      expect((await s.get('/api/v1/sap/mapping')).status).toBe(403);
      expect((await s.get(`/api/v1/sap/preview${qs(MARCH)}`)).status).toBe(403);
      expect((await s.send('POST', '/api/v1/sap/exports', MARCH)).status).toBe(403);
      expect((await s.get('/api/v1/sap/exports')).status).toBe(403);
    }
    const reversed = await boss.send('POST', '/api/v1/sap/exports', { from: '2021-03-31', to: '2021-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fieldErrors.to).toBeDefined();
    expect((await preview({ from: '2021-03-31', to: '2021-03-01' })).status).toBe(400);
  });
});
