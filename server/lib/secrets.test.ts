import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecrets, loadSecretKey, SecretError } from './secrets';

describe('secrets at rest', () => {
  const box = createSecrets(crypto.randomBytes(32));

  it('opens what it sealed; the sealed text holds no clear text and differs each time', () => {
    const a = box.seal('client-secret-ÄÖ');
    expect(box.open(a)).toBe('client-secret-ÄÖ');
    expect(a).not.toContain('client-secret');
    expect(box.seal('client-secret-ÄÖ')).not.toBe(a);
  });

  it('refuses a changed byte, another key and garbage', () => {
    const s = box.seal('x'.repeat(40));
    const parts = s.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SecretError);
    expect(() => createSecrets(crypto.randomBytes(32)).open(s)).toThrow(SecretError);
    expect(() => box.open('nope')).toThrow(SecretError);
  });

  it('takes the configured key (base64 or hex), else makes one key file and keeps it', () => {
    const hex = crypto.randomBytes(32).toString('hex');
    expect(loadSecretKey(hex, '/nonexistent').toString('hex')).toBe(hex);
    expect(() => loadSecretKey('c2hvcnQ=', '/nonexistent')).toThrow(SecretError);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-secrets-'));
    const first = loadSecretKey(undefined, dir);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
