import { useMemo, useState } from 'react';
import { parseSort } from '@/app/ui/list/columns';

/**
 * Sorting for the balancing tables, done here: their rows are computed figures (a few dozen),
 * not a server-paged list. `sort` is `field` or `-field` like the list protocol; nulls go last.
 */
export function useSorted<T>(rows: readonly T[] | undefined, initial: string) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => {
    const { field, desc } = parseSort(sort);
    const value = (r: T) => (r as Record<string, unknown>)[field];
    return [...(rows ?? [])].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return desc ? -c : c;
    });
  }, [rows, sort]);
  return { sort, setSort, sorted };
}
