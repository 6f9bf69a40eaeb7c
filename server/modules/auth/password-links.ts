import type { DbOrTx } from '../../db/client';
import { authRepository } from './auth.repository';
import { randomToken, sha256 } from './passwords';

/**
 * The one way to make a one-time password link (a reset, an invitation: issue 14): a random token,
 * stored hashed with its expiry; `/auth/reset-password` consumes it once. Returns the page's URL.
 */
export async function issuePasswordLink(
  db: DbOrTx,
  o: { userId: number; origin: string; ttlS: number; invite?: { accountId: number } },
): Promise<string> {
  const token = randomToken();
  await authRepository(db).insertReset(sha256(token), o.userId, new Date(Date.now() + o.ttlS * 1000), o.invite);
  return `${o.origin}/pages/reset-password?token=${token}${o.invite ? '&invite=1' : ''}`;
}
