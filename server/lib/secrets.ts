import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (docs/design.md §5a: Power BI credentials, integration passwords): AES-256-GCM
 * with a random 96-bit nonce per seal. A sealed value is `v1.<nonce>.<tag>.<ciphertext>` (base64url),
 * so the database never holds a clear secret and a changed byte fails to open (the tag). The key is
 * `FAMS_SECRET_KEY` (32 bytes as base64 or hex) or, unset, one generated once into
 * `DATA_DIR/secret.key` (mode 0600): losing that file loses the secrets, not the data.
 */
export interface Secrets {
  seal: (text: string) => string;
  open: (sealed: string) => string;
}

export class SecretError extends Error {}

function keyBytes(text: string): Buffer {
  const t = text.trim();
  const k = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (k.length !== 32) throw new SecretError('FAMS_SECRET_KEY must be 32 bytes, as base64 or hex');
  return k;
}

/** The key: the configured one, else the key file in `dataDir` (made on first use). */
export function loadSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return keyBytes(configured);
  const file = path.join(dataDir, 'secret.key');
  try {
    return keyBytes(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    // `wx`: two servers starting at once do not overwrite each other's key.
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return keyBytes(fs.readFileSync(file, 'utf8'));
    throw e;
  }
}

const b64 = (b: Buffer) => b.toString('base64url');

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== 32) throw new SecretError('The secret key must be 32 bytes');
  return {
    seal(text) {
      const nonce = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return `v1.${b64(nonce)}.${b64(c.getAuthTag())}.${b64(body)}`;
    },
    open(sealed) {
      const [v, nonce, tag, body] = sealed.split('.');
      if (v !== 'v1' || !nonce || !tag || body === undefined) throw new SecretError('Not a sealed secret');
      try {
        const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
      } catch {
        throw new SecretError('The sealed secret does not open with this key');
      }
    },
  };
}
