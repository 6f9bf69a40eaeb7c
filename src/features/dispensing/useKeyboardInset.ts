import { useEffect, useState } from 'react';

/**
 * How much of the layout viewport's bottom the on-screen keyboard covers, in px (0 without one).
 * Where the browser does not shrink the layout viewport for the keyboard (iOS Safari; Android
 * Chrome unless the viewport meta says `interactive-widget=resizes-content`), a bar stuck to the
 * bottom would sit behind the keyboard: the save bar adds this to its `bottom` to stay above it.
 */
export function useKeyboardInset(): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const vv = typeof window !== 'undefined' ? window.visualViewport : null;
    if (!vv) return;
    const update = () => {
      // Pinch-zoomed: the visual viewport is small on purpose; leave the bar where it is.
      if (vv.scale > 1.05) return setInset(0);
      const gap = window.innerHeight - vv.height - vv.offsetTop;
      // Small gaps are the browser's own bars coming and going, not a keyboard.
      setInset(gap > 80 ? Math.round(gap) : 0);
    };
    // The first read waits until the page has been laid out and painted: read in the mount effect,
    // it forced the page's first layout inside the render (~0.4 s at 4× CPU in a profile, ADR 017).
    // A keyboard that opens later is reported by the resize event.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(update, 0);
    });
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, []);
  return inset;
}
