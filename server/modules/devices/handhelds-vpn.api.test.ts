import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../../src/contract/gauges';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, type IngestFixture, type Session } from '../dispensing/fixture.testutil';

/**
 * `/SumniConfig` (handheld enrolment, revoke, printer settings) and `/StoreVPN` (sealed keys, the
 * endpoint test, the controller's handshake), issue 15, ADR 044. Loopback targets are allowed here
 * (`webhookAllowPrivate`), as in the demo; the refusal itself is lib/outbound (ADR 071).
 */
let srv: TestServer;
let f: IngestFixture;
let boss: Session;
let northBoss: Session;
const u = () => crypto.randomBytes(3).toString('hex').toUpperCase();
const db = () => srv.database.db;
const anon = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  boss.client.call(method, path, body, headers);

beforeAll(async () => {
  srv = await startServer({ webhookAllowPrivate: true });
  f = await ingestFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  northBoss = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const newCode = async (s: Session = boss) => {
  const r = await s.send('POST', '/api/v1/handhelds/enrolment-codes');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; code: string; expiresAt: string; qr: string };
};
const accountOf = (s: Session) => s.item.account.accountId as number;
const enrol = (code: string, serial: string, account = accountOf(boss)) =>
  anon('POST', '/api/v1/handheld/enrol', { account, code, serial, model: 'Sunmi V2s', appVersion: '2.1.0' });

describe('/SumniConfig: enrolment codes', () => {
  it('shows a code once with a QR payload (server, account, code) and stores only its hash', async () => {
    const c = await newCode();
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(JSON.parse(c.qr)).toEqual({ fams: 'enrol', v: 1, server: srv.url, account: accountOf(boss), code: c.code });
    const minutes = (Date.parse(c.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);
    const bare = c.code.replaceAll('-', '');
    const rows = await db().execute(
      sql`select row_to_json(h)::text as t from handheld_enrolments h where id = ${c.id}`,
    );
    const audits = await db().execute(
      sql`select coalesce(string_agg(after::text, ' '), '') as t from audit_log where entity_id = ${c.id}`,
    );
    for (const text of [rows.rows[0].t, audits.rows[0].t] as string[]) {
      expect(text).not.toContain(c.code);
      expect(text).not.toContain(bare);
    }
  });

  it('enrols once: the code is single use, and a wrong, altered, expired or other-account code is one 401', async () => {
    const c = await newCode();
    const serial = `SN${u()}`;
    const last = c.code.at(-1) === 'A' ? 'B' : 'A';
    const altered = c.code.slice(0, -1) + last;
    for (const r of [
      await enrol(altered, serial),
      await enrol('XXXX-XXXX-XXXX', serial),
      await enrol(c.code, serial, accountOf(northBoss)),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('enrolment_code_invalid');
    }
    // Typed back in lower case without dashes, the code still works.
    const ok = await enrol(c.code.replaceAll('-', '').toLowerCase(), serial);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await enrol(c.code, `SN${u()}`);
    expect(again.status).toBe(401);
    const devices = await db().execute(sql`select count(*)::int as n from field_devices where serial = ${serial}`);
    expect(devices.rows[0].n).toBe(1);

    const old = await newCode();
    await db().execute(
      sql`update handheld_enrolments set expires_at = now() - interval '1 second' where id = ${old.id}`,
    );
    expect((await enrol(old.code, `SN${u()}`)).status).toBe(401);
  });

  it('lists the handheld with model, version and last sync; revoke stops its key at once; a new code re-enrols it', async () => {
    const serial = `SN${u()}`;
    const e = (await enrol((await newCode()).code, serial)).body;
    const auth = deviceAuthorization(e.deviceId, e.key);
    const cfg = await anon('GET', '/api/v1/handheld/config', undefined, { authorization: auth });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    expect(cfg.body).toEqual({
      device: { id: e.deviceId, name: `Sunmi V2s ${serial}` },
      printer: { paperWidthMm: 58, headerLines: [], footerLines: [], copies: 1 },
    });
    const list = await boss.get(`/api/v1/handhelds?q=${serial}`);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: e.deviceId,
        serial,
        model: 'Sunmi V2s',
        appVersion: '2.1.0',
        lastContactAt: expect.any(String),
        retiredAt: null,
      }),
    ]);
    // Another account neither sees nor revokes it.
    expect((await northBoss.get(`/api/v1/handhelds?q=${serial}`)).body.items).toEqual([]);
    expect((await northBoss.send('POST', `/api/v1/handhelds/${e.deviceId}/revoke`)).status).toBe(404);

    expect((await boss.send('POST', `/api/v1/handhelds/${e.deviceId}/revoke`)).status).toBe(200);
    expect((await anon('GET', '/api/v1/handheld/config', undefined, { authorization: auth })).status).toBe(401);
    expect((await boss.send('POST', `/api/v1/handhelds/${e.deviceId}/revoke`)).status).toBe(422);
    expect((await boss.get(`/api/v1/handhelds?q=${serial}&f.revoked=true`)).body.items).toHaveLength(1);

    const back = (await enrol((await newCode()).code, serial)).body;
    expect(back.deviceId).toBe(e.deviceId);
    expect((await anon('GET', '/api/v1/handheld/config', undefined, { authorization: auth })).status).toBe(401);
    const fresh = deviceAuthorization(back.deviceId, back.key);
    expect((await anon('GET', '/api/v1/handheld/config', undefined, { authorization: fresh })).status).toBe(200);
  });

  it('refuses a serial held by another kind of device, and keeps the code unused', async () => {
    const serial = `CT${u()}`;
    await f.admin.send('POST', '/api/v1/field-devices', { kind: 'controller', serial, name: 'c', storeId: f.store24 });
    const c = await newCode();
    expect((await enrol(c.code, serial)).status).toBe(409);
    expect((await enrol(c.code, `SN${u()}`)).status).toBe(200);
  });

  it('keeps printer settings per account, checked, and hands them to the handhelds', async () => {
    const bad = await boss.send('PUT', '/api/v1/handhelds/printer', {
      paperWidthMm: 60,
      headerLines: ['x'.repeat(49)],
      footerLines: [],
      copies: 9,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['copies', 'headerLines.0', 'paperWidthMm']);
    const p = { paperWidthMm: 80, headerLines: ['Demo Fuels', 'Depot 1'], footerLines: ['Thank you'], copies: 2 };
    expect((await boss.send('PUT', '/api/v1/handhelds/printer', p)).body).toEqual(p);
    const e = (await enrol((await newCode()).code, `SN${u()}`)).body;
    const cfg = await anon('GET', '/api/v1/handheld/config', undefined, {
      authorization: deviceAuthorization(e.deviceId, e.key),
    });
    expect(cfg.body.printer).toEqual(p);
    expect((await northBoss.get('/api/v1/handhelds/printer')).body.paperWidthMm).toBe(58);
  });

  it('lists the open codes (never the code itself) and cancels one: it no longer enrols (ADR 051)', async () => {
    const [a, b, used, old] = [await newCode(), await newCode(), await newCode(), await newCode()];
    expect((await enrol(used.code, `SN${u()}`)).status).toBe(200);
    await db().execute(
      sql`update handheld_enrolments set expires_at = now() - interval '1 second' where id = ${old.id}`,
    );
    const open = await boss.get('/api/v1/handhelds/enrolment-codes');
    expect(open.status).toBe(200);
    const ids = (open.body.items as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(used.id);
    expect(ids).not.toContain(old.id);
    expect(open.body.items.find((c: { id: string }) => c.id === a.id)).toEqual({
      id: a.id,
      createdAt: expect.any(String),
      expiresAt: a.expiresAt,
      createdBy: expect.any(String),
    });
    expect(JSON.stringify(open.body)).not.toContain(a.code);
    // Another account neither sees nor cancels them.
    const theirs = (await northBoss.get('/api/v1/handhelds/enrolment-codes')).body.items as { id: string }[];
    expect(theirs.map((c) => c.id)).not.toContain(a.id);
    expect((await northBoss.send('POST', `/api/v1/handhelds/enrolment-codes/${a.id}/cancel`)).status).toBe(404);

    const cancel = (id: string) => boss.send('POST', `/api/v1/handhelds/enrolment-codes/${id}/cancel`);
    expect((await cancel(a.id)).status).toBe(200);
    expect((await enrol(a.code, `SN${u()}`)).status).toBe(401);
    const after = (await boss.get('/api/v1/handhelds/enrolment-codes')).body.items as { id: string }[];
    expect(after.map((c) => c.id)).not.toContain(a.id);
    expect(after.map((c) => c.id)).toContain(b.id);
    for (const [id, code] of [
      [a.id, 'code_cancelled'],
      [used.id, 'code_used'],
      [old.id, 'code_expired'],
    ]) {
      const r = await cancel(id);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code, message: expect.any(String) });
    }
    expect((await cancel(crypto.randomUUID())).status).toBe(404);
    expect((await cancel('not-a-uuid')).status).toBe(400);
    const audits = await db().execute(
      sql`select count(*)::int as n from audit_log where entity = 'handheld_enrolment' and action = 'cancel' and entity_id = ${a.id}`,
    );
    expect(audits.rows[0].n).toBe(1);
    // The other open code still enrols.
    expect((await enrol(b.code, `SN${u()}`)).status).toBe(200);
  });

  it('a handheld can have printer settings of its own; without them it prints with the account’s (ADR 051)', async () => {
    const account = { paperWidthMm: 58, headerLines: ['Account'], footerLines: [], copies: 1 } as const;
    expect((await boss.send('PUT', '/api/v1/handhelds/printer', account)).status).toBe(200);
    const one = (await enrol((await newCode()).code, `SN${u()}`)).body;
    const two = (await enrol((await newCode()).code, `SN${u()}`)).body;
    const config = async (e: { deviceId: string; key: string }) =>
      (
        await anon('GET', '/api/v1/handheld/config', undefined, {
          authorization: deviceAuthorization(e.deviceId, e.key),
        })
      ).body.printer;
    const url = `/api/v1/handhelds/${one.deviceId}/printer`;
    expect((await boss.get(url)).body).toEqual({ own: null, account, effective: account });

    const bad = await boss.send('PUT', url, { paperWidthMm: 70, headerLines: [], footerLines: [], copies: 6 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['copies', 'paperWidthMm']);
    const own = { paperWidthMm: 80, headerLines: ['Bowser 7'], footerLines: ['Drive safe'], copies: 2 };
    const saved = await boss.send('PUT', url, own);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ own, account, effective: own });
    expect(await config(one)).toEqual(own);
    expect(await config(two)).toEqual(account); // the other handheld keeps the account's
    const listed = (await boss.get(`/api/v1/handhelds?q=${one.name.split(' ').pop()}`)).body.items;
    expect(listed).toEqual([expect.objectContaining({ id: one.deviceId, ownPrinter: true })]);

    // The account's layout changes: the handheld with its own keeps its own.
    const account2 = { ...account, copies: 3 };
    await boss.send('PUT', '/api/v1/handhelds/printer', account2);
    expect(await config(one)).toEqual(own);
    expect(await config(two)).toEqual(account2);

    // Back to the account's.
    const reset = await boss.send('DELETE', url);
    expect(reset.body).toEqual({ own: null, account: account2, effective: account2 });
    expect(await config(one)).toEqual(account2);
    const audits = await db().execute(
      sql`select action from audit_log where entity = 'handheld_printer' and entity_id = ${one.deviceId} order by at`,
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['update', 'reset']);

    // Another account's boss and a controller's id are not handhelds of this account.
    expect((await northBoss.get(url)).status).toBe(404);
    expect((await northBoss.send('PUT', url, own)).status).toBe(404);
    expect((await boss.get(`/api/v1/handhelds/${crypto.randomUUID()}/printer`)).status).toBe(404);
    const rows = await db().execute(
      sql`select count(*)::int as n from handheld_printers where device_id = ${one.deviceId}`,
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it('is ThebigBoss only', async () => {
    for (const s of [f.admin, await session(srv.url, ...DEMO.manager)]) {
      expect((await s.send('POST', '/api/v1/handhelds/enrolment-codes')).status).toBe(403);
      expect((await s.get('/api/v1/handhelds')).status).toBe(403);
      expect((await s.get('/api/v1/handhelds/printer')).status).toBe(403);
      expect((await s.get('/api/v1/handhelds/enrolment-codes')).status).toBe(403);
      expect((await s.send('POST', `/api/v1/handhelds/enrolment-codes/${crypto.randomUUID()}/cancel`)).status).toBe(
        403,
      );
      expect((await s.get(`/api/v1/handhelds/${crypto.randomUUID()}/printer`)).status).toBe(403);
      expect((await s.send('DELETE', `/api/v1/handhelds/${crypto.randomUUID()}/printer`)).status).toBe(403);
      expect((await s.get('/api/v1/store-vpn')).status).toBe(403);
      expect((await s.send('PUT', `/api/v1/store-vpn/${f.store}`, {})).status).toBe(403);
    }
  });
});

describe('/StoreVPN', () => {
  const key = () => crypto.randomBytes(32).toString('base64');
  const settings = (over: object = {}) => ({
    endpoint: '127.0.0.1:51820',
    subnet: '10.8.3.0/24',
    publicKey: key(),
    ...over,
  });

  it('needs the private key the first time, checks the fields, and never answers a sealed key', async () => {
    const first = await boss.send('PUT', `/api/v1/store-vpn/${f.store}`, settings());
    expect(first.status).toBe(400);
    expect(first.body.fieldErrors.privateKey).toBeDefined();
    const bad = await boss.send('PUT', `/api/v1/store-vpn/${f.store}`, {
      endpoint: 'no-port',
      subnet: '10.8.3.0/33',
      publicKey: 'short',
      privateKey: key(),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['endpoint', 'publicKey', 'subnet']);

    const [priv, psk] = [key(), key()];
    const saved = await boss.send(
      'PUT',
      `/api/v1/store-vpn/${f.store}`,
      settings({ privateKey: priv, presharedKey: psk }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ storeId: f.store, hasPrivateKey: true, hasPresharedKey: true });
    const everything = JSON.stringify([saved.body, (await boss.get('/api/v1/store-vpn')).body]);
    const stored = await db().execute(
      sql`select row_to_json(v)::text as t from store_vpns v where store_id = ${f.store}`,
    );
    const audits = await db().execute(
      sql`select string_agg(coalesce(before::text, '') || after::text, ' ') as t from audit_log where entity = 'store_vpn'`,
    );
    for (const text of [everything, stored.rows[0].t, audits.rows[0].t] as string[]) {
      expect(text).not.toContain(priv);
      expect(text).not.toContain(psk);
    }

    // Left out = kept; cleared on request.
    const sealedBefore = await db().execute(sql`select private_key_sealed from store_vpns where store_id = ${f.store}`);
    const kept = await boss.send('PUT', `/api/v1/store-vpn/${f.store}`, settings({ clearPresharedKey: true }));
    expect(kept.body).toMatchObject({ hasPrivateKey: true, hasPresharedKey: false });
    const sealedAfter = await db().execute(sql`select private_key_sealed from store_vpns where store_id = ${f.store}`);
    expect(sealedAfter.rows[0]).toEqual(sealedBefore.rows[0]);

    // Another account's store does not exist for this one.
    expect((await northBoss.send('PUT', `/api/v1/store-vpn/${f.store}`, settings({ privateKey: key() }))).status).toBe(
      404,
    );
    expect(
      (await northBoss.get('/api/v1/store-vpn')).body.items.some((r: { storeId: string }) => r.storeId === f.store),
    ).toBe(false);
  });

  it('tests the endpoint with a TCP connect: answered, then refused', async () => {
    const listener = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as net.AddressInfo).port;
    const priv = key();
    await boss.send(
      'PUT',
      `/api/v1/store-vpn/${f.store}`,
      settings({ endpoint: `127.0.0.1:${port}`, privateKey: priv }),
    );
    const ok = await boss.send('POST', `/api/v1/store-vpn/${f.store}/test`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, ms: expect.any(Number) });
    await new Promise((resolve) => listener.close(resolve));
    const refused = await boss.send('POST', `/api/v1/store-vpn/${f.store}/test`);
    expect(refused.body).toEqual({ ok: false, message: `127.0.0.1:${port}: connection refused`, ms: null });
    const row = (await boss.get('/api/v1/store-vpn')).body.items.find(
      (r: { storeId: string }) => r.storeId === f.store,
    );
    expect(row.lastTestResult).toContain('connection refused');
    expect((await boss.send('POST', `/api/v1/store-vpn/${f.store24}/test`)).status).toBe(400);
  });

  it("gives the store's controller its keys and takes its last handshake", async () => {
    const priv = key();
    await boss.send('PUT', `/api/v1/store-vpn/${f.store24}`, settings({ privateKey: priv }));
    const c = await f.admin.send('POST', '/api/v1/field-devices', {
      kind: 'controller',
      serial: `VC${u()}`,
      name: 'VPN controller',
      storeId: f.store24,
    });
    const auth = { authorization: deviceAuthorization(c.body.id, c.body.key) };
    const vpn = await anon('GET', '/api/v1/controller/vpn', undefined, auth);
    expect(vpn.status).toBe(200);
    expect(vpn.body).toMatchObject({ endpoint: '127.0.0.1:51820', privateKey: priv, presharedKey: null });
    const at = new Date(Date.now() - 90_000).toISOString();
    expect((await anon('POST', '/api/v1/controller/vpn/handshake', { lastHandshakeAt: at }, auth)).status).toBe(200);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await anon('POST', '/api/v1/controller/vpn/handshake', { lastHandshakeAt: future }, auth)).status).toBe(
      422,
    );
    const row = (await boss.get('/api/v1/store-vpn')).body.items.find(
      (r: { storeId: string }) => r.storeId === f.store24,
    );
    expect(row.lastHandshakeAt).toBe(at);
    expect((await anon('GET', '/api/v1/controller/vpn', undefined, { authorization: 'Device x.y' })).status).toBe(401);
  });
});
