import { useEffect, type HTMLAttributes, type ReactNode, type Ref, type RefObject } from 'react';
import { VisuallyHidden } from '@/app/plain/PlainBits';
import { PlainButton } from '@/app/plain/PlainButton';
import css from '@/app/plain/field.module.css';
import { LuCircleCheck, LuX } from '@/app/ui/field-icons';
import type { SavedNote } from './useCapture';
import { useKeyboardInset } from './useKeyboardInset';
import { useMotionKit } from './useMotionKit';

/**
 * The bottom of a field form: the Save button stuck to the bottom of the screen (above the
 * on-screen keyboard and the home indicator) while the form runs under it, and the confirmation
 * of the last save animated in above the button, where the user's eyes are after tapping it.
 */
export function SaveBar({
  barRef,
  saved,
  onDismiss,
  children,
}: {
  barRef: RefObject<HTMLDivElement | null>;
  saved: SavedNote | null;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const keyboard = useKeyboardInset();
  const kit = useMotionKit();
  useScrollPaddingFor(barRef);
  return (
    <div ref={barRef} data-save-bar="" className={css.saveBar} style={{ bottom: `${keyboard}px` }}>
      {kit ? (
        <kit.FieldMotion>
          <kit.AnimatePresence mode="popLayout" initial={false}>
            {saved && <SavedCard key={saved.id} note={saved} onDismiss={onDismiss} kit={kit} />}
          </kit.AnimatePresence>
        </kit.FieldMotion>
      ) : (
        saved && <SavedCard key={saved.id} note={saved} onDismiss={onDismiss} />
      )}
      {children}
    </div>
  );
}

/**
 * While the bar is on screen, the page's scroll padding keeps a focused field clear of it (and of
 * the sticky top bar): the browser scrolls a field the keyboard would cover above the bar, not
 * under it. Restored when the form goes.
 */
function useScrollPaddingFor(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const before = { top: root.style.scrollPaddingTop, bottom: root.style.scrollPaddingBottom };
    const update = () => {
      if (!el.getClientRects().length) return; // a form in a hidden tab
      root.style.scrollPaddingTop = '72px';
      root.style.scrollPaddingBottom = `${Math.ceil(el.getBoundingClientRect().height) + 12}px`;
    };
    // The observer reports the bar's first size once it is laid out: no synchronous read here,
    // which would force the page's first layout inside the mount (ADR 017).
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.scrollPaddingTop = before.top;
      root.style.scrollPaddingBottom = before.bottom;
    };
  }, [bar]);
}

/** "DF-0009" stays on one line (a browser may break after a hyphen); the text itself is unchanged. */
function keepWhole(text: string): ReactNode[] {
  return text.split(/(\S*-\S*)/).map((part, i) =>
    part.includes('-') ? (
      <span key={i} className={css.nowrap}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * "Saved — 120 L to DF-0009" (a fleet no. never broken at its hyphen), big and green, springing in (a fade only when
 * the user asks for reduced motion).
 */
function SavedCard({
  note,
  onDismiss,
  ref,
  kit,
}: {
  note: SavedNote;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
  kit?: ReturnType<typeof useMotionKit>;
}) {
  // Unanimated until the motion kit is there (a save before any other interaction: rare).
  const Outer = kit?.SavedMotion ?? PlainDiv;
  const Check = kit?.CheckMotion ?? PlainDiv;
  const title = note.corrected ? 'Corrected' : 'Saved';
  // One sentence for screen readers (and the words the e2e tests look for); the big lines are its picture.
  const sentence = `${note.corrected ? 'Corrected and queued again' : 'Saved on this device'}: ${note.what}. It is sent to the server as soon as it can be reached.`;
  return (
    <Outer ref={ref} role="alert" className={css.saved}>
      <div className={css.savedCard}>
        <Check aria-hidden className={css.savedCheck}>
          <LuCircleCheck size={36} />
        </Check>
        <div className={css.savedText} aria-hidden>
          <p className={css.savedTitle}>
            {title} — {keepWhole(note.what)}
          </p>
          <p className={`${css.note}`}>On this device; sent to the server as soon as it can be reached.</p>
        </div>
        <VisuallyHidden>{sentence}</VisuallyHidden>
        <PlainButton variant="ghost" size="xlIcon" aria-label="Dismiss the confirmation" onClick={onDismiss}>
          <LuX aria-hidden />
        </PlainButton>
      </div>
    </Outer>
  );
}

function PlainDiv({ ref, ...props }: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} {...props} />;
}
