import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Links for people without an account (docs/design.md §5a): a short JWT (jose, HS256) bound to one
 * purpose, one row and one account, expiring. The key is derived from the server's signing secret
 * for this use only, so a link token is never an access token and the other way round.
 */
export interface LinkClaims {
  /** The row the link opens (a quotation's id). */
  sub: string;
  acc: number;
}
export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface SignedLinks {
  sign(purpose: string, claims: LinkClaims, expiresAt: Date): Promise<string>;
  verify(purpose: string, token: string): Promise<LinkCheck>;
}

const ISSUER = 'fams-links';

export function signedLinks(secret: Uint8Array): SignedLinks {
  const key = new Uint8Array(crypto.createHmac('sha256', secret).update('fams signed links v1').digest());
  return {
    async sign(purpose, claims, expiresAt) {
      return new SignJWT({ acc: claims.acc })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(purpose)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: purpose, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.acc !== 'number') return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { sub: payload.sub, acc: payload.acc } };
      } catch (e) {
        return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
