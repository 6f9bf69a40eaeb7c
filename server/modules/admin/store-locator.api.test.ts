import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { storeState, type LocatorStore } from '../../../src/contract/store-locator';

/** Issue 14: `/StoreLocator` — the account's stores, their tanks' levels and state; admin only; one account. */
let srv: TestServer;
const URL = '/api/v1/admin/store-locator';

beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
});

describe('store locator', () => {
  it('answers every live store of the account with its tanks as /TankLevels shows them, and a state', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const { rows } = await srv.database.pool.query<{ id: string }>(
      `update stores set latitude = null, longitude = null
        where id = (select id from stores where account_id = $1 and deleted_at is null order by code limit 1) returning id::text`,
      [admin.item.account.accountId],
    );
    const r = await admin.get(URL);
    expect(r.status).toBe(200);
    const stores = r.body.stores as LocatorStore[];
    const live = await srv.database.pool.query(
      'select count(*)::int as n from stores where account_id = $1 and deleted_at is null',
      [admin.item.account.accountId],
    );
    expect(stores).toHaveLength(live.rows[0].n);
    const unplaced = stores.find((s) => s.id === rows[0].id)!;
    expect([unplaced.lat, unplaced.lng]).toEqual([null, null]);
    expect(stores.some((s) => s.lat !== null && s.lng !== null)).toBe(true);

    const levels = (await admin.get('/api/v1/tanks/levels')).body.tanks as { tankId: string; grossLitres: number }[];
    const tanks = stores.flatMap((s) => s.tanks);
    expect(tanks.map((t) => t.id).sort()).toEqual(levels.map((l) => l.tankId).sort());
    for (const t of tanks) expect(t.grossLitres).toBe(levels.find((l) => l.tankId === t.id)!.grossLitres);
    for (const s of stores) expect(s.state).toBe(storeState(s.tanks, s.openExceptions));
  });

  it('colours a store with an open exception and no tank alarm as "exceptions", and resolved ones do not count', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const account = admin.item.account.accountId;
    const before = (await admin.get(URL)).body.stores as LocatorStore[];
    const quiet = before.find((s) => s.tanks.every((t) => t.alarms.length === 0) && s.openExceptions === 0);
    if (!quiet) {
      // Every store has an alarm or an exception in this seed: the rule is still checked above.
      expect(before.every((s) => s.state !== 'ok')).toBe(true);
      return;
    }
    await srv.database.pool.query(
      `insert into exceptions (account_id, code, entity, store_id, message, status)
       values ($1, 'test', 'store', $2, 'open one', 'open'), ($1, 'test', 'store', $2, 'resolved one', 'resolved')`,
      [account, quiet.id],
    );
    const after = ((await admin.get(URL)).body.stores as LocatorStore[]).find((s) => s.id === quiet.id)!;
    expect(after.openExceptions).toBe(1);
    expect(after.state).toBe('exceptions');
  });

  it('is for admins, and shows only the token’s account', async () => {
    for (const who of [DEMO.manager, DEMO.editor, DEMO.driver]) {
      const s = await session(srv.url, who[0], who[1]);
      expect((await s.get(URL)).status).toBe(403);
    }
    const demo = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const a = (await demo.get(URL)).body.stores as LocatorStore[];
    const b = (await north.get(URL)).body.stores as LocatorStore[];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const ids = new Set(a.map((s) => s.id));
    expect(b.some((s) => ids.has(s.id))).toBe(false);
    const { rows } = await srv.database.pool.query<{ n: number }>(
      'select count(*)::int as n from stores where id = any($1::uuid[]) and account_id <> $2',
      [b.map((s) => s.id), north.item.account.accountId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('places a store from the map through the stores resource: version checked, audited, one account (ADR 051)', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const stores = (await admin.get(URL)).body.stores as LocatorStore[];
    const s = stores.find((x) => x.lat === null) ?? stores[0];
    const at = `${URL}/${s.id}/location`;
    const moved = await admin.send('PUT', at, { latitude: -29.8587123456, longitude: 31.0218, version: s.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({ id: s.id, lat: -29.858712, lng: 31.0218, version: s.version + 1 });
    const now = ((await admin.get(URL)).body.stores as LocatorStore[]).find((x) => x.id === s.id)!;
    expect([now.lat, now.lng, now.version]).toEqual([-29.858712, 31.0218, s.version + 1]);
    // The store form sees the same record (one resource).
    const row = (await admin.get(`/api/v1/stores/${s.id}`)).body;
    expect([row.latitude, row.longitude, row.version]).toEqual([-29.858712, 31.0218, s.version + 1]);
    const audits = await srv.database.pool.query(
      `select after->>'latitude' as lat from audit_log where entity = 'store' and entity_id = $1 and action = 'update'`,
      [s.id],
    );
    expect(audits.rows.map((r) => Number(r.lat))).toContain(-29.858712);

    // The map showed an older version: 409 with the current store, nothing written.
    const stale = await admin.send('PUT', at, { latitude: 1, longitude: 2, version: s.version });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: s.id, latitude: -29.858712, version: s.version + 1 });
    // Out of range or missing: 400 naming the field.
    for (const [body, field] of [
      [{ latitude: 91, longitude: 0, version: now.version }, 'latitude'],
      [{ latitude: 0, longitude: -181, version: now.version }, 'longitude'],
      [{ latitude: 0, longitude: 0 }, 'version'],
    ] as const) {
      const r = await admin.send('PUT', at, body);
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors[field]).toBeDefined();
    }
    // Another account's store is not found; other roles are refused.
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await north.send('PUT', at, { latitude: 1, longitude: 2, version: now.version })).status).toBe(404);
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.send('PUT', at, { latitude: 1, longitude: 2, version: now.version })).status).toBe(403);
    const after = (await admin.get(`/api/v1/stores/${s.id}`)).body;
    expect([after.latitude, after.longitude, after.version]).toEqual([-29.858712, 31.0218, s.version + 1]);
  });

  it('a move and its undo are both saved with the version check and both audited (ADR 059)', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const stores = (await admin.get(URL)).body.stores as LocatorStore[];
    const s = stores.find((x) => x.lat !== null && x.lng !== null)!;
    const at = `${URL}/${s.id}/location`;
    const moved = await admin.send('PUT', at, {
      latitude: s.lat! + 0.25,
      longitude: s.lng! - 0.25,
      version: s.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Undo: back where the map showed it, against the version the move produced.
    const back = await admin.send('PUT', at, { latitude: s.lat, longitude: s.lng, version: moved.body.version });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toEqual({ id: s.id, lat: s.lat, lng: s.lng, version: s.version + 2 });
    const { rows } = await srv.database.pool.query<{ before: string; after: string; user_id: number }>(
      `select before->>'latitude' as before, after->>'latitude' as after, user_id from audit_log
        where entity = 'store' and entity_id = $1 and action = 'update' order by at`,
      [s.id],
    );
    // The last two updates of the store (an earlier test may have moved it too).
    expect(rows.slice(-2).map((r) => [Number(r.before), Number(r.after)])).toEqual([
      [s.lat, moved.body.lat],
      [moved.body.lat, s.lat],
    ]);
    // Both by the admin who moved it (not the system).
    const [m, u] = rows.slice(-2);
    expect(m.user_id).not.toBeNull();
    expect(u.user_id).toBe(m.user_id);
    // An undo after someone else's change is refused (409), not written over it.
    const late = await admin.send('PUT', at, { latitude: s.lat, longitude: s.lng, version: moved.body.version });
    expect(late.status).toBe(409);
  });
});
