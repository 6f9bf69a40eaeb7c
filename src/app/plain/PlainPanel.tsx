import type { ReactNode } from 'react';
import css from './plain.module.css';

/** `app/ui/Panel` with static CSS (ADR 047): the card a blank-layout page sits in, with its one h1. */
export function PlainPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={css.panel}>
      <h1 className={css.panelTitle}>{title}</h1>
      {children}
    </section>
  );
}
