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

export function createTokenService(secret: Uint8Array) {
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
    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        const { sub, uk, acc, ak, roles, sid } = payload as Record<string, unknown>;
        if (
          typeof sub !== 'string' ||
          typeof uk !== 'string' ||
          typeof acc !== 'number' ||
          typeof ak !== 'string' ||
          !Array.isArray(roles)
        ) {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: {
            userId: Number(sub),
            userKey: uk,
            accountId: acc,
            accountKey: ak,
            roles: roles.map(String),
            ...(typeof sid === 'string' ? { sessionId: sid } : {}),
          },
        };
      } catch (e) {
        return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
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
