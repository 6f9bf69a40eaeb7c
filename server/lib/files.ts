import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The file store (docs/design.md §5a): bytes kept by account and key. Every call names the account, so
 * one tenant's key can never reach another's files; keys are relative paths of safe segments
 * (`incidents/<id>/<photo>.jpg`). The disk store is the default; an S3-compatible store would
 * implement the same interface (bucket prefix = account).
 */
export interface FileStore {
  put(accountId: number, key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(accountId: number, key: string): Promise<Buffer | null>;
  remove(accountId: number, key: string): Promise<void>;
  /** Removes every file under a key prefix (`incidents/<id>/`). */
  removePrefix(accountId: number, prefix: string): Promise<void>;
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
