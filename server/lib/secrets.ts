import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (docs/design.md §5a; integration credentials, VPN keys, Power BI secrets):
 * AES-256-GCM with a 32-byte key from `FAMS_SECRET_KEY` (base64 or hex) or generated once into
 * `DATA_DIR/secret-key` (mode 0600). A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * so it carries its format version; a fresh random IV each time. The database holds only sealed
 * values; API answers never include the clear or the sealed text.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function loadSecretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const given = env.FAMS_SECRET_KEY?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('FAMS_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
    return key;
  }
  const file = path.join(dataDir, 'secret-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process wrote it first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
