import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/lib/log';
import { DEMO, session, startServer, type TestServer } from './harness';

/**
 * Issue 10: input PostgreSQL cannot store is a 4xx with a message, never a 500, and nothing of it
 * is written; a refused write logs no secret (PIN hashes used to appear with the SQL parameters).
 */
let srv: TestServer;
const logged: string[] = [];
const capture = new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } });
beforeAll(async () => { srv = await startServer({}, createLogger('info', capture)); });
afterAll(async () => { await srv.close(); });

const admin = () => session(srv.url, ...DEMO.admin);
const stamp = Date.now().toString(36).slice(-6);

describe('input the database cannot store', () => {
  it.each([
    ['a NUL character', `Yard\u0000${stamp}`],
    ['a lone surrogate', `Yard\ud800${stamp}`],
  ])('a store name with %s is refused with a 4xx and nothing is written', async (_what, name) => {
    const a = await admin();
    const code = `H${stamp}${name.length}`;
    const res = await a.send('POST', '/api/v1/stores', { code, name, variant: 'FAMS', timezone: 'UTC' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toMatch(/\w/);
    const list = await a.get(`/api/v1/stores?q=${encodeURIComponent(code)}`);
    expect(list.status).toBe(200);
    expect(list.body.rows ?? list.body.items ?? []).toEqual([]);
  });

  it.each([
    '/api/v1/views/calendar?month=0000-01',
    '/api/v1/stores?q=%00',
  ])('GET %s is a 400, not a 500', async (path) => {
    const res = await (await admin()).get(path);
    expect(res.status).toBe(400);
  });

  it('a refused employee write with a PIN leaves no PIN or hash in the log', async () => {
    const a = await admin();
    logged.length = 0;
    const res = await a.send('POST', '/api/v1/employees', { number: `E${stamp}`, name: `Pat\u0000${stamp}`, pin: '4711' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const text = logged.join('');
    expect(text).not.toMatch(/scrypt\$/);
    expect(text).not.toContain('4711');
  });
});
