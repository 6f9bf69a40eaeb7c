import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms`: a search or a preview asks the server after the
 * typing, not at each key.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return out;
}
