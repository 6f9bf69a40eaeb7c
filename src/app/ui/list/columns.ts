import type { ReactNode } from 'react';
import {
  decimalsOf,
  isNumericKind,
  labelOf,
  listItems,
  yesNo,
  type ColumnPriority,
  type ColumnSpec,
} from '@/contract/columns';
import { formatFixed } from '@/lib/format';

/**
 * A column of the one data table. `id` is the row field the column shows; when the list
 * protocol can sort by it (the contract's `sort` list) the header sorts, and when the row has
 * that field the export includes it.
 */
export interface ListColumn<T> {
  id: string;
  header: string;
  /** Defaults to the row's `id` field, formatted (numbers, booleans, dates, empty). */
  cell?: (row: T) => ReactNode;
  /** Hidden until the user picks it in the column chooser. */
  hidden?: boolean;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /** Sort by this field instead of `id` (e.g. a label column sorting by its code). */
  sortBy?: string;
  /** On a phone's row card: 1 = the key figures (the first one heads the card), 2 = also shown, else under "More". */
  priority?: ColumnPriority;
  /** Sentences: wrapped in a wider column than a name or a code. */
  sentences?: boolean;
}

export type ColumnVisibility = Record<string, boolean>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How a plain value reads in a cell. */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return v.toLocaleString(undefined, { maximumFractionDigits: 3 });
  if (typeof v === 'string' && ISO_DATE_TIME.test(v)) return formatDateTime(v);
  if (Array.isArray(v)) return v.length ? v.map(formatValue).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function formatDateTime(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

/** A cell as its declared kind reads (the export writes the same value; ADR 023). */
export function specCell(c: ColumnSpec, row: Record<string, unknown>): string {
  const v = row[c.key];
  if (v === null || v === undefined || v === '') return '—';
  const decimals = decimalsOf(c);
  switch (c.kind) {
    case 'litres':
    case 'money':
    case 'number':
      return typeof v === 'number' && decimals !== undefined ? formatFixed(v, decimals) : formatValue(v);
    case 'percent':
      return typeof v === 'number' ? `${formatFixed(v, decimals ?? 1)} %` : formatValue(v);
    case 'datetime':
      return typeof v === 'string'
        ? formatDateTime(v, c.zone ? String(row[c.zone] ?? '') || undefined : undefined)
        : formatValue(v);
    case 'enum':
      return labelOf(c, v, row);
    case 'bool':
      return typeof v === 'boolean' ? yesNo(v) : formatValue(v);
    case 'list':
      return Array.isArray(v) ? formatValue(listItems(c, v)) : formatValue(v);
    default:
      return formatValue(v);
  }
}

/**
 * The table's columns from the contract's declaration (the same the export reads, so headers and
 * formats cannot drift); `custom` gives a column its own cell (badges, links) or sort field.
 */
export function specColumns<T>(
  specs: readonly ColumnSpec[],
  custom: Partial<Record<string, Pick<ListColumn<T>, 'cell' | 'sortBy'>>> = {},
): ListColumn<T>[] {
  return specs.map((c) => ({
    id: c.key,
    header: c.title,
    hidden: c.hidden,
    numeric: isNumericKind(c.kind),
    priority: c.priority,
    sentences: c.sentences,
    cell: (row: T) => specCell(c, row as Record<string, unknown>),
    ...custom[c.key],
  }));
}

/**
 * A phone card's columns (of the visible ones): the heading, the figures always shown and the rest
 * behind "More". Lists that declare no priorities show their first column as the heading and the
 * next three plus every numeric one, so a litres column is never cut off.
 */
export function cardColumns<T>(visible: ListColumn<T>[]) {
  const declared = visible.some((c) => c.priority !== undefined);
  const rank = (c: ListColumn<T>, i: number) =>
    declared ? (c.priority ?? 3) : i === 0 ? 1 : i <= 3 || c.numeric ? 2 : 3;
  const ranked = visible.map((c, i) => ({ c, r: rank(c, i) }));
  const heading = ranked.find((x) => x.r === 1)?.c;
  return {
    heading,
    figures: ranked.filter((x) => x.r <= 2 && x.c !== heading).map((x) => x.c),
    more: ranked.filter((x) => x.r > 2).map((x) => x.c),
  };
}

/** The cell content of a column for a row. */
export function cellOf<T>(col: ListColumn<T>, row: T): ReactNode {
  return col.cell ? col.cell(row) : formatValue((row as Record<string, unknown>)[col.id]);
}

/** `sort` parameter → the field and direction. */
export function parseSort(sort: string): { field: string; desc: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

/** A column is shown unless the user hid it, or it starts hidden and the user did not pick it. */
export const isShown = <T>(col: ListColumn<T>, vis: ColumnVisibility) => vis[col.id] ?? !col.hidden;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
