import { useEffect, useRef, useState } from 'react';

/** The rendered width of an element, kept up to date, so an SVG chart draws at 1:1 (readable text on a phone). */
export function useWidth<T extends HTMLElement>(fallback = 600) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    read();
    const obs = new ResizeObserver(read);
    obs.observe(el);
    return () => obs.disconnect();
  }, []);
  return { ref, width };
}
