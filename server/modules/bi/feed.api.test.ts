import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';

/** The BI feed on the records' hand-made data set (fixture.testutil.ts: d1–d3 at store S, d4 at S2). */
let srv: TestServer;
let f: Fixture;
let key: string;
let keyId: string;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  const res = await f.admin.send('POST', '/api/v1/bi-feed-keys', { name: 'Power BI finance' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  key = res.body.key;
  keyId = res.body.id;
});
afterAll(async () => {
  await srv?.close();
});

const pull = (path: string, k: string | undefined = key) =>
  fetch(srv.url + path, { headers: k ? { authorization: `Bearer ${k}` } : {} });
const json = async (path: string, k?: string) => {
  const res = await pull(path, k);
  expect(res.status, path).toBe(200);
  return (await res.json()) as { value: Record<string, unknown>[]; '@odata.nextLink'?: string };
};
const OCT = { from: '2026-10-01', to: '2026-10-31' };

describe('BI feed keys', () => {
  it('shows a key once, then only its hint; the list never carries the key or its hash', async () => {
    expect(key).toMatch(/^fams_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const list = await f.admin.get('/api/v1/bi-feed-keys');
    expect(list.status).toBe(200);
    const row = list.body.keys.find((k: { id: string }) => k.id === keyId);
    expect(row).toMatchObject({ name: 'Power BI finance', keyHint: key.slice(-4), revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(38));
    const stored = await srv.database.db.execute(sql`select key_hash from bi_feed_keys where id = ${keyId}::uuid`);
    expect(String(stored.rows[0].key_hash)).not.toContain(key.slice(38));
  });

  it('refuses a name that is empty, and a driver (not an admin)', async () => {
    expect((await f.admin.send('POST', '/api/v1/bi-feed-keys', { name: '  ' })).status).toBe(400);
    expect((await f.driver.get('/api/v1/bi-feed-keys')).status).toBe(403);
  });
});

describe('BI feed', () => {
  it("answers the key's account's dispenses on store-local days, in time order", async () => {
    const page = await json(`/api/v1/feed/dispenses${qs({ ...OCT, storeId: f.store })}`);
    expect(page.value.map((r) => r.id)).toEqual([f.d.d1, f.d.d2, f.d.d3]);
    expect(page.value[0]).toMatchObject({ litres: 100, at: '2026-10-01T08:00:00.000000Z', day: '2026-10-01' });
    expect(page['@odata.nextLink']).toBeUndefined();
    // d2 (23:30Z on 10-01) is 10-02 in Johannesburg.
    const local = await json(`/api/v1/feed/dispenses${qs({ from: '2026-10-02', to: '2026-10-02', storeId: f.store })}`);
    expect(local.value.map((r) => r.id)).toEqual([f.d.d2]);
  });

  it('pages by keyset: $top rows and a nextLink with the same filters, until the end', async () => {
    const first = await json(`/api/v1/feed/dispenses${qs({ ...OCT, storeId: f.store, $top: 2 })}`);
    expect(first.value.map((r) => r.id)).toEqual([f.d.d1, f.d.d2]);
    const next = new URL(first['@odata.nextLink']!);
    expect(next.searchParams.get('storeId')).toBe(f.store);
    const second = await json(next.pathname + next.search);
    expect(second.value.map((r) => r.id)).toEqual([f.d.d3]);
    expect(second['@odata.nextLink']).toBeUndefined();
  });

  it('streams CSV with the declared titles, every row', async () => {
    const res = await pull(`/api/v1/feed/receipts${qs({ ...OCT, $format: 'csv' })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Id,Received at,Day,Store,Store name,Tank,Product,Product name,Supplier/);
    for (const id of [f.r1, f.r2, f.r3]) expect(lines.some((l) => l.startsWith(id))).toBe(true);
  });

  it('is scoped to the key: another account sees none of these rows', async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const other = await boss.send('POST', '/api/v1/bi-feed-keys', { name: 'North BI' });
    expect(other.status).toBe(201);
    for (const dataset of ['dispenses', 'receipts', 'transfers']) {
      const page = await json(`/api/v1/feed/${dataset}${qs({ ...OCT, $top: 5000 })}`, other.body.key);
      const ids = new Set(page.value.map((r) => r.id));
      for (const id of [...Object.values(f.d), f.r1, f.r2, f.r3, f.t1x, f.t2x]) expect(ids.has(id)).toBe(false);
    }
    // And its keys are not this account's to list or revoke.
    expect((await f.admin.get('/api/v1/bi-feed-keys')).body.keys.map((k: { id: string }) => k.id)).not.toContain(
      other.body.id,
    );
    expect((await f.admin.send('DELETE', `/api/v1/bi-feed-keys/${other.body.id}`)).status).toBe(404);
  });

  it('describes the datasets and their typed columns in $metadata (OData CSDL), for the key only', async () => {
    const res = await pull('/api/v1/feed/$metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<EntitySet Name="dispenses" EntityType="FAMS.Feed.dispenses"/>');
    expect(xml).toContain('<Property Name="litres" Type="Edm.Double"/>');
    expect(xml).toContain('<Property Name="at" Type="Edm.DateTimeOffset"/>');
    expect((await pull('/api/v1/feed/$metadata', '')).status).toBe(401);
  });

  it('refuses a missing, forged or malformed key (401) and bad paging (400)', async () => {
    expect((await pull('/api/v1/feed/dispenses', '')).status).toBe(401);
    const forged = key.slice(0, -4) + (key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await pull('/api/v1/feed/dispenses', forged)).status).toBe(401);
    expect((await pull('/api/v1/feed/dispenses', 'not-a-key')).status).toBe(401);
    expect((await pull('/api/v1/feed/dispenses?$skiptoken=garbage')).status).toBe(400);
    expect((await pull('/api/v1/feed/dispenses?$top=0')).status).toBe(400);
    expect((await pull('/api/v1/feed/nothing')).status).toBe(400);
  });

  it('a revoked key is 401 at once; making and revoking are audited', async () => {
    const made = await f.admin.send('POST', '/api/v1/bi-feed-keys', { name: 'Excel' });
    expect((await pull('/api/v1/feed/readings', made.body.key)).status).toBe(200);
    expect((await f.admin.send('DELETE', `/api/v1/bi-feed-keys/${made.body.id}`)).status).toBe(204);
    expect((await pull('/api/v1/feed/readings', made.body.key)).status).toBe(401);
    expect((await f.admin.send('DELETE', `/api/v1/bi-feed-keys/${made.body.id}`)).status).toBe(404);
    const audit = await srv.database.db.execute(
      sql`select action from audit_log where entity = 'bi_feed_key' and entity_id = ${made.body.id} order by at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'revoke']);
  });
});
