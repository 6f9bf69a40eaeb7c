import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, DEMO, session, startServer, type Session, type TestServer } from './harness';

/**
 * Bodies a client can send (ADR 074): deep JSON, empty and cut-short uploads and damaged files are
 * clear 4xx answers, at once, with nothing at error level in the log; customer-link tokens never
 * reach the log.
 */
let srv: TestServer;
let admin: Session;
let boss: Session;
const { log, lines: logged, errors: errorsLogged } = capturedLog();
beforeAll(async () => {
  srv = await startServer({}, log);
  admin = await session(srv.url, ...DEMO.admin);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

async function post(path: string, body: BodyInit, type: string | undefined, headers: Record<string, string> = {}) {
  const res = await fetch(srv.url + path, {
    method: 'POST',
    headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
    body,
    signal: AbortSignal.timeout(5_000),
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('JSON nested deeper than 64 levels', () => {
  it.each([
    ['arrays, 3,000 deep', arrays(3_000)],
    ['objects, 20,000 deep', objects(20_000)],
    ['a field 5,000 deep', `{"Username":"admin","Password":${arrays(5_000)}}`],
  ])('is a 400 on sign-in and the public quotation answer: %s', async (_what, body) => {
    for (const path of ['/api/v1/FAMSlegacy/Authenticate', '/api/v1/public/quotation/answer']) {
      const r = await post(path, body, 'application/json');
      expect(r, path).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    }
    const r = await post('/api/v1/stores', body, 'application/json', admin.headers);
    expect(r).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    expect(errorsLogged()).toEqual([]);
  });

  it('nesting within the limit, brackets inside strings included, is judged by the schema as before', async () => {
    const r = await post(
      '/api/v1/FAMSlegacy/Authenticate',
      JSON.stringify({ Username: '['.repeat(100), Password: arrays(1), x: JSON.parse(arrays(60)) }),
      'application/json',
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation');
  });
});

describe('uploads', () => {
  let documentId: string;
  beforeAll(async () => {
    const d = await admin.send('POST', '/api/v1/documents', { title: 'Empty upload check' });
    expect(d.status).toBe(201);
    documentId = d.body.id;
  });

  it('an empty body is a 400 at once, declared or chunked, on every upload route', async () => {
    const emptyStream = () => new ReadableStream({ start: (c) => c.close() });
    const routes: [string, Session][] = [
      [`/api/v1/documents/${documentId}/files?fileName=a.pdf`, admin],
      ['/api/v1/imports?target=equipment&fileName=e.csv', admin],
      ['/api/v1/ml/score?kind=dispenses&fileName=h.csv', boss],
      ['/api/v1/ml/thresholds?fileName=t.json', boss],
    ];
    for (const [path, who] of routes) {
      const t0 = Date.now();
      for (const body of ['', emptyStream()]) {
        const r = await post(path, body, 'application/octet-stream', who.headers);
        expect([r.status, r.body.code], `${path} ${typeof body}`).toEqual([400, 'empty_file']);
      }
      expect(Date.now() - t0).toBeLessThan(4_000);
    }
  });

  it('a damaged or cut-short workbook is a 422 saying so, for scoring as for imports', async () => {
    const zipHead = new Uint8Array(Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000garbage'));
    for (const [path, who] of [
      ['/api/v1/ml/score?kind=dispenses&fileName=h.xlsx', boss],
      ['/api/v1/imports?target=equipment&fileName=e.xlsx', admin],
    ] as const) {
      const r = await post(path, zipHead, XLSX, who.headers);
      expect([r.status, r.body.code], path).toEqual([422, 'unreadable']);
      expect(r.body.message).toMatch(/could not be read as an XLSX workbook/);
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('a client that stops sending mid-upload leaves no error in the log, and the server goes on', async () => {
    const u = new URL(srv.url);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(u.port), u.hostname, () => {
        const head = [
          `POST /api/v1/documents/${documentId}/files?fileName=a.pdf HTTP/1.1`,
          `Host: ${u.host}`,
          'Content-Type: application/pdf',
          'Content-Length: 100000',
          ...Object.entries(admin.headers).map(([k, v]) => `${k}: ${v}`),
          '',
          '',
        ].join('\r\n');
        socket.write(head + '%PDF-1.4\n' + 'x'.repeat(1000), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await admin.get('/api/v1/auth/me')).status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('the request log', () => {
  it('never holds a customer link’s token or a sign-up code', async () => {
    const secret = 'SeCrEt-token-value-123';
    await fetch(`${srv.url}/api/v1/public/document?token=${secret}`);
    await fetch(`${srv.url}/api/v1/public/quotation?x=1&token=${secret}`);
    await fetch(`${srv.url}/api/v1/auth/join/${secret}`);
    await new Promise((r) => setTimeout(r, 100));
    const lines = logged.filter((l) => l.includes('/public/') || l.includes('/auth/join/'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('token=[redacted]');
  });
});
