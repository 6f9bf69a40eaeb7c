import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowerbiConfigRow } from '../../../src/contract/powerbi';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** `/PowerbiAdmin` and `/PBAnalytics`' embed: the secret sealed at rest, never answered; Power BI away → a message. */
let srv: TestServer;
let boss: Awaited<ReturnType<typeof session>>;
let admin: Awaited<ReturnType<typeof session>>;
const SECRET = 'pbi-client-secret-Zq9~value';
const config = {
  workspaceId: '11111111-1111-4111-8111-111111111111',
  reportId: '22222222-2222-4222-8222-222222222222',
  tenantId: '33333333-3333-4333-8333-333333333333',
  clientId: '44444444-4444-4444-8444-444444444444',
};

beforeAll(async () => {
  // Nothing leaves loopback (no DNS lookup either): Entra ID "lives" at a closed local port, which the
  // guarded client refuses as an internal address (ADR 071), the way a machine without a way out fails.
  const nowhere = 'https://127.0.0.1:9';
  srv = await startServer({ powerbiHosts: { authority: nowhere, api: nowhere } });
  boss = await session(srv.url, ...DEMO.boss);
  admin = await session(srv.url, ...DEMO.admin);
});
afterAll(async () => {
  await srv?.close();
});

const accountId = () => admin.item.account.accountId;
const rowOf = async (): Promise<PowerbiConfigRow> => {
  const res = await boss.get('/api/v1/powerbi-configs');
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain(SECRET);
  return res.body.accounts.find((a: PowerbiConfigRow) => a.accountId === accountId());
};

describe('Power BI per account', () => {
  it('lists every account for ThebigBoss, none configured at first; an admin may not', async () => {
    const res = await boss.get('/api/v1/powerbi-configs');
    expect(res.body.accounts.map((a: PowerbiConfigRow) => a.accountName)).toEqual(
      expect.arrayContaining(['Demo Fuels', 'North Haulage']),
    );
    expect(await rowOf()).toMatchObject({ configured: false, hasSecret: false });
    expect((await admin.get('/api/v1/powerbi-configs')).status).toBe(403);
    expect((await admin.get('/api/v1/powerbi/embed')).body).toEqual({ state: 'none' });
  });

  it('refuses a first save without a secret and ids that are not GUIDs', async () => {
    const url = `/api/v1/powerbi-configs/${accountId()}`;
    const noSecret = await boss.send('PUT', url, config);
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.fieldErrors.clientSecret).toBeDefined();
    const bad = await boss.send('PUT', url, { ...config, reportId: 'x', clientSecret: SECRET });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.reportId).toBeDefined();
    expect((await boss.send('PUT', '/api/v1/powerbi-configs/999999', { ...config, clientSecret: SECRET })).status).toBe(
      404,
    );
  });

  it('seals the secret: not in the database, the answers or the audit log; an empty secret keeps it', async () => {
    const url = `/api/v1/powerbi-configs/${accountId()}`;
    expect((await boss.send('PUT', url, { ...config, clientSecret: SECRET })).status).toBe(204);
    expect(await rowOf()).toMatchObject({ configured: true, hasSecret: true, reportId: config.reportId });
    const stored = async () =>
      String(
        (
          await srv.database.db.execute(
            sql`select secret_sealed from powerbi_configs where account_id = ${accountId()}`,
          )
        ).rows[0].secret_sealed,
      );
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    expect((await boss.send('PUT', url, { ...config, rlsRole: 'Tenant', clientSecret: '' })).status).toBe(204);
    expect(await stored()).toBe(sealed);
    const audit = await srv.database.db.execute(
      sql`select action, before::text as b, after::text as a from audit_log where entity = 'powerbi_config' order by at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(audit.rows)).not.toContain(SECRET);
    expect(JSON.stringify(audit.rows)).not.toContain(sealed);
  });

  it('tells the account why Power BI cannot be reached, and only that account', async () => {
    const res = await admin.get('/api/v1/powerbi/embed');
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('unreachable');
    expect(res.body.message).toMatch(/^Power BI could not be reached: Signing in to Microsoft Entra ID: /);
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await north.get('/api/v1/powerbi/embed')).body).toEqual({ state: 'none' });
  });

  it('removes a configuration (audited); the board is back', async () => {
    expect((await boss.send('DELETE', `/api/v1/powerbi-configs/${accountId()}`)).status).toBe(204);
    expect((await boss.send('DELETE', `/api/v1/powerbi-configs/${accountId()}`)).status).toBe(404);
    expect((await admin.get('/api/v1/powerbi/embed')).body).toEqual({ state: 'none' });
  });
});
