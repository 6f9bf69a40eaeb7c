import { validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';
import {
  PIVOT_DIMENSIONS,
  PIVOT_MEASURES,
  isCalendarDay,
  type PivotDimension,
  type PivotMeasure,
} from '@/contract/pivot';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);

/**
 * A record list's URL state: the list's (`listSearch.ts`) plus the open drawer — `view=<id>` the
 * record's detail, `correct=<id>` the correction form, `reverse=<id>` the reversal form — so Back
 * closes a drawer and a link can open one.
 */
export type RecordsSearch = ListSearch & { view?: string; correct?: string; reverse?: string };

export function validateRecordsSearch(raw: Record<string, unknown>): RecordsSearch {
  const out: RecordsSearch = { ...validateListSearch(raw) };
  for (const k of ['view', 'correct', 'reverse'] as const) {
    const v = id(raw[k]);
    if (v) out[k] = v;
  }
  return out;
}

/** `/QuickPivot`'s URL state: the pivot's choices and filters. */
export interface PivotSearch {
  rows?: PivotDimension;
  cols?: PivotDimension | 'none';
  measure?: PivotMeasure;
  from?: string;
  to?: string;
  storeId?: string;
  productId?: string;
}

export function validatePivotSearch(raw: Record<string, unknown>): PivotSearch {
  const oneOf = <T extends string>(v: unknown, all: readonly T[]) => (all.includes(v as T) ? (v as T) : undefined);
  const day = (v: unknown) => (typeof v === 'string' && isCalendarDay(v) ? v : undefined);
  const out: PivotSearch = {
    rows: oneOf(raw.rows, PIVOT_DIMENSIONS),
    cols: raw.cols === 'none' ? 'none' : oneOf(raw.cols, PIVOT_DIMENSIONS),
    measure: oneOf(raw.measure, PIVOT_MEASURES),
    from: day(raw.from),
    to: day(raw.to),
    storeId: id(raw.storeId),
    productId: id(raw.productId),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as PivotSearch;
}
