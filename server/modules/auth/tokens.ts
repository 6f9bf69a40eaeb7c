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

export function createTokenService(secret: Uint8Array) {
  return {
    async sign(c: AccessClaims): Promise<{ token: string; expiresAt: number }> {
      const expiresAt = Date.now() + ACCESS_TOKEN_TTL_S * 1000;
      const token = await new SignJWT({ uk: c.userKey, acc: c.accountId, ak: c.accountKey, roles: c.roles, ...(c.sessionId ? { sid: c.sessionId } : {}) })
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
        if (typeof sub !== 'string' || typeof uk !== 'string' || typeof acc !== 'number' || typeof ak !== 'string' || !Array.isArray(roles)) {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: { userId: Number(sub), userKey: uk, accountId: acc, accountKey: ak, roles: roles.map(String), ...(typeof sid === 'string' ? { sessionId: sid } : {}) },
        };
      } catch (e) {
        return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
