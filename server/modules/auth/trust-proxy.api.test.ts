import { afterAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config';
import { Client, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Issue 10: the per-address limit on sign-in (60 a minute) must not be escaped by forging
 * `X-Forwarded-For`; only proxies named in TRUST_PROXY may tell a client's address.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** 61 sign-ins of unknown names (no per-name lockout), each claiming another address. */
async function forgedStatuses(base: string): Promise<number[]> {
  const client = new Client(base);
  const out: number[] = [];
  for (let i = 0; i < 61; i++) {
    const res = await client.call(
      'POST',
      '/api/v1/FAMSlegacy/Authenticate',
      { Username: `nobody-${i}`, Password: 'x-wrong-1' },
      { 'x-forwarded-for': `203.0.113.${i}` },
    );
    out.push(res.status);
  }
  return out;
}

describe('TRUST_PROXY', () => {
  it('reads off, any, or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('by default a forged X-Forwarded-For is ignored: the 61st sign-in in a minute is refused', async () => {
    const srv = await startServer();
    servers.push(srv);
    const statuses = await forgedStatuses(srv.url);
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('behind a trusted proxy the forwarded address counts (each client has its own allowance)', async () => {
    const srv = await startServer({ trustProxy: ['127.0.0.1'] });
    servers.push(srv);
    expect((await forgedStatuses(srv.url)).every((s) => s === 401)).toBe(true);
  });
});
