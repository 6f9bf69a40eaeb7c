import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../tests/api/fake-s3';
import { DEMO, session, startServer, type TestServer } from '../../tests/api/harness';
import { readConfig, readS3, type S3Config } from '../config';
import { FileTooLarge, fileStoreOf, s3FileStore } from './files';

const API = '/api/v1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
let s3: FakeS3;
let cfg: S3Config;
let srv: TestServer;

beforeAll(async () => {
  s3 = await startFakeS3({ accessKeyId: 'AKIDTEST', region: 'eu-test-1', bucket: 'fams-files' });
  cfg = { endpoint: s3.url, bucket: 'fams-files', region: 'eu-test-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'x' };
  srv = await startServer({ s3: cfg });
});
afterAll(async () => {
  await srv?.close();
  await s3?.close();
});

describe('S3 configuration (readConfig)', () => {
  it('is off without S3_BUCKET, on with it, and refuses half a configuration', () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(
      readS3({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(
      readS3({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })?.endpoint,
    ).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(() => readS3({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() =>
      readS3({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toThrow(/http/);
  });
});

describe('the S3 file store', () => {
  it('puts, gets, streams, removes and removes by prefix, signed with SigV4', async () => {
    const store = s3FileStore(cfg);
    await store.put(7, 'incidents/i1/a.jpg', Buffer.from('photo a'));
    await store.put(7, 'incidents/i1/b.jpg', Buffer.from('photo b'));
    await store.put(8, 'incidents/i1/a.jpg', Buffer.from('other tenant'));
    expect([...s3.objects.keys()]).toEqual(
      expect.arrayContaining(['accounts/7/incidents/i1/a.jpg', 'accounts/8/incidents/i1/a.jpg']),
    );
    expect(s3.requests.every((r) => r.authorization.startsWith('AWS4-HMAC-SHA256 Credential=AKIDTEST/'))).toBe(true);
    expect((await store.get(7, 'incidents/i1/a.jpg'))?.toString()).toBe('photo a');
    expect(await store.get(7, 'incidents/i1/none.jpg')).toBeNull();
    const opened = await store.open(7, 'incidents/i1/b.jpg');
    expect(opened?.size).toBe(7);
    const chunks: Buffer[] = [];
    for await (const c of opened!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('photo b');
    expect(await store.open(7, 'nothing/here')).toBeNull();

    await store.remove(7, 'incidents/i1/a.jpg');
    expect(s3.objects.has('accounts/7/incidents/i1/a.jpg')).toBe(false);
    await store.removePrefix(7, 'incidents/i1/');
    expect([...s3.objects.keys()].filter((k) => k.startsWith('accounts/7/'))).toEqual([]);
    // Another account's object under the same key is untouched.
    expect(s3.objects.get('accounts/8/incidents/i1/a.jpg')?.toString()).toBe('other tenant');
  });

  it('streams an upload with its length and SHA-256, and keeps nothing past the limit', async () => {
    const store = s3FileStore(cfg);
    const stored = await store.putStream(
      9,
      'documents/d1/v1',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      10,
    );
    expect(stored).toEqual({ size: 6, sha256: 'bef57ec7f53a6d40beb640a780a639c83bc29ac8a9816f1fc6c5c6dcd93c4721' });
    expect(s3.objects.get('accounts/9/documents/d1/v1')?.toString()).toBe('abcdef');
    await expect(
      store.putStream(9, 'documents/d1/v2', Readable.from([Buffer.alloc(8), Buffer.alloc(8)]), 10),
    ).rejects.toThrow(FileTooLarge);
    expect(s3.objects.has('accounts/9/documents/d1/v2')).toBe(false);
  });

  it('fails loudly when the bucket refuses (a wrong key), and refuses unsafe keys before any request', async () => {
    const wrong = s3FileStore({ ...cfg, accessKeyId: 'SOMEONEELSE' });
    await expect(wrong.put(7, 'a.txt', Buffer.from('x'))).rejects.toThrow(/S3 PUT .* failed: 403/);
    const before = s3.requests.length;
    await expect(s3FileStore(cfg).get(7, '../8/a.txt')).rejects.toThrow(/Invalid file key/);
    expect(s3.requests.length).toBe(before);
    expect(fileStoreOf({ dataDir: '/tmp/x', s3: undefined })).not.toBeNull();
  });
});

describe('a server configured with a bucket', () => {
  it('keeps uploaded documents in the bucket, not in DATA_DIR/files, and serves them back', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const doc = await admin.send('POST', `${API}/documents`, { title: 'Calibration certificate T1 (S3)' });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const up = await fetch(`${srv.url}${API}/documents/${doc.body.id}/files?fileName=cert.pdf`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/octet-stream' },
      body: PDF,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const prefix = `accounts/${admin.item.account.accountId}/documents/${doc.body.id}/`;
    const keys = [...s3.objects.keys()].filter((k) => k.startsWith(prefix));
    expect(keys).toHaveLength(1);
    expect(s3.objects.get(keys[0])?.equals(PDF)).toBe(true);
    expect(fs.existsSync(path.join(srv.dataDir, 'files', 'accounts'))).toBe(false);

    const file = await fetch(`${srv.url}${API}/documents/${doc.body.id}/file`, { headers: admin.headers });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });
});
