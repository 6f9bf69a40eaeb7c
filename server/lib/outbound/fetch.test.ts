import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundFetch } from './fetch';
import type { Resolver } from './target';

/**
 * The guarded client (ADR 071) against a receiver on 127.0.0.1 only: internal targets are refused
 * before any connection, a name is resolved once and the socket goes to the checked address,
 * redirects are not followed, time and sizes are capped. Names are answered by fake resolvers.
 */
let receiver: http.Server;
let port: number;
const seen: { url: string; host: string; body: string }[] = [];
let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', host: req.headers.host ?? '', body });
      handler(req, res);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => {
  receiver?.closeAllConnections();
  receiver?.close();
});
beforeEach(() => {
  seen.length = 0;
  handler = (_req, res) => res.end('ok');
});

const allow = { allowPrivate: true };

describe('outboundFetch', () => {
  it('refuses internal targets without contacting them, in the same words whatever listens there', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://localhost:${port}/`,
      // Nothing listens here: the answer is the same.
      `http://127.0.0.1:1/`,
    ])
      await expect(outboundFetch(url, { method: 'POST', body: 'x' }), url).rejects.toMatchObject({
        kind: 'refused',
        message: 'refused: internal address',
        final: true,
      });
    expect(seen).toEqual([]);
    await expect(outboundFetch(`file:///etc/passwd`)).rejects.toMatchObject({ kind: 'bad-url', final: true });
    await expect(outboundFetch(`ftp://127.0.0.1:${port}/`, {}, allow)).rejects.toMatchObject({ kind: 'bad-url' });
  });

  it('resolves a name once and connects to the address it checked (no second lookup to rebind)', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[Math.min(calls++, 1)], family: 4 }];
    const res = await outboundFetch(
      `http://rebind.test:${port}/hook?a=1`,
      { method: 'POST', body: '{}' },
      {
        ...allow,
        resolve,
      },
    );
    expect(res).toMatchObject({ status: 200, ok: true, truncated: false });
    expect(res.text()).toBe('ok');
    expect(calls).toBe(1);
    expect(seen).toEqual([{ url: '/hook?a=1', host: `rebind.test:${port}`, body: '{}' }]);
    // Not allowed, the same name is refused before any connection.
    await expect(outboundFetch(`http://rebind.test:${port}/`, {}, { resolve })).rejects.toMatchObject({
      kind: 'refused',
    });
    expect(seen).toHaveLength(1);
  });

  it('does not follow a redirect', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      res.end();
    };
    await expect(outboundFetch(`http://127.0.0.1:${port}/start`, {}, allow)).rejects.toMatchObject({
      kind: 'redirect',
      message: 'redirect not followed',
      status: 302,
      final: false,
    });
    expect(seen.map((s) => s.url)).toEqual(['/start']);
  });

  it('reads at most the cap of an answer and refuses a request body over its cap', async () => {
    handler = (_req, res) => res.end('x'.repeat(200_000));
    const res = await outboundFetch(`http://127.0.0.1:${port}/`, {}, { ...allow, maxResponseBytes: 1024 });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(1024);
    seen.length = 0;
    await expect(
      outboundFetch(
        `http://127.0.0.1:${port}/`,
        { method: 'POST', body: 'y'.repeat(2048) },
        {
          ...allow,
          maxRequestBytes: 1024,
        },
      ),
    ).rejects.toMatchObject({ kind: 'too-large' });
    expect(seen).toEqual([]);
  });

  it('gives up after the time limit', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    await expect(outboundFetch(`http://127.0.0.1:${port}/`, {}, { ...allow, timeoutMs: 300 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('tells a connection refused apart when private targets are allowed', async () => {
    await expect(outboundFetch('http://127.0.0.1:1/', {}, allow)).rejects.toMatchObject({
      kind: 'network',
      message: 'connection refused',
      final: false,
    });
  });
});
