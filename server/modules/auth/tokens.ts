import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '../../../src/contract/constants';

export interface AccessClaims {
  userId: number;
  userKey: string;
  accountId: number;
  accountKey: string;
  roles: string[];
  /** The sign-in (refresh family) the token was issued under; its revocation ends the token. */
  sessionId?: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** The signing secret: JWT_SECRET, else generated once and kept in the data directory. */
export function loadSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

const ISSUER = 'fams';
const DEVICE_AUDIENCE = 'fams-device';
/** A device cookie names at most this many users (a shared phone at a site), newest first. */
export const DEVICE_USERS_MAX = 10;
export const DEVICE_COOKIE_TTL_S = 365 * 24 * 3600;

/** What a device cookie says: the browser's own nonce and the users who signed in on it (ADR 019). */
export interface DeviceClaims {
  nonce: string;
  users: number[];
}

/** At most this many verified access tokens are remembered; then the memory starts again empty. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Verifies an access token's signature and claims (jose: HS256 through WebCrypto's async job). Pure
 * apart from the clock, so the answer for a token string stays true until it expires.
 */
async function verifyAccess(secret: Uint8Array, token: string): Promise<VerifyResult & { exp?: number }> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, uk, acc, ak, roles, sid, exp } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof uk !== 'string' ||
      typeof acc !== 'number' ||
      typeof ak !== 'string' ||
      !Array.isArray(roles)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const claims: AccessClaims = {
      userId: Number(sub),
      userKey: uk,
      accountId: acc,
      accountKey: ak,
      roles: Object.freeze(roles.map(String)) as string[],
      ...(typeof sid === 'string' ? { sessionId: sid } : {}),
    };
    return { ok: true, claims: Object.freeze(claims), ...(typeof exp === 'number' ? { exp } : {}) };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export function createTokenService(secret: Uint8Array) {
  /**
   * Tokens verified here, by the exact token string, until their `exp` (ADR 016, fourth pass): a
   * device sends the same token with every batch for its 15 minutes, and verifying it again each time
   * was ~1–2 ms of each small request. Only a signature and claims that passed are remembered, and
   * only as long as jose would still accept them (expired when `exp` ≤ now, in whole seconds as jose
   * counts); a forged or altered token is another string and is verified in full. Revocation is not
   * the token's business: the session gate (`sessions.ts`) still checks every request's session, so a
   * logout, a password change or a blocked user or account end the token at once as before.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    async sign(c: AccessClaims): Promise<{ token: string; expiresAt: number }> {
      const expiresAt = Date.now() + ACCESS_TOKEN_TTL_S * 1000;
      const token = await new SignJWT({
        uk: c.userKey,
        acc: c.accountId,
        ak: c.accountKey,
        roles: c.roles,
        ...(c.sessionId ? { sid: c.sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(secret);
      return { token, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
    },
    async verify(token: string, now = Date.now()): Promise<VerifyResult> {
      const nowS = Math.floor(now / 1000);
      const hit = verified.get(token);
      if (hit) {
        if (nowS < hit.exp) return { ok: true, claims: hit.claims };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      const { exp, ...result } = await verifyAccess(secret, token);
      // A token without exp (never signed here) is not remembered: nothing bounds its answer.
      if (!result.ok || exp === undefined) return result;
      if (nowS >= exp) return { ok: false, reason: 'expired' };
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
      verified.set(token, { claims: result.claims, exp });
      return result;
    },
    /** The device cookie after a sign-in of `userId` on this browser (its nonce kept when it had one). */
    async signDevice(userId: number, previous: DeviceClaims | null): Promise<string> {
      const users = [userId, ...(previous?.users ?? []).filter((u) => u !== userId)].slice(0, DEVICE_USERS_MAX);
      return new SignJWT({ dn: previous?.nonce ?? crypto.randomUUID(), du: users })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(DEVICE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + DEVICE_COOKIE_TTL_S)
        .sign(secret);
    },
    /** A device cookie's claims, or null when it is missing, forged or expired. */
    async verifyDevice(token: string | undefined): Promise<DeviceClaims | null> {
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: DEVICE_AUDIENCE,
          algorithms: ['HS256'],
        });
        const { dn, du } = payload as Record<string, unknown>;
        if (typeof dn !== 'string' || !Array.isArray(du) || !du.every((u) => Number.isSafeInteger(u))) return null;
        return { nonce: dn, users: du as number[] };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
