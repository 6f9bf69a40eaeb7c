import type { AuthRepository } from './auth.repository';

/** How many attempts a key may make, and how long it stays refused once they are spent. */
export interface Allowance {
  max: number;
  windowS: number;
}

/** `checked: false`: refused without looking at the secret (the allowance was already spent). */
export type Judged = { ok: true } | { ok: false; checked: boolean; lockedUntil?: Date };

/**
 * Checks a secret within a key's allowance (ADR 019). The attempt is claimed before `check`
 * runs, so parallel attempts cannot all pass a count read earlier; an attempt beyond the
 * allowance is refused without checking anything. A right secret frees the key; the wrong one
 * that spends the allowance locks it for the window from now.
 */
export async function withinAllowance(
  repo: AuthRepository,
  key: string,
  a: Allowance,
  check: () => Promise<boolean>,
): Promise<Judged> {
  const { count, freesAt } = await repo.claimAttempt(key, a.windowS);
  if (count > a.max) return { ok: false, checked: false, lockedUntil: freesAt };
  if (await check()) {
    await repo.clearFailures(key);
    return { ok: true };
  }
  return {
    ok: false,
    checked: true,
    ...(count >= a.max ? { lockedUntil: await repo.lockNow(key, a.max, a.windowS) } : {}),
  };
}
