import type { ButtonHTMLAttributes, Ref } from 'react';
import css from './plain.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'solid' | 'outline' | 'ghost';
  /**
   * md: Chakra's md (40 px, the login page); xl: 48 px with 16 px text (the field forms, issue 9;
   * xlTight with 12 px side padding);
   * xlIcon: a 48 px square icon button; rowButton: xl on a phone, sm (36 px) from md (ADR 062).
   */
  size?: 'md' | 'xl' | 'xlTight' | 'xlIcon' | 'rowButton';
  /** The outline/ghost button in red (Discard). */
  danger?: boolean;
  /** Busy: a spinner and `loadingText` in place of the label, the button disabled (as Chakra's `loading`). */
  loading?: boolean;
  loadingText?: string;
  ref?: Ref<HTMLButtonElement>;
}

const SIZE = {
  md: '',
  xl: css.xl,
  xlTight: `${css.xl} ${css.xlTight}`,
  xlIcon: `${css.xl} ${css.xlIcon}`,
  rowButton: `${css.xl} ${css.smFromMd}`,
} as const;

/** Chakra's Button (theme.ts: orange solid, outline, ghost) with static CSS (ADR 047). */
export function PlainButton({
  variant = 'solid',
  size = 'md',
  danger,
  loading,
  loadingText,
  className,
  children,
  disabled,
  ...rest
}: Props) {
  return (
    <button
      type="button"
      className={`${css.button} ${css[variant]} ${SIZE[size]} ${danger ? css.red : ''} ${className ?? ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className={css.spinner} aria-hidden />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
