/**
 * The columns of a list, declared once for both readers: the PWA's data table (header = `title`,
 * alignment and default cell from `kind`) and the server's CSV/XLSX export (header = `title`,
 * cell type and format from `kind`). So an exported file's headers are the titles the screen
 * shows and cannot drift from them (ADR 023).
 *
 * Kinds:
 *   text      plain text
 *   code      a short code of another row (store, tank, product…); with `name`, the export writes
 *             the name beside it in a column titled "<title> name"
 *   litres    a volume, `decimals` fixed (default 3, as stored)
 *   number    a count or measure, `decimals` fixed when given
 *   money     2 decimals unless `decimals`
 *   percent   a percentage figure (12.5 = 12.5 %), 1 decimal unless `decimals`
 *   datetime  an ISO instant; shown and exported as a local time (XLSX: a date cell)
 *   date      a calendar day `YYYY-MM-DD` (XLSX: a date cell)
 *   bool      Yes / No
 *   enum      a value with labels (`labels`), e.g. a status
 *   list      an array of plain values, joined (each through `labels` when given: role names)
 */
export const COLUMN_KINDS = [
  'text',
  'code',
  'litres',
  'number',
  'money',
  'percent',
  'datetime',
  'date',
  'bool',
  'enum',
  'list',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ColumnSpec<K extends string = string> {
  /** The row field the column shows (and the export's `columns=` name). */
  key: K;
  /** The header, on screen and in exported files. */
  title: string;
  kind: ColumnKind;
  /** Hidden until the user picks it in the column chooser. */
  hidden?: boolean;
  /** `code` columns: the row field holding the name of the coded row. */
  name?: K;
  /** Fixed decimals of numeric kinds. */
  decimals?: number;
  /** `datetime` columns shown in the row's own zone (store-local): the row field with the zone. */
  zone?: K;
  /** `enum` columns, and each item of a `list` column: value → label (a value without a label shows as it is). */
  labels?: Readonly<Record<string, string>>;
  /** `enum` columns: the row field with the label of a value `labels` does not know (a custom report's title). */
  labelFrom?: K;
  /**
   * `enum` columns over an open set of codes (the audit log's actions and entities, written by every
   * module): a code without a label reads in words ("rotate_key" → "Rotate key"), not as a code.
   */
  wordsForUnlabelled?: boolean;
  /** How much the column matters on a phone's row card (see `ColumnPriority`). */
  priority?: ColumnPriority;
  /** Sentences (an exception's details, an explanation): a wider column, so a row stays a few lines high. */
  sentences?: boolean;
}

/**
 * 1: a key figure of the row (the first heads a phone's card); 2: also on the card; 3: only behind
 * "More". The export ignores it.
 */
export type ColumnPriority = 1 | 2 | 3;

/** Litres are stored as numeric(12,3); lists and exports show all three decimals. */
export const LITRES_DECIMALS = 3;
export const MONEY_DECIMALS = 2;
export const PERCENT_DECIMALS = 1;

const NUMERIC: readonly ColumnKind[] = ['litres', 'number', 'money', 'percent'];
export const isNumericKind = (kind: ColumnKind) => NUMERIC.includes(kind);

/** Fixed decimals of a numeric column, or undefined (a `number` without `decimals`: as it is). */
export function decimalsOf(c: Pick<ColumnSpec, 'kind' | 'decimals'>): number | undefined {
  if (c.decimals !== undefined) return c.decimals;
  return c.kind === 'litres'
    ? LITRES_DECIMALS
    : c.kind === 'money'
      ? MONEY_DECIMALS
      : c.kind === 'percent'
        ? PERCENT_DECIMALS
        : undefined;
}

/** The export's header of the name written beside a code column. */
export const nameTitle = (title: string) => `${title} name`;

/** An enum value's label. */
export const labelOf = (
  c: Pick<ColumnSpec, 'labels' | 'labelFrom' | 'wordsForUnlabelled'>,
  v: unknown,
  row?: Readonly<Record<string, unknown>>,
): string => {
  const s = v === null || v === undefined ? '' : String(v);
  const own = c.labelFrom ? row?.[c.labelFrom] : undefined;
  return c.labels?.[s] ?? (typeof own === 'string' && own ? own : c.wordsForUnlabelled && s ? humanize(s) : s);
};

/** A `list` column's items as they read: each through `labels` when the column has them. */
export const listItems = (c: Pick<ColumnSpec, 'labels'>, v: readonly unknown[]): unknown[] =>
  c.labels ? v.map((x) => c.labels![String(x)] ?? x) : [...v];

/**
 * Declares a list's columns with keys checked against its row type:
 * `columnsOf<DispenseRecordRow>()([{ key: 'litres', title: 'Litres', kind: 'litres' }, …])`.
 */
export const columnsOf =
  <Row>() =>
  <const C extends readonly ColumnSpec<Extract<keyof Row, string>>[]>(specs: C) =>
    specs;

/** `dispensedAt` → `Dispensed at`: the title of a field no list declares (a safety net). */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Yes/No as the table and the export write booleans. */
export const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
