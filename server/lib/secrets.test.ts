import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, secretBox } from './secrets';

describe('secrets', () => {
  it('seals with a fresh IV, opens, and refuses a tampered or foreign value', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-secrets-'));
    const box = secretBox(loadSecretKey(dir, {}));
    const a = box.seal('top secret value');
    expect(a).not.toContain('top secret');
    expect(box.seal('top secret value')).not.toBe(a);
    expect(box.open(a)).toBe('top secret value');
    const parts = a.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3], 'base64url').toString('latin1')).toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    // The key is generated once into the data directory and reused.
    expect(secretBox(loadSecretKey(dir, {})).open(a)).toBe('top secret value');
    expect((fs.statSync(path.join(dir, 'secret-key')).mode & 0o777).toString(8)).toBe('600');
    const other = secretBox(loadSecretKey(dir, { FAMS_SECRET_KEY: 'ab'.repeat(32) }));
    expect(() => other.open(a)).toThrow();
    expect(() => loadSecretKey(dir, { FAMS_SECRET_KEY: 'short' })).toThrow(/32 bytes/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
