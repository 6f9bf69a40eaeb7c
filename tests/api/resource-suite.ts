import { expect, it } from 'vitest';
import type { session } from './harness';

export type Session = Awaited<ReturnType<typeof session>>;
interface Invalid {
  body: Record<string, unknown>;
  fields: string[];
}

/** What the shared CRUD checks need to know about one resource. */
export interface ResourceCase {
  /** Path under /api/v1, e.g. /stores. */
  path: string;
  /** Audit entity name. */
  entity: string;
  /** A user allowed to write it (Demo Fuels). */
  writer: () => Session;
  /** A Demo Fuels user below the rule: 403. */
  refused: () => Session;
  /** A Demo Fuels admin, to read the audit log. */
  auditor: () => Session;
  /** A user of another account allowed by the rule there (ThebigBoss of North Haulage). */
  stranger: () => Session;
  /** A valid new record; `n` makes natural keys unique. */
  create: (n: number) => Record<string, unknown>;
  /** Changes to apply in an update (merged over the created body). */
  change: Record<string, unknown>;
  /** A body with errors and the fields they must be reported on (a function when it needs test data). */
  invalid: Invalid | (() => Invalid);
  /** The field a duplicate natural key is reported on. */
  uniqueField: string;
  /** A word `q` finds the created record by. */
  search?: (n: number) => string;
}

const API = '/api/v1';

/** The create/read/update/delete/restore, validation, uniqueness, concurrency, audit, role and tenant checks. */
export function resourceSuite(c: ResourceCase) {
  const url = `${API}${c.path}`;
  let n = 1000;
  const create = async () => {
    const body = c.create(++n);
    const res = await c.writer().send('POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { body, row: res.body };
  };

  it('creates, reads, lists and finds a record', async () => {
    const { row } = await create();
    expect(row.version).toBe(1);
    expect(row.deletedAt).toBeNull();
    const got = await c.writer().get(`${url}/${row.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(row);
    if (c.search) {
      const found = await c.writer().get(`${url}?q=${encodeURIComponent(c.search(n))}&pageSize=200`);
      expect(found.status).toBe(200);
      expect(found.body.items.map((x: any) => x.id)).toContain(row.id);
    }
  });

  it('updates with the version; a stale version is 409 with the current record', async () => {
    const { body, row } = await create();
    const upd = await c.writer().send('PUT', `${url}/${row.id}`, { ...body, ...c.change, version: 1 });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.version).toBe(2);
    for (const [k, v] of Object.entries(c.change)) expect(upd.body[k], k).toEqual(v);
    const stale = await c.writer().send('PUT', `${url}/${row.id}`, { ...body, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    expect(stale.body.current).toEqual(upd.body);
  });

  it('answers 400 with field errors for invalid input and unknown fields', async () => {
    const invalid = typeof c.invalid === 'function' ? c.invalid() : c.invalid;
    const bad = await c.writer().send('POST', url, invalid.body);
    expect(bad.status).toBe(400);
    for (const f of invalid.fields)
      expect(bad.body.fieldErrors, `${f} in ${JSON.stringify(bad.body.fieldErrors)}`).toHaveProperty([f]);
    const extra = await c.writer().send('POST', url, { ...c.create(++n), sneaky: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.fieldErrors).toHaveProperty('sneaky');
    expect((await c.writer().get(`${url}/not-a-uuid`)).status).toBe(400);
  });

  it('refuses a duplicate natural key with 422 naming the field', async () => {
    const { body } = await create();
    const dup = await c.writer().send('POST', url, body);
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe('duplicate');
    expect(dup.body.fieldErrors).toHaveProperty([c.uniqueField]);
  });

  it('soft-deletes and restores, and audits every write with before and after', async () => {
    const { body, row } = await create();
    const del = await c.writer().send('DELETE', `${url}/${row.id}`, { version: 1 });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.deletedAt).not.toBeNull();
    const live = await c.writer().get(`${url}?pageSize=200&sort=-createdAt`);
    expect(live.body.items.map((x: any) => x.id)).not.toContain(row.id);
    const gone = await c.writer().get(`${url}?deleted=only&pageSize=200`);
    expect(gone.body.items.map((x: any) => x.id)).toContain(row.id);
    expect((await c.writer().send('PUT', `${url}/${row.id}`, { ...body, version: 2 })).body.code).toBe('deleted');
    const res = await c.writer().send('POST', `${url}/${row.id}/restore`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deletedAt).toBeNull();
    expect(res.body.version).toBe(3);
    expect((await c.writer().send('POST', `${url}/${row.id}/restore`, {})).body.code).toBe('not_deleted');

    const log = await c.auditor().get(`${API}/audit-logs?f.entityId=${row.id}&sort=at`);
    expect(log.status).toBe(200);
    expect(log.body.items.map((x: any) => x.action)).toEqual(['create', 'delete', 'restore']);
    const [created, deleted] = log.body.items;
    expect(created.entity).toBe(c.entity);
    expect(created.before).toBeNull();
    expect(created.after.id).toBe(row.id);
    expect(deleted.before.deletedAt).toBeNull();
    expect(deleted.after.deletedAt).not.toBeNull();
    expect(created.userName).toBeTruthy();
  });

  it('refuses a role below the rule (403)', async () => {
    const res = await c.refused().send('POST', url, c.create(++n));
    expect(res.status).toBe(403);
  });

  it("keeps another account's records out of sight (404, never listed)", async () => {
    const { body, row } = await create();
    const s = c.stranger();
    expect((await s.get(`${url}/${row.id}`)).status).toBe(404);
    expect((await s.send('PUT', `${url}/${row.id}`, { ...body, version: 1 })).status).toBe(404);
    expect((await s.send('DELETE', `${url}/${row.id}`, { version: 1 })).status).toBe(404);
    expect((await s.send('POST', `${url}/${row.id}/restore`, {})).status).toBe(404);
    const list = await s.get(`${url}?pageSize=200&deleted=include`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: any) => x.id)).not.toContain(row.id);
    // Still there and unchanged for its owner.
    expect((await c.writer().get(`${url}/${row.id}`)).body.version).toBe(1);
  });
}
