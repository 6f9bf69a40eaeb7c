import { Button, Flex } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';

export interface SideScroll {
  /** The content is wider than its box. */
  overflow: boolean;
  atStart: boolean;
  atEnd: boolean;
  /** Scrolls by most of the box's width (negative: to the left). */
  by: (direction: 1 | -1) => void;
}

const STILL: SideScroll = { overflow: false, atStart: true, atEnd: true, by: () => {} };

/**
 * Whether a box scrolls sideways and where it is: a table wider than the screen hid columns behind
 * the pinned actions with nothing to say so. Follows the box's size and scrolling.
 */
export function useSideScroll<E extends HTMLElement>() {
  const [el, setEl] = useState<E | null>(null);
  const [state, setState] = useState<SideScroll>(STILL);
  const frame = useRef(0);
  const ref = useCallback((node: E | null) => setEl(node), []);

  useEffect(() => {
    if (!el) return;
    const by = (direction: 1 | -1) => el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
    const measure = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        const overflow = el.scrollWidth > el.clientWidth + 1;
        const atStart = el.scrollLeft <= 1;
        const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
        setState((s) =>
          s.overflow === overflow && s.atStart === atStart && s.atEnd === atEnd ? s : { overflow, atStart, atEnd, by },
        );
      });
    };
    measure();
    const sizes = new ResizeObserver(measure);
    sizes.observe(el);
    if (el.firstElementChild) sizes.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame.current);
      sizes.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [el]);

  return [ref, state] as const;
}

/** "More columns →" above a table that is wider than the screen; nothing when it fits. */
export function ScrollCue({ state }: { state: SideScroll }) {
  if (!state.overflow) return null;
  return (
    <Flex justify="flex-end" gap="1" mb="1">
      <Button size="xs" variant="ghost" disabled={state.atStart} onClick={() => state.by(-1)}>
        <LuArrowLeft aria-hidden />
        First columns
      </Button>
      <Button size="xs" variant="ghost" disabled={state.atEnd} onClick={() => state.by(1)}>
        More columns
        <LuArrowRight aria-hidden />
      </Button>
    </Flex>
  );
}
