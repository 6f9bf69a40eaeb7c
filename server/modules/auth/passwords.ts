import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP: scrypt N=2^17, r=8, p=1. SCRYPT_LOG_N lowers the cost for test runs only. */
const logN = () => Number(process.env.SCRYPT_LOG_N ?? 17);
const R = 8;
const P = 1;
const KEYLEN = 32;

function params(logN: number) {
  return { N: 2 ** logN, r: R, p: P, maxmem: 256 * 1024 * 1024 };
}

/**
 * `scrypt$logN$r$p$salt$hash` (base64url): the cost travels with the hash, so verifying never
 * needs to know which cost was used. `costLogN` overrides the cost only for generated demo data
 * (see ADR 006); everything a user sets uses the configured cost.
 */
export async function hashPassword(password: string, costLogN?: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const n = costLogN ?? logN();
  const hash = await scrypt(password.normalize('NFKC'), salt, KEYLEN, params(n));
  return ['scrypt', n, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, costLogN, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const got = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: 2 ** Number(costLogN),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(expected, got);
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing user cannot be told from a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-password');
  await verifyPassword(password, await dummy);
  return false;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
