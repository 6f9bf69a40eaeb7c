import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { LuCircleAlert } from '@/app/ui/field-icons';
import field from './field.module.css';
import css from './plain.module.css';

/**
 * ADR 062: the field capture screens' parts in static CSS, drawn as Chakra's Card (outline),
 * Alert (subtle, with a title and a description), Badge (subtle) and Skeleton drew them.
 */

/** Chakra's Card (outline) with its body: the frame of a field form and of its recent records. */
export function PlainCard({
  children,
  ref,
  ...rest
}: HTMLAttributes<HTMLElement> & { children: ReactNode; ref?: Ref<HTMLElement> }) {
  return (
    <section ref={ref} className={field.card} {...rest}>
      <div className={field.cardBody}>{children}</div>
    </section>
  );
}

/** A warning with a title and/or a description (Chakra's subtle Alert, status warning). */
export function PlainAlert({
  title,
  children,
  className,
  ...rest
}: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & { title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`${field.alert} ${field.alertWarning} ${className ?? ''}`} {...rest}>
      <LuCircleAlert aria-hidden />
      <div className={field.alertContent}>
        {title && <div className={field.alertTitle}>{title}</div>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

export type BadgePalette = 'gray' | 'blue' | 'green' | 'orange' | 'red' | 'yellow';

/** Chakra's subtle Badge: lg on a phone, md from md. */
export function PlainBadge({ palette, children }: { palette: BadgePalette; children: ReactNode }) {
  return <span className={`${field.badge} ${field[`badge_${palette}`]}`}>{children}</span>;
}

/** Pulsing bars while a form's data or code is on the way. */
export function PlainSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className={field.skeletons} aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={field.skeleton} />
      ))}
    </div>
  );
}

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={css.visuallyHidden}>{children}</span>;
}
