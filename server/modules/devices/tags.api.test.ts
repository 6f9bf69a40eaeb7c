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
