import type { DbOrTx } from '../../db/client';
import { authRepository } from './auth.repository';
import type { AccessClaims } from './tokens';

/** How long one answer is reused; a revocation made by another server instance takes this long. */
export const SESSION_CHECK_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Access tokens are checked against the session they belong to on every request (issue 10): a
 * logout, a password change or reset, a blocked user or account end them at once instead of up to
 * 15 minutes later. One indexed query per sign-in, reused for a moment so a device sending
 * batches does not pay it on each request; this instance forgets its answers whenever it revokes.
 */
export function sessionGate(db: DbOrTx, ttlMs = SESSION_CHECK_TTL_MS) {
  const repo = authRepository(db);
  const answers = new Map<string, { stands: boolean; at: number }>();
  return {
    async stands(c: AccessClaims, now = Date.now()): Promise<boolean> {
      const key = `${c.userId}:${c.accountId}:${c.sessionId ?? ''}:${c.roles.join(',')}`;
      const hit = answers.get(key);
      if (hit && now - hit.at < ttlMs) return hit.stands;
      const stands = await repo.sessionStands(c.userId, c.accountId, c.sessionId ?? null, c.roles);
      if (answers.size >= MAX_ENTRIES) answers.clear();
      answers.set(key, { stands, at: now });
      return stands;
    },
    /** After a revocation here: no stale "still stands" from this instance. */
    forget(): void {
      answers.clear();
    },
  };
}
export type SessionGate = ReturnType<typeof sessionGate>;
