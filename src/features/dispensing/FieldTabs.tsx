import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import css from '@/app/plain/field.module.css';

interface Tab {
  value: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs of a field screen (WAI-ARIA tabs pattern: arrows, Home/End, automatic activation), without
 * Ark's machine (ADR 017, third pass). A panel mounts the first time its tab is chosen and stays
 * mounted, hidden, afterwards, so switching tabs never loses typed input.
 */
export function FieldTabs({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly Tab[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [seen, setSeen] = useState(() => new Set([value]));
  if (!seen.has(value)) setSeen(new Set([...seen, value]));
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.value === value);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onChange(tabs[to].value);
    list.current?.querySelectorAll<HTMLElement>('[role=tab]')[to]?.focus();
  };
  return (
    <div>
      <div ref={list} role="tablist" aria-orientation="horizontal" className={css.tablist} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const on = t.value === value;
          return (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={`${id}-tab-${t.value}`}
              aria-selected={on}
              aria-controls={`${id}-panel-${t.value}`}
              tabIndex={on ? 0 : -1}
              onClick={() => onChange(t.value)}
              className={css.tab}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map(
        (t) =>
          seen.has(t.value) && (
            <div
              key={t.value}
              role="tabpanel"
              id={`${id}-panel-${t.value}`}
              aria-labelledby={`${id}-tab-${t.value}`}
              hidden={t.value !== value}
            >
              {t.panel}
            </div>
          ),
      )}
    </div>
  );
}
