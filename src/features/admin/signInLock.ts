import { formatDateTime } from '@/app/ui/list/columns';
import type { SignInLock } from '@/contract/admin';

/**
 * "Sign-in locked until 14 Mar 2025, 14:32 after 7 failed attempts" (ADR 072), or null while no
 * lock is in force. The lock refuses unrecognised clients only: the user's known devices sign in.
 */
export function signInLockText(u: SignInLock): string | null {
  if (!u.signInLockedUntil) return null;
  const n = u.failedSignIns;
  const after = n > 0 ? ` after ${n} failed attempt${n === 1 ? '' : 's'}` : '';
  return `Sign-in locked until ${formatDateTime(u.signInLockedUntil)}${after}`;
}

/** The lock badge's hint. */
export const SIGN_IN_LOCK_HINT =
  'New browsers and phones are refused for now; the devices where they signed in before still sign in.';
