import { LazyMotion } from 'framer-motion';
import type { ReactNode } from 'react';

/** The animation engine (framer-motion's DOM animations, exit included), loaded after the form shows. */
const features = () => import('./motionFeatures').then((m) => m.default);

/**
 * The field forms' animations (the save confirmation, a new recent record growing in) use `m`
 * components under this: the form's first download carries only framer-motion's small core, and
 * the animation engine follows in its own chunk (ADR 017). `strict`: a full `motion` component
 * here would bring the whole engine back and fails loudly instead.
 */
export function FieldMotion({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={features} strict>
      {children}
    </LazyMotion>
  );
}
