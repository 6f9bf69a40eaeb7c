import crypto from 'node:crypto';

/**
 * Push keys of HTTP gauge devices (ADR 010): 32 random bytes, base64url. Only a SHA-256 hash is
 * stored: a 256-bit random key cannot be guessed or brute-forced from its hash, so the slow
 * password hashes (scrypt) would only cost time on every push without adding safety.
 */
export function newDeviceKey(): { key: string; hash: string; hint: string } {
  const key = crypto.randomBytes(32).toString('base64url');
  return { key, hash: hashDeviceKey(key), hint: key.slice(-4) };
}

export function hashDeviceKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** Constant-time comparison of a presented key with the stored hash. */
export function keyMatches(key: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashDeviceKey(key));
  const b = Buffer.from(storedHash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `Device <deviceId>.<key>` → its parts, or null when the header is not of that form. */
export function parseDeviceAuthorization(header: string | undefined): { deviceId: string; key: string } | null {
  const m = /^Device\s+([^.\s]+)\.(\S+)$/.exec(header?.trim() ?? '');
  if (!m || !UUID.test(m[1]) || m[2].length > 200) return null;
  return { deviceId: m[1].toLowerCase(), key: m[2] };
}
