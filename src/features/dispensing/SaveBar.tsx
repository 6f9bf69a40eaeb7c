import { Box, CloseButton, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, type ReactNode, type Ref, type RefObject } from 'react';
import { LuCircleCheck } from '@/app/ui/field-icons';
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
    <Box
      ref={barRef}
      data-save-bar=""
      position="sticky"
      bottom={`${keyboard}px`}
      zIndex="docked"
      mx={{ base: -3, md: -5 }}
      mb={{ base: -3, md: -5 }}
      px={{ base: 3, md: 5 }}
      pt="3"
      pb={{ base: 'calc(0.75rem + env(safe-area-inset-bottom, 0px))', md: '5' }}
      bg="bg.panel"
      borderTopWidth="1px"
      roundedBottom="l3"
      boxShadow="0 -6px 16px -8px rgba(15, 23, 42, 0.18)"
    >
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
    </Box>
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
      <Box as="span" key={i} whiteSpace="nowrap">
        {part}
      </Box>
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
  const Outer = kit?.SavedMotion ?? Box;
  const Check = kit?.CheckMotion ?? Box;
  const title = note.corrected ? 'Corrected' : 'Saved';
  // One sentence for screen readers (and the words the e2e tests look for); the big lines are its picture.
  const sentence = `${note.corrected ? 'Corrected and queued again' : 'Saved on this device'}: ${note.what}. It is sent to the server as soon as it can be reached.`;
  return (
    <Outer ref={ref} role="alert" mb="3">
      <Flex
        gap="3"
        align="center"
        bg="green.subtle"
        borderWidth="1px"
        borderColor="green.muted"
        rounded="l3"
        ps="3"
        pe="1"
        py="2"
      >
        <Check aria-hidden color="green.fg" flexShrink={0} display="flex">
          <LuCircleCheck size={36} />
        </Check>
        <Box flex="1" minW="0" aria-hidden>
          <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" lineHeight="short" color="green.fg">
            {title} — {keepWhole(note.what)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            On this device; sent to the server as soon as it can be reached.
          </Text>
        </Box>
        <VisuallyHidden>{sentence}</VisuallyHidden>
        <CloseButton type="button" size="xl" aria-label="Dismiss the confirmation" onClick={onDismiss} />
      </Flex>
    </Outer>
  );
}
