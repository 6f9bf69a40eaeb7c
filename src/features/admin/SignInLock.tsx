import { Badge, IconButton } from '@chakra-ui/react';
import { LuLockOpen } from 'react-icons/lu';
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
const SIGN_IN_LOCK_HINT =
  'New browsers and phones are refused for now; the devices where they signed in before still sign in.';

/** A user row's lock, when one is in force: its badge and the "Unlock sign-in" action (/User, /UsersAdmin). */
export function SignInLockAction(props: { user: SignInLock; label: string; busy: boolean; onUnlock: () => void }) {
  const text = signInLockText(props.user);
  if (!text) return null;
  return (
    <>
      <Badge colorPalette="orange" whiteSpace="normal" title={SIGN_IN_LOCK_HINT}>
        {text}
      </Badge>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`Unlock sign-in of ${props.label}`}
        title="Unlock sign-in"
        disabled={props.busy}
        onClick={props.onUnlock}
      >
        <LuLockOpen aria-hidden />
      </IconButton>
    </>
  );
}
