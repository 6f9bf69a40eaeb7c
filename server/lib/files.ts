import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The file store (docs/design.md §5a): bytes kept by account and key. Every call names the account, so
 * one tenant's key can never reach another's files; keys are relative paths of safe segments
 * (`incidents/<id>/<photo>.jpg`). The disk store is the default; an S3-compatible store would
 * implement the same interface (bucket prefix = account).
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
