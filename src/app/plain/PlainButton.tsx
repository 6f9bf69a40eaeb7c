import type { ButtonHTMLAttributes } from 'react';
import css from './plain.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'solid' | 'outline' | 'ghost';
  /** Busy: a spinner and `loadingText` in place of the label, the button disabled (as Chakra's `loading`). */
  loading?: boolean;
  loadingText?: string;
}

/** Chakra's Button (theme.ts: orange solid, outline, ghost) with static CSS (ADR 047). */
export function PlainButton({
  variant = 'solid',
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
      className={`${css.button} ${css[variant]} ${className ?? ''}`}
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
