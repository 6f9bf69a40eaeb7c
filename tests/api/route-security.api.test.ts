import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satisfies } from '../../src/contract/access';
import type { RouteEntry } from '../../server/plugins/access';
import { DEMO, session, startServer, type TestServer } from './harness';

/**
 * Walks the server's own route table, so every endpoint any issue adds is covered: no token → 401,
 * a role below the rule → 403, another account's token → none of this account's data.
 */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
const demoFuels: Record<string, Session> = {};
let northHaulage: Session;

/** Endpoints meant to be reached without an access token. Adding one is a deliberate decision. */
const OPEN = new Set([
  'POST /api/v1/FAMSlegacy/Authenticate',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/register',
  // The register page names the account of a sign-up link (ADR 060): the link's code is the permission.
  'GET /api/v1/auth/join/:code',
  // An invitee reads, accepts or declines an invitation through its e-mailed token (ADR 073): the token
  // is the permission.
  'POST /api/v1/auth/invitation',
  'POST /api/v1/auth/invitation/accept',
  'POST /api/v1/auth/invitation/decline',
  'GET /api/v1/health',
  // Gauge gateways push readings with their own device key (Authorization: Device <id>.<key>),
  // checked before the body is read; a wrong or missing key is 401 (server/modules/gauges).
  'POST /api/v1/gauges/readings',
  // BI tools read the feed with an account's feed key (Authorization: Bearer fams_…), checked
  // before the query is read; a wrong, revoked or missing key is 401 (server/modules/bi).
  'GET /api/v1/feed',
  'GET /api/v1/feed/:dataset',
  'GET /api/v1/feed/$metadata',
  // A customer answers a quotation through the e-mailed signed link (ADR 039): the link is the permission.
  'GET /api/v1/public/quotation',
  'GET /api/v1/public/quotation/pdf',
  'POST /api/v1/public/quotation/answer',
  // A customer opens a shared document through its e-mailed signed link (ADR 043).
  'GET /api/v1/public/document',
  // Site controllers call with their own device key the same way (server/modules/devices, ADR 040).
  'GET /api/v1/controller/config',
  'GET /api/v1/controller/commands',
  'POST /api/v1/controller/commands/:id/result',
  'POST /api/v1/controller/dispenses/batch',
  'GET /api/v1/controller/vpn',
  'POST /api/v1/controller/vpn/handshake',
  // A handheld enrols with a one-time code (the code is the credential, 30 tries a minute per
  // address), then calls with its device key (ADR 044).
  'POST /api/v1/handheld/enrol',
  'GET /api/v1/handheld/config',
]);

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'driver', 'attendant', 'viewer'] as const) {
    const [u, p] = DEMO[name];
    demoFuels[name] = await session(srv.url, u, p);
  }
  northHaulage = await session(srv.url, ...DEMO.multi, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const concrete = (url: string) => url.replace(/:[^/]+/g, () => crypto.randomUUID());
const key = (r: RouteEntry) => `${r.method} ${r.url}`;

describe('route table', () => {
  it('has routes, and only the known ones are open', () => {
    expect(srv.routes.length).toBeGreaterThan(5);
    const open = srv.routes.filter((r) => r.access === 'public' || r.access === 'session').map(key);
    expect(open.sort()).toEqual([...OPEN].sort());
  });

  it('refuses every protected route without a token (401)', async () => {
    for (const r of srv.routes.filter((x) => !OPEN.has(key(x)))) {
      const res = await fetch(srv.url + concrete(r.url), {
        method: r.method,
        headers: { 'content-type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
      });
      expect(res.status, key(r)).toBe(401);
    }
  });

  it('refuses a role below the rule (403) before looking at the input', async () => {
    let checked = 0;
    for (const r of srv.routes.filter((x) => !OPEN.has(key(x)))) {
      const below = Object.values(demoFuels).find(
        (s) =>
          !satisfies(
            s.item.userRoles.userRoles.map((c) => c.code),
            r.access as never,
          ),
      );
      if (!below) continue;
      const res = await below.client.call(
        r.method,
        concrete(r.url),
        r.method === 'GET' ? undefined : {},
        below.headers,
      );
      expect(res.status, `${key(r)} as ${below.item.userRoles.username}`).toBe(403);
      checked++;
    }
    // Every rule but `everybody` is failed by some demo role, so each such route was checked.
    expect(checked).toBe(srv.routes.filter((x) => !OPEN.has(key(x)) && x.access !== 'everybody').length);
  });

  it("never shows one account's data to another account's token", async () => {
    const mark = [demoFuels.admin.item.account.accountKey, 'Demo Fuels'];
    for (const r of srv.routes.filter((x) => !OPEN.has(key(x)) && x.method === 'GET')) {
      const roles = northHaulage.item.userRoles.userRoles.map((c) => c.code);
      if (!satisfies(roles, r.access as never)) continue;
      const res = await northHaulage.client.call('GET', concrete(r.url), undefined, northHaulage.headers);
      expect(res.status, key(r)).toBeLessThan(500);
      const text = JSON.stringify(res.body ?? '');
      for (const m of mark) expect(text.includes(m), `${key(r)} leaks ${m}`).toBe(false);
    }
  });
});
