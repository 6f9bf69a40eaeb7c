import { useCallback, useState } from 'react';

/**
 * A control whose code loads on its first use (ADR 017, third pass): `[used, start, warm]`. Render a
 * cheap stand-in until `used`; `start` (its click) mounts the real one, which opens at once; `warm`
 * (pointer down, focus) starts the download a moment earlier. Offline the chunk comes from the
 * service worker's first precache (a lazy import of a field route's chunk is part of it).
 */
export function useLoadOnUse(load: () => Promise<unknown>): [boolean, () => void, () => void] {
  const [used, setUsed] = useState(false);
  const warm = useCallback(() => {
    void load().catch(() => {});
  }, [load]);
  const start = useCallback(() => {
    warm();
    setUsed(true);
  }, [warm]);
  return [used, start, warm];
}
