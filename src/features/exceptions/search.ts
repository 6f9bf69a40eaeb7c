import { validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An exceptions list's URL state: the list's plus the drawer — `open=<id>` an exception,
 * `resolve=<id>` its resolve form, `resolve=matching` the bulk resolve — so Back closes it.
 */
export type ExceptionsSearch = ListSearch & { open?: string; resolve?: string };
export const MATCHING = 'matching';

export function validateExceptionsSearch(raw: Record<string, unknown>): ExceptionsSearch {
  const out: ExceptionsSearch = { ...validateListSearch(raw) };
  if (typeof raw.open === 'string' && UUID.test(raw.open)) out.open = raw.open;
  if (typeof raw.resolve === 'string' && (UUID.test(raw.resolve) || raw.resolve === MATCHING))
    out.resolve = raw.resolve;
  return out;
}
