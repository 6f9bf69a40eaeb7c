import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../../../src/contract/constants';
import { createTokenService } from './tokens';

const claims = { userId: 7, userKey: 'uk', accountId: 3, accountKey: 'ak', roles: ['famsAllBasic'], sessionId: 's1' };
const service = () => createTokenService(new TextEncoder().encode('a test secret of enough length for HS256'));

// The verified-token memory (ADR 016, fourth pass): same answers as a full verification, never longer-lived.
describe('access token verification', () => {
  it('answers a token again with the same claims, and frozen so no caller can change them for the next', async () => {
    const tokens = service();
    const { token } = await tokens.sign(claims);
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toEqual({ ok: true, claims });
    expect(again).toEqual(first);
    if (!again.ok) throw new Error('refused');
    expect(Object.isFrozen(again.claims) && Object.isFrozen(again.claims.roles)).toBe(true);
  });

  it('a remembered token expires at its exp, in whole seconds as jose counts', async () => {
    const tokens = service();
    const { token, expiresAt } = await tokens.sign(claims);
    expect((await tokens.verify(token)).ok).toBe(true);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_S * 1000);
    expect((await tokens.verify(token, expiresAt - 1)).ok).toBe(true);
    expect(await tokens.verify(token, expiresAt)).toEqual({ ok: false, reason: 'expired' });
    // Forgotten once expired: verified in full again, and still refused.
    expect(await tokens.verify(token, expiresAt + 1_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('an altered token or one signed with another secret is refused even while the real one is remembered', async () => {
    const tokens = service();
    const { token } = await tokens.sign(claims);
    expect((await tokens.verify(token)).ok).toBe(true);
    const [head, body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...payload, roles: ['admin'] })).toString('base64url')}.${sig}`;
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    const other = await createTokenService(new TextEncoder().encode('another secret, another server')).sign(claims);
    expect(await tokens.verify(other.token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a token first seen after its exp is refused and not remembered', async () => {
    const tokens = service();
    const { token, expiresAt } = await tokens.sign(claims);
    expect(await tokens.verify(token, expiresAt + 5_000)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims });
  });
});
