import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import type { ReactNode, Ref } from 'react';
import { FieldMotion } from './motion';

/**
 * The field forms' animated parts (framer-motion `m` components under `FieldMotion`), in a chunk
 * loaded on the first interaction with the screen (`useMotionKit`): the form shows and is usable
 * without framer-motion (ADR 017, third pass). Until it is there the same parts show unanimated.
 */
export { AnimatePresence, FieldMotion };

/** What the confirmation's parts pass on to their element (SaveBar.tsx). */
interface PartProps {
  className?: string;
  role?: string;
  'aria-hidden'?: boolean;
  children?: ReactNode;
}

/** The save confirmation springing in (a fade only when the user asks for reduced motion). */
export function SavedMotion({ ref, ...props }: PartProps & { ref?: Ref<HTMLDivElement> }) {
  const reduce = useReducedMotion();
  return (
    <m.div
      ref={ref}
      {...props}
      initial={reduce ? { opacity: 0 } : { opacity: 0, y: 40, scale: 0.9 }}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      exit={reduce ? { opacity: 0 } : { opacity: 0, y: 12, scale: 0.96 }}
      transition={reduce ? { duration: 0.12 } : { type: 'spring', stiffness: 520, damping: 30 }}
    />
  );
}

/** The confirmation's check mark turning in. */
export function CheckMotion(props: PartProps) {
  const reduce = useReducedMotion();
  return (
    <m.div
      {...props}
      initial={reduce ? false : { scale: 0, rotate: -30 }}
      animate={{ scale: 1, rotate: 0 }}
      transition={reduce ? { duration: 0 } : { type: 'spring', stiffness: 600, damping: 18, delay: 0.08 }}
    />
  );
}

/**
 * A new recent record growing from nothing, which moves the rows below smoothly by itself (no layout animation on every
 * row).
 */
export function RowMotion({ ref, children }: { ref?: Ref<HTMLLIElement>; children: ReactNode }) {
  const reduce = useReducedMotion();
  return (
    <m.li
      ref={ref}
      style={{ listStyle: 'none', overflow: 'clip', overflowClipMargin: 4 }}
      initial={reduce ? { opacity: 0 } : { opacity: 0, height: 0 }}
      animate={reduce ? { opacity: 1 } : { opacity: 1, height: 'auto' }}
      exit={reduce ? { opacity: 0 } : { opacity: 0, height: 0 }}
      transition={reduce ? { duration: 0.12 } : { duration: 0.28, ease: [0.2, 0.8, 0.2, 1] }}
    >
      {children}
    </m.li>
  );
}
