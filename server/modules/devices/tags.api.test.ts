import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, type IngestFixture, type Session } from '../dispensing/fixture.testutil';

/** `/ScanTags` (ThebigBoss): registering scanned or pasted tags, duplicates, assignment (issue 15). */
let srv: TestServer;
let f: IngestFixture;
let boss: Session;
const u = () => crypto.randomBytes(3).toString('hex').toUpperCase();

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

const register = (s: Session, tags: string[]) => s.send('POST', '/api/v1/tags', { tags });
const idOf = async (s: Session, tag: string) =>
  (await s.get(`/api/v1/tags?q=${encodeURIComponent(tag)}`)).body.items.find((t: { tag: string }) => t.tag === tag)
    ?.id as string;

describe('/ScanTags', () => {
  it('registers tags once per account, case-insensitively, and lists the duplicates', async () => {
    const [a, b] = [`A${u()}`, `B${u()}`];
    const r = await register(boss, [a, b, a.toLowerCase()]);
    expect(r.status).toBe(200);
    expect(r.body.created.sort()).toEqual([a, b].sort());
    expect(r.body.duplicates).toEqual([{ tag: a.toLowerCase(), reason: 'Listed twice' }]);
    const again = await register(boss, [b.toLowerCase()]);
    expect(again.body).toEqual({ created: [], duplicates: [{ tag: b.toLowerCase(), reason: 'Already registered' }] });
    // The database holds the rule, not only the endpoint.
    await expect(
      srv.database.db.execute(
        sql`insert into rfid_tags (account_id, tag) select account_id, lower(tag) from rfid_tags where tag = ${a}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'rfid_tags_tag_uq' } });
    // Another account has its own registry.
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await register(north, [a])).body.created).toEqual([a]);
    expect((await north.get(`/api/v1/tags?q=${b}`)).body.items).toEqual([]);
  });

  it('assigns a tag to equipment (one of its tags) and lists unassigned tags apart', async () => {
    const t = `E${u()}`;
    await register(boss, [t]);
    const id = await idOf(boss, t);
    const unassigned = await boss.get(`/api/v1/tags?f.assigned=false&q=${t}`);
    expect(unassigned.body.items.map((x: { tag: string }) => x.tag)).toEqual([t]);
    const r = await boss.send('POST', `/api/v1/tags/${id}/assign`, { equipmentId: f.e1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const eq = await boss.get(`/api/v1/equipment/${f.e1}`);
    expect(eq.body.tags).toContain(t);
    const row = (await boss.get(`/api/v1/tags?f.assigned=true&q=${t}`)).body.items[0];
    expect(row).toMatchObject({ tag: t, holderKind: 'equipment', holderId: f.e1 });
    // Taken: another holder is refused until it is unassigned.
    const taken = await boss.send('POST', `/api/v1/tags/${id}/assign`, { employeeId: f.p1 });
    expect(taken.status).toBe(422);
    expect((await boss.send('POST', `/api/v1/tags/${id}/unassign`, {})).status).toBe(200);
    expect((await boss.get(`/api/v1/equipment/${f.e1}`)).body.tags).not.toContain(t);
    expect((await boss.send('POST', `/api/v1/tags/${id}/assign`, { employeeId: f.p1 })).status).toBe(200);
    expect((await boss.get(`/api/v1/employees/${f.p1}`)).body.tag).toBe(t);
  });

  it('lists the tags the equipment and employee forms give, with their holder in words (ADR 077)', async () => {
    const [t1, t2, t3] = [`Q${u()}`, `R${u()}`, `S${u()}`];
    const fleetNo = `TG${u()}`;
    const made = await f.admin.send('POST', '/api/v1/equipment', {
      fleetNo,
      description: 'Tag test loader',
      meterType: 'hours',
      currentMeter: 10,
      tags: [t1, t2],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const number = `T${u()}`;
    const person = await f.admin.send('POST', '/api/v1/employees', { number, name: 'Tess Tagger', tag: t3 });
    expect(person.status, JSON.stringify(person.body)).toBe(201);

    const row = async (tag: string) =>
      (await boss.get(`/api/v1/tags?q=${tag}`)).body.items.find((x: { tag: string }) => x.tag === tag);
    const first = await row(t1);
    expect(first).toMatchObject({
      tag: t1,
      holderKind: 'equipment',
      holderId: made.body.id,
      holder: `${fleetNo} — Tag test loader`,
    });
    expect(Date.parse(first.assignedAt)).not.toBeNaN();
    expect(await row(t3)).toMatchObject({
      holderKind: 'employee',
      holderId: person.body.id,
      holder: `${number} — Tess Tagger`,
    });
    // The holder's name is searchable; the kind filter keeps working.
    const byName = await boss.get(`/api/v1/tags?q=${encodeURIComponent('Tess Tagger')}&f.holderKind=employee`);
    expect(byName.body.items.map((x: { tag: string }) => x.tag)).toEqual([t3]);

    // Saving the equipment again keeps the tag it keeps (and since when); a tag taken off stays registered, unassigned.
    const saved = await f.admin.send('PUT', `/api/v1/equipment/${made.body.id}`, {
      fleetNo,
      description: 'Tag test loader',
      meterType: 'hours',
      currentMeter: 10,
      tags: [t1],
      version: made.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await row(t1)).assignedAt).toBe(first.assignedAt);
    expect(await row(t2)).toMatchObject({ holderKind: null, holder: null, assignedAt: null });
    // …and /ScanTags assigns it again like any registered tag.
    const again = await boss.send('POST', `/api/v1/tags/${(await row(t2)).id}/assign`, { equipmentId: made.body.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await f.admin.get(`/api/v1/equipment/${made.body.id}`)).body.tags).toEqual([t1, t2]);
  });

  it('the demo’s tags are listed: every tag an equipment or employee holds, once', async () => {
    const accountId = boss.item.account.accountId;
    const held = await srv.database.db.execute<{ n: number }>(sql`select count(*)::int as n from (
        select lower(x) from equipment, unnest(tags) as x where account_id = ${accountId} and deleted_at is null
        union select lower(tag) from employees where account_id = ${accountId} and deleted_at is null and tag is not null) h`);
    expect(held.rows[0].n).toBeGreaterThan(50);
    const assigned = await boss.get('/api/v1/tags?f.assigned=true&pageSize=1');
    expect(assigned.body.total).toBe(held.rows[0].n);
    for (const kind of ['equipment', 'employee'])
      expect((await boss.get(`/api/v1/tags?f.holderKind=${kind}&pageSize=1`)).body.items[0]).toMatchObject({
        holderKind: kind,
        holder: expect.stringContaining(' — '),
      });
  });

  it('refuses bad input with 4xx and other accounts’ holders', async () => {
    const t = `X${u()}`;
    await register(boss, [t]);
    const id = await idOf(boss, t);
    expect((await boss.send('POST', `/api/v1/tags/${id}/assign`, {})).status).toBe(400);
    expect((await boss.send('POST', `/api/v1/tags/${id}/assign`, { equipmentId: f.e1, employeeId: f.p1 })).status).toBe(
      400,
    );
    expect((await register(boss, [])).status).toBe(400);
    expect((await register(boss, ['x'.repeat(65)])).status).toBe(400);
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const [eq] = (
      await srv.database.db.execute(
        sql`select id from equipment where account_id = ${north.item.account.accountId} limit 1`,
      )
    ).rows as { id: string }[];
    expect((await boss.send('POST', `/api/v1/tags/${id}/assign`, { equipmentId: eq.id })).status).toBe(422);
    expect((await north.send('POST', `/api/v1/tags/${id}/assign`, { equipmentId: eq.id })).status).toBe(404);
    // Admin is below ThebigBoss here.
    expect((await f.admin.get('/api/v1/tags')).status).toBe(403);
  });
});
