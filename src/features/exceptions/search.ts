import { validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An exceptions list's URL state: the list's plus the drawer — `open=<id>` an exception,
 * `resolve=<id>` its resolve form, `resolve=matching` the bulk resolve, `panel=rules|emails` a
 * settings panel — so Back closes it.
 */
export type ExceptionsSearch = ListSearch & { open?: string; resolve?: string; panel?: ExceptionsPanel };
export const MATCHING = 'matching';
/** `/Exceptions`' settings panels: the account's rules (admin) and the user's own e-mails. */
export const PANELS = ['rules', 'emails'] as const;
export type ExceptionsPanel = (typeof PANELS)[number];

export function validateExceptionsSearch(raw: Record<string, unknown>): ExceptionsSearch {
  const out: ExceptionsSearch = { ...validateListSearch(raw) };
  if (typeof raw.open === 'string' && UUID.test(raw.open)) out.open = raw.open;
  if (typeof raw.resolve === 'string' && (UUID.test(raw.resolve) || raw.resolve === MATCHING))
    out.resolve = raw.resolve;
  if (PANELS.includes(raw.panel as ExceptionsPanel)) out.panel = raw.panel as ExceptionsPanel;
  return out;
}
