import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DATASET_IDS } from '../../../src/contract/datasets';
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

  it('describes every entity set in $metadata as valid CSDL 4.0 that matches the JSON the feed answers', async () => {
    // The records' fixture has no tank reading: one dip, so every set has a row to compare.
    await srv.database.db.execute(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres)
      select account_id, id, '2026-10-15T06:00:00Z', 'dip', 4000 from tanks where id = ${f.t1}`);
    const res = await pull('/api/v1/feed/$metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('odata-version')).toBe('4.0');
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      // Elements only: EntitySet has an attribute called EntityType too.
      isArray: (name, _path, _leaf, isAttribute) =>
        !isAttribute && ['EntityType', 'Property', 'EntitySet', 'PropertyRef', 'Annotation', 'Schema'].includes(name),
    }).parse(xml);
    const edmx = doc['edmx:Edmx'];
    expect(edmx.Version).toBe('4.0');
    expect(edmx['xmlns:edmx']).toBe('http://docs.oasis-open.org/odata/ns/edmx');
    expect(edmx['edmx:Reference']['edmx:Include'].Namespace).toBe('Org.OData.Capabilities.V1');
    const [schema] = edmx['edmx:DataServices'].Schema as Record<string, any>[];
    expect(schema.xmlns).toBe('http://docs.oasis-open.org/odata/ns/edm');
    const types = new Map(
      (schema.EntityType as Record<string, any>[]).map((t) => [`${schema.Namespace}.${t.Name}`, t]),
    );
    const sets = schema.EntityContainer.EntitySet as Record<string, any>[];
    expect(sets.map((x) => x.Name).sort()).toEqual([...DATASET_IDS].sort());
    // The service document lists the same sets, each at an absolute URL that answers.
    const service = (await json('/api/v1/feed')) as unknown as { value: { name: string; url: string }[] };
    expect(service.value.map((x) => x.name).sort()).toEqual([...DATASET_IDS].sort());
    const EDM_VALUE: Record<string, (v: unknown) => boolean> = {
      'Edm.String': (v) => typeof v === 'string',
      'Edm.Double': (v) => typeof v === 'number',
      'Edm.Boolean': (v) => typeof v === 'boolean',
      'Edm.Date': (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
      'Edm.DateTimeOffset': (v) =>
        typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,12})?(Z|[+-]\d{2}:\d{2})$/.test(v),
    };
    for (const set of sets) {
      const type = types.get(set.EntityType)!;
      expect(type, set.EntityType).toBeDefined();
      expect(type.Key.PropertyRef.map((k: { Name: string }) => k.Name)).toEqual(['id']);
      const props = new Map(
        (type.Property as { Name: string; Type: string; Nullable?: string }[]).map((p) => [p.Name, p]),
      );
      expect(props.get('id')).toMatchObject({ Type: 'Edm.String', Nullable: 'false' });
      for (const p of props.values()) expect(Object.keys(EDM_VALUE), `${set.Name}.${p.Name}`).toContain(p.Type);
      expect(set.Annotation.map((a: { Term: string }) => a.Term)).toContain('Capabilities.SkipSupported');
      // A page of the set: the same fields as the type's properties, each value of the declared type.
      const url = new URL(service.value.find((x) => x.name === set.Name)!.url);
      const page = (await json(`${url.pathname}?$top=50`)) as {
        value: Record<string, unknown>[];
        '@odata.context'?: string;
      };
      expect(page['@odata.context']).toMatch(new RegExp(`/feed/\\$metadata#${set.Name}$`));
      expect(page.value.length, `${set.Name} has rows in the fixture`).toBeGreaterThan(0);
      for (const row of page.value) {
        expect(Object.keys(row).sort(), set.Name).toEqual([...props.keys()].sort());
        for (const [k, v] of Object.entries(row))
          if (v !== null)
            expect(EDM_VALUE[props.get(k)!.Type](v), `${set.Name}.${k} = ${JSON.stringify(v)}`).toBe(true);
      }
    }
    expect((await pull('/api/v1/feed/$metadata', '')).status).toBe(401);
  });

  it('answers $select, and 501 for the OData options it does not implement (no silently ignored $filter)', async () => {
    const page = await json(`/api/v1/feed/dispenses${qs({ ...OCT, storeId: f.store, $select: 'litres,id' })}`);
    expect(page.value).toEqual([
      { id: f.d.d1, litres: 100 },
      expect.objectContaining({ id: f.d.d2 }),
      expect.objectContaining({ id: f.d.d3 }),
    ]);
    expect(Object.keys(page.value[1])).toEqual(['id', 'litres']);
    expect((page as { '@odata.context'?: string })['@odata.context']).toMatch(/#dispenses\(id,litres\)$/);
    const csv = await pull(`/api/v1/feed/dispenses${qs({ ...OCT, $select: 'id,litres', $format: 'csv' })}`);
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Id,Litres');
    expect((await pull('/api/v1/feed/dispenses?$select=id,password')).status).toBe(400);
    for (const option of ['$skip=1', '$filter=litres gt 1', '$orderby=litres', '$count=true', '$expand=store']) {
      const res = await pull(`/api/v1/feed/dispenses?${option}`);
      expect(res.status, option).toBe(501);
      expect((await res.json()).message).toContain(option.split('=')[0]);
    }
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

  it('takes the key as the password of Basic credentials (Excel, Power BI), and asks for them on a 401', async () => {
    const basic = (user: string, pass: string) =>
      fetch(srv.url + '/api/v1/feed/dispenses' + qs({ ...OCT, storeId: f.store }), {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` },
      });
    const ok = await basic('finance', key);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { value: { id: string }[] }).value.map((r) => r.id)).toEqual([f.d.d1, f.d.d2, f.d.d3]);
    expect((await basic('', key)).status).toBe(200);
    for (const res of [
      await basic('finance', key.slice(0, -1) + 'x'),
      await basic(key, ''),
      await pull('/api/v1/feed/dispenses', ''),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="FAMS feed"/);
    }
    const garbage = await fetch(srv.url + '/api/v1/feed/dispenses', { headers: { authorization: 'Basic %%%' } });
    expect(garbage.status).toBe(401);
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
