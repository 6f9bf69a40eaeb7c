import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config, S3Config } from '../config';

/**
 * The file store (docs/design.md §5a): bytes kept by account and key. Every call names the account, so
 * one tenant's key can never reach another's files; keys are relative paths of safe segments
 * (`incidents/<id>/<photo>.jpg`). The disk store is the default; with `S3_BUCKET` set the S3-compatible
 * store implements the same interface (object key prefix = account), see `fileStoreOf`.
 */
export interface FileStore {
  put(accountId: number, key: string, data: Buffer): Promise<void>;
  /**
   * Streams bytes into a file without holding them in memory, stopping at `maxBytes` (then throws
   * `FileTooLarge` and keeps nothing). The file appears whole or not at all.
   */
  putStream(accountId: number, key: string, source: Readable, maxBytes: number): Promise<StoredFile>;
  /** The bytes, or null when there is no such file. */
  get(accountId: number, key: string): Promise<Buffer | null>;
  /** A stream of the bytes and their size, or null when there is no such file. */
  open(accountId: number, key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(accountId: number, key: string): Promise<void>;
  /** Removes every file under a key prefix (`incidents/<id>/`). */
  removePrefix(accountId: number, prefix: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  sha256: string;
}

/** A streamed upload went past its size limit; nothing was kept. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

/** Counts and hashes the bytes passing through; fails the stream past the limit. */
function meter(maxBytes: number) {
  const hash = crypto.createHash('sha256');
  const m = {
    size: 0,
    sha256: () => hash.digest('hex'),
    stream: new Transform({
      transform(chunk: Buffer, _enc, done) {
        m.size += chunk.length;
        if (m.size > maxBytes) return done(new FileTooLarge(maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    }),
  };
  return m;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Checks a key: 1–8 segments of letters, digits, `_ . -`, none of them `..`. */
export function checkKey(key: string): string[] {
  const parts = key.replace(/\/$/, '').split('/');
  if (!parts.length || parts.length > 8 || parts.some((p) => !SEGMENT.test(p) || p.includes('..')))
    throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
  return parts;
}

function checkAccount(accountId: number): string {
  if (!Number.isSafeInteger(accountId) || accountId <= 0) throw new Error(`Invalid account id: ${accountId}`);
  return String(accountId);
}

/** Files under `DATA_DIR/files/accounts/<accountId>/<key>`. Writes go to a temp name, then rename. */
export function diskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files', 'accounts');
  const where = (accountId: number, key: string) => path.join(root, checkAccount(accountId), ...checkKey(key));
  return {
    async put(accountId, key, data) {
      const file = where(accountId, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await fs.writeFile(tmp, data, { flag: 'wx' });
        await fs.rename(tmp, file);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async putStream(accountId, key, source, maxBytes) {
      const file = where(accountId, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      const m = meter(maxBytes);
      try {
        await pipeline(source, m.stream, createWriteStream(tmp, { flags: 'wx' }));
        await fs.rename(tmp, file);
        return { size: m.size, sha256: m.sha256() };
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async open(accountId, key) {
      const file = where(accountId, key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file), size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async get(accountId, key) {
      try {
        return await fs.readFile(where(accountId, key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(accountId, key) {
      await fs.rm(where(accountId, key), { force: true });
    },
    async removePrefix(accountId, prefix) {
      await fs.rm(where(accountId, prefix), { recursive: true, force: true });
    },
  };
}

/** The server's file store: the bucket when `S3_BUCKET` is configured, else `DATA_DIR/files`. */
export function fileStoreOf(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? s3FileStore(config.s3) : diskFileStore(config.dataDir);
}

/**
 * Files as objects `accounts/<accountId>/<key>` of one S3-compatible bucket (AWS, MinIO, R2…), path-style
 * requests signed with SigV4 by aws4fetch. A streamed upload is metered into a temp file first: the limit
 * is enforced before anything reaches the bucket, and the PUT carries its length and SHA-256 (S3 wants both).
 */
export function s3FileStore(s3: S3Config): FileStore {
  const aws = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    service: 's3',
    region: s3.region,
    retries: 2,
  });
  const objectKey = (accountId: number, key: string) =>
    `accounts/${checkAccount(accountId)}/${checkKey(key).join('/')}`;
  const urlOf = (k: string) => `${s3.endpoint}/${encodeURIComponent(s3.bucket)}/${k}`;
  const fail = async (res: Response, what: string) => {
    const text = await res.text().catch(() => '');
    return new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 200)}`);
  };
  const putBody = async (k: string, body: BodyInit, size: number, sha256: string) => {
    const res = await aws.fetch(urlOf(k), {
      method: 'PUT',
      body,
      headers: { 'content-length': String(size), 'x-amz-content-sha256': sha256 },
    });
    if (!res.ok) throw await fail(res, `PUT ${k}`);
  };
  const getObject = async (k: string) => {
    const res = await aws.fetch(urlOf(k));
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) throw await fail(res, `GET ${k}`);
    return res;
  };
  const remove = async (k: string) => {
    const res = await aws.fetch(urlOf(k), { method: 'DELETE' });
    // S3 answers 204 whether or not the object existed; some stores say 404.
    if (!res.ok && res.status !== 404) throw await fail(res, `DELETE ${k}`);
    await res.body?.cancel();
  };
  return {
    async put(accountId, key, data) {
      const sha = crypto.createHash('sha256').update(data).digest('hex');
      await putBody(objectKey(accountId, key), new Uint8Array(data), data.length, sha);
    },
    async putStream(accountId, key, source, maxBytes) {
      const k = objectKey(accountId, key);
      const tmp = path.join(os.tmpdir(), `fams-upload-${process.pid}-${crypto.randomUUID()}`);
      const m = meter(maxBytes);
      try {
        await pipeline(source, m.stream, createWriteStream(tmp, { flags: 'wx' }));
        const stored = { size: m.size, sha256: m.sha256() };
        const body = Readable.toWeb(createReadStream(tmp)) as unknown as ReadableStream;
        await putBody(k, body, stored.size, stored.sha256);
        return stored;
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async get(accountId, key) {
      const res = await getObject(objectKey(accountId, key));
      return res ? Buffer.from(await res.arrayBuffer()) : null;
    },
    async open(accountId, key) {
      const res = await getObject(objectKey(accountId, key));
      if (!res) return null;
      const size = Number(res.headers.get('content-length') ?? NaN);
      const stream = Readable.fromWeb(res.body as unknown as WebStream);
      if (Number.isFinite(size)) return { stream, size };
      // No length given (a chunked answer): count the bytes instead.
      const data = Buffer.from(await new Response(Readable.toWeb(stream) as unknown as ReadableStream).arrayBuffer());
      return { stream: Readable.from([data]), size: data.length };
    },
    remove: (accountId, key) => remove(objectKey(accountId, key)),
    async removePrefix(accountId, prefix) {
      const p = `${objectKey(accountId, prefix)}/`;
      // ListObjectsV2 pages of up to 1000 keys; each key is deleted on its own (no MD5 needed as for batch delete).
      let token: string | undefined;
      do {
        const q = new URLSearchParams({
          'list-type': '2',
          prefix: p,
          ...(token ? { 'continuation-token': token } : {}),
        });
        const res = await aws.fetch(`${s3.endpoint}/${encodeURIComponent(s3.bucket)}?${q}`);
        if (!res.ok) throw await fail(res, `LIST ${p}`);
        const xml = await res.text();
        for (const [, k] of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) await remove(unXml(k));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unXml(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined
          : undefined;
      } while (token);
    },
  };
}

const unXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
