import type { ButtonHTMLAttributes, Ref } from 'react';
import { useSnapshot } from 'valtio';
import { LuChevronDown, LuCircleUser } from '@/app/ui/field-icons';
import { session } from '@/lib/session';
import plain from '../plain/plain.module.css';
import css from '../plain/shell.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

/**
 * The navbar's user button: who is signed in, in which account (the name and account show from md
 * up). Static CSS (ADR 054); the menu's trigger (`Menu.Trigger asChild`) passes its props and ref.
 */
export function UserMenuFace({ className, ...props }: Props) {
  const snap = useSnapshot(session);
  return (
    <button type="button" className={`${css.navButton} ${className ?? ''}`} {...props}>
      <LuCircleUser aria-hidden />
      <span className={`${css.faceText} ${css.fromMd}`}>
        <span className={css.faceName}>{snap.user?.displayName}</span>
        <span className={css.faceSub}>{snap.account?.name}</span>
      </span>
      <span className={plain.visuallyHidden}>User menu</span>
      <LuChevronDown aria-hidden />
    </button>
  );
}
