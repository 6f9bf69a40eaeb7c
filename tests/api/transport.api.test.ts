import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from './harness';

/**
 * Issue 10, transport: API answers of 1 KB or more are compressed (gzip or brotli as accepted),
 * the PWA's precompressed files are not compressed twice, exports still stream as files; HSTS
 * only for requests that came over HTTPS (ADR 020).
 */
let srv: TestServer;
let proxied: TestServer;
let staticDir: string;
let headers: Record<string, string>;
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'fams-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>FAMS</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), APP_JS);
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js.gz'), zlib.gzipSync(APP_JS));
  srv = await startServer({ staticDir });
  proxied = await startServer({ trustProxy: ['127.0.0.1'] });
  headers = (await session(srv.url, ...DEMO.admin)).headers;
});
afterAll(async () => {
  await srv?.close();
  await proxied?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body itself): status, headers and the bytes as sent. */
function rawGet(base: string, p: string, h: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + p, { headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const withoutTime = (s: string) => ({ ...JSON.parse(s), generatedAt: undefined });

describe('compression', () => {
  it.each([
    ['gzip', zlib.gunzipSync],
    ['br', zlib.brotliDecompressSync],
  ] as const)(
    '/api/v1/reference with accept-encoding %s comes back compressed and decodes to the same JSON',
    async (encoding, decode) => {
      const plain = await rawGet(srv.url, '/api/v1/reference', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const packed = await rawGet(srv.url, '/api/v1/reference', { ...headers, 'accept-encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(withoutTime(decode(packed.body).toString('utf8'))).toEqual(withoutTime(plain.body.toString('utf8')));
    },
  );

  it('leaves small answers alone', async () => {
    const res = await rawGet(srv.url, '/api/v1/health', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveProperty('status');
  });

  it('streams a CSV export compressed, and a workbook (already a zip) as it is', async () => {
    const plain = await rawGet(srv.url, '/api/v1/stores/export?format=csv', headers);
    const packed = await rawGet(srv.url, '/api/v1/stores/export?format=csv', { ...headers, 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
    expect(zlib.gunzipSync(packed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    const xlsx = await rawGet(srv.url, '/api/v1/stores/export?format=xlsx', {
      ...headers,
      'accept-encoding': 'gzip, br',
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('sends a precompressed PWA file once compressed, not twice', async () => {
    const res = await rawGet(srv.url, '/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(APP_JS);
  });
});

describe('Strict-Transport-Security', () => {
  it('is never sent over plain http, whatever a client claims without a trusted proxy', async () => {
    expect((await rawGet(srv.url, '/api/v1/health')).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await rawGet(srv.url, '/api/v1/health', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect((await rawGet(srv.url, '/')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const https = await rawGet(proxied.url, '/api/v1/health', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The rest of helmet's headers are still there.
    expect(https.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await rawGet(proxied.url, '/api/v1/health', { 'x-forwarded-proto': 'http' })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    expect((await rawGet(proxied.url, '/api/v1/health')).headers['strict-transport-security']).toBeUndefined();
  });
});
