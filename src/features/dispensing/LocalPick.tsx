import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PlainButton } from '@/app/plain/PlainButton';
import css from '@/app/plain/field.module.css';
import { LuCheck, LuChevronDown, LuX } from '@/app/ui/field-icons';
import { FieldShell } from './FieldControls';

/**
 * A type-ahead over a list held on the device (the cached reference data), so it works with no
 * signal: equipment by fleet no., registration or tag; employees by name, number or tag. A value
 * typed or scanned that equals exactly one item's key (a tag read by a scanner, a full fleet
 * number) picks that item at once. Typed text is kept when nothing matches.
 *
 * An ARIA 1.2 combobox of its own (editable input, list popup, `aria-activedescendant`) rather
 * than Ark's: no state machine, floating-ui or dismissable layer to download and start before the
 * form is usable (ADR 017, third pass). The list opens under the box, in the page's flow.
 */
export interface PickItem {
  value: string;
  label: string;
  /** Second line in the list (description, cost centre, …). */
  detail?: string;
  /** Lower-cased text searched by what the user types. */
  search: string;
  /** Lower-cased keys that pick the item when typed or scanned in full (tags, fleet no., number). */
  exact: string[];
}

/** How the value was picked: a full key typed or scanned ('exact'), from the list, or cleared. */
export type PickedBy = 'exact' | 'list' | 'clear';

interface Props {
  label: string;
  items: readonly PickItem[];
  value: string;
  /** `text`: what was typed or scanned when `by` is 'exact'. */
  onChange: (value: string, by: PickedBy, text?: string) => void;
  error?: string;
  helper?: ReactNode;
  placeholder?: string;
  /** Most options shown at once (the list narrows as the user types). */
  max?: number;
  required?: boolean;
}

/** The single item whose exact key is `text`, if any. */
export function exactMatch(items: readonly PickItem[], text: string): PickItem | undefined {
  const q = text.trim().toLowerCase();
  if (!q) return undefined;
  const hits = items.filter((i) => i.exact.includes(q));
  return hits.length === 1 ? hits[0] : undefined;
}

/** Items matching every word typed; exact and prefix matches first. */
export function filterItems(items: readonly PickItem[], text: string, max: number): PickItem[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return items.slice(0, max);
  const q = words.join(' ');
  const score = (i: PickItem) => (i.exact.includes(q) ? 0 : i.exact.some((k) => k.startsWith(q)) ? 1 : 2);
  return items
    .filter((i) => words.every((w) => i.search.includes(w)))
    .map((i) => [score(i), i] as const)
    .sort((a, b) => a[0] - b[0])
    .slice(0, max)
    .map(([, i]) => i);
}

export function LocalPick({ label, items, value, onChange, error, helper, placeholder, max = 40, required }: Props) {
  const selected = items.find((i) => i.value === value);
  const [input, setInput] = useState(selected?.label ?? '');
  // The value this box last showed; a different one from outside (reset, a record to correct) replaces the text.
  const [shown, setShown] = useState(value);
  const [open, setOpen] = useState(false);
  // The highlighted option (index into `matches`), -1 for none; typing highlights the best match.
  const [active, setActive] = useState(-1);
  if (shown !== value) {
    setShown(value);
    setInput(selected?.label ?? '');
  }
  const matches = useMemo(
    () => (open ? filterItems(items, input === selected?.label ? '' : input, max) : []),
    [open, items, input, selected?.label, max],
  );
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // The value picked last, read by handlers that run before the parent passes it back down.
  const picked = useRef(value);
  useEffect(() => {
    picked.current = value;
  }, [value]);
  const pick = (next: string, by: PickedBy, text?: string) => {
    picked.current = next;
    setShown(next);
    onChange(next, by, text);
  };
  const typed = (text: string) => {
    setInput(text);
    setOpen(true);
    setActive(text.trim() ? 0 : -1);
    const current = items.find((i) => i.value === picked.current);
    if (current && text === current.label) return; // the box showing the picked item, not typing
    const hit = exactMatch(items, text);
    if (hit) pick(hit.value, 'exact', text.trim().toLowerCase());
    else if (value) pick('', 'clear');
  };
  const choose = (item: PickItem) => {
    setInput(item.label);
    setOpen(false);
    setActive(-1);
    pick(item.value, 'list');
  };
  const clear = () => {
    setInput('');
    setActive(-1);
    if (value) pick('', 'clear');
    inputRef.current?.focus();
  };
  const move = (to: number) => {
    setActive(to);
    listRef.current?.querySelector(`#${CSS.escape(optionId(to))}`)?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = matches.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : -1);
        return;
      }
      if (n) move(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter') {
      // A scanner ends with Enter: take the highlighted item; the form then moves on (enterKey.ts).
      if (open && active >= 0 && active < n) choose(matches[active]);
      else setOpen(false);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Tab') setOpen(false);
  };

  const expanded = open && matches.length > 0;
  const showing = active >= 0 && active < matches.length;
  return (
    <FieldShell
      label={label}
      error={error}
      helper={helper}
      required={required}
      before={selected && input !== selected.label ? `Picked: ${selected.label}` : undefined}
    >
      {(control) => (
        <div className={css.withEnd}>
          {/*
            48 px tall, 16 px text; room on the right for the 48 px wide buttons. `data-picked` tells Enter to move on.
          */}
          <input
            ref={inputRef}
            className={css.control}
            style={{ paddingInlineEnd: input ? '6rem' : '3rem' }}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && showing ? optionId(active) : undefined}
            placeholder={placeholder ?? 'Type to search…'}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="next"
            data-picked={value ? 'true' : 'false'}
            value={input}
            onChange={(e) => typed(e.target.value)}
            onKeyDown={onKeyDown}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            {...control}
          />
          <div className={css.endButtons}>
            {input && (
              <PlainButton
                variant="ghost"
                size="xlIcon"
                aria-label={`Clear ${label}`}
                tabIndex={-1}
                onMouseDown={(e) => e.preventDefault()}
                onClick={clear}
              >
                <LuX aria-hidden />
              </PlainButton>
            )}
            <PlainButton
              variant="ghost"
              size="xlIcon"
              aria-label={`Show ${label} options`}
              aria-expanded={expanded}
              aria-controls={listId}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setOpen((o) => !o);
                setActive(-1);
                inputRef.current?.focus();
              }}
            >
              <LuChevronDown aria-hidden />
            </PlainButton>
          </div>
          <ul
            ref={listRef}
            role="listbox"
            id={listId}
            aria-label={label}
            hidden={!expanded}
            className={`${css.popup} ${css.listbox}`}
            onMouseDown={(e) => e.preventDefault()}
          >
            {expanded &&
              matches.map((item, i) => (
                <li
                  key={item.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={item.value === value}
                  data-highlighted={i === active ? '' : undefined}
                  className={css.option}
                  onMouseMove={() => {
                    if (i !== active) setActive(i);
                  }}
                  onClick={() => choose(item)}
                >
                  <div className={css.optionText}>
                    {item.label}
                    {item.detail && <span className={css.optionDetail}>{item.detail}</span>}
                  </div>
                  {item.value === value && <LuCheck aria-hidden />}
                </li>
              ))}
          </ul>
          {open && matches.length === 0 && (
            <div className={`${css.popup} ${css.empty}`} aria-live="polite">
              No match on this device
            </div>
          )}
        </div>
      )}
    </FieldShell>
  );
}
