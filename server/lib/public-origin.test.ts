import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkOrigin, settlePublicOrigin } from './public-origin';

const dirs: string[] = [];
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-origin-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the origin of e-mailed links (ADR 074)', () => {
  it('records the first start’s origin and keeps it when PUBLIC_URL is later unset', () => {
    const dir = dataDir();
    expect(settlePublicOrigin({ dataDir: dir, port: 8080, publicUrl: 'https://fams.example.com/app/' })).toEqual({
      origin: 'https://fams.example.com',
      source: 'PUBLIC_URL',
    });
    expect(fs.readFileSync(path.join(dir, 'public-url'), 'utf8').trim()).toBe('https://fams.example.com');
    expect(settlePublicOrigin({ dataDir: dir, port: 9000 })).toEqual({
      origin: 'https://fams.example.com',
      source: 'recorded at first start',
    });
    // PUBLIC_URL wins over the record, which stays as it was.
    expect(settlePublicOrigin({ dataDir: dir, port: 9000, publicUrl: 'https://other.example' }).origin).toBe(
      'https://other.example',
    );
    expect(fs.readFileSync(path.join(dir, 'public-url'), 'utf8').trim()).toBe('https://fams.example.com');
  });

  it('without PUBLIC_URL, a first start records the address npm start prints', () => {
    const dir = dataDir();
    expect(settlePublicOrigin({ dataDir: dir, port: 8123 })).toEqual({
      origin: 'http://localhost:8123',
      source: 'recorded at first start',
    });
    expect(settlePublicOrigin({ dataDir: dir, port: 9999 }).origin).toBe('http://localhost:8123');
  });

  it('refuses a PUBLIC_URL that is no http(s) address, at start', () => {
    expect(() => settlePublicOrigin({ dataDir: dataDir(), port: 1, publicUrl: 'javascript:alert(1)' })).toThrow(
      /PUBLIC_URL must be an http\(s\) address/,
    );
    expect(() => settlePublicOrigin({ dataDir: dataDir(), port: 1, publicUrl: 'fams.example.com' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('a server without an origin refuses to build a link, with what to set', () => {
    expect(() => linkOrigin({})).toThrow(/Set PUBLIC_URL/);
    expect(linkOrigin({ publicUrl: 'https://a.example' })).toBe('https://a.example');
  });
});
