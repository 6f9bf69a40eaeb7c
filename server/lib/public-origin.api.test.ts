import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../tests/api/harness';

/**
 * E-mailed links take the configured origin, never the request's (ADR 074): a reset link built from
 * a forged `Host` would hand its token to whoever owns that host.
 */
let srv: TestServer;
let bare: TestServer;
beforeAll(async () => {
  [srv, bare] = await Promise.all([startServer(), startServer({ publicUrl: undefined })]);
});
afterAll(async () => {
  await Promise.all([srv?.close(), bare?.close()]);
});

/** A request with headers `fetch` will not forge (`Host`). */
function rawPost(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const u = new URL(base + path);
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          ...(data ? { 'content-type': 'application/json' } : {}),
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('links in e-mails', () => {
  it('a password reset asked with a forged Host links to the configured origin', async () => {
    const before = srv.mails.length;
    const r = await rawPost(srv.url, '/api/v1/auth/forgot-password', { email: 'viewer@fams.example' }, FORGED);
    expect(r.status).toBe(200);
    await vi.waitFor(() => expect(srv.mails.length).toBe(before + 1), { timeout: 10_000 });
    const text = srv.mails.at(-1)!.text;
    expect(text).toContain(`${srv.url}/pages/reset-password?token=`);
    expect(text).not.toContain('evil.example');
  });

  it('an admin’s password link for a member ignores the Host too', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const users = (await admin.get('/api/v1/admin/users?pageSize=200')).body.items as { id: number; email: string }[];
    const driver = users.find((u) => u.email === 'driver@fams.example')!;
    const r = await rawPost(srv.url, `/api/v1/admin/users/${driver.id}/password-link`, undefined, {
      ...admin.headers,
      ...FORGED,
    });
    expect(r.status).toBe(200);
    await srv.mailsSent();
    const mail = [...srv.mails].reverse().find((m) => m.to === 'driver@fams.example')!;
    expect(mail.text).toContain(`${srv.url}/pages/reset-password?token=`);
    expect(mail.text).not.toContain('evil.example');
  });

  it('without an origin, no link is mailed: the admin is told what to set, the public answer is unchanged', async () => {
    const admin = await session(bare.url, ...DEMO.admin);
    const users = (await admin.get('/api/v1/admin/users?pageSize=200')).body.items as { id: number; email: string }[];
    const driver = users.find((u) => u.email === 'driver@fams.example')!;
    const r = await admin.send('POST', `/api/v1/admin/users/${driver.id}/password-link`);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'no_public_url', title: 'Links cannot be sent' });
    expect(r.body.message).toContain('PUBLIC_URL');
    const forgot = await rawPost(bare.url, '/api/v1/auth/forgot-password', { email: 'viewer@fams.example' }, FORGED);
    expect(forgot.status).toBe(200);
    await new Promise((done) => setTimeout(done, 300));
    await bare.mailsSent();
    expect(bare.mails).toEqual([]);
    const diag = await (await session(bare.url, ...DEMO.boss, 'Demo Fuels')).get('/api/v1/diagnostic');
    expect(diag.body.version).toMatchObject({ publicUrl: null, publicUrlSource: null });
  });

  it('/Diagnostic names the origin of links and where it came from', async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
    const d = await boss.get('/api/v1/diagnostic');
    expect(d.status).toBe(200);
    expect(d.body.version).toMatchObject({ publicUrl: srv.url, publicUrlSource: 'PUBLIC_URL' });
  });
});
