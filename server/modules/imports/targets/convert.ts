import type { Converter, RefKind } from './types';

/**
 * Cell text → input values. Blank cells: text stays '' (the contract says whether that is allowed),
 * numbers and references become null (cleared), yes/no fields keep their default or current value.
 */
export const text: Converter = (c) => ({ value: c.trim() });
export const textOrNull: Converter = (c) => ({ value: c.trim() === '' ? null : c.trim() });
export const upper: Converter = (c) => ({ value: c.trim().toUpperCase() });
export const lowerOrNull: Converter = (c) => ({ value: c.trim() === '' ? null : c.trim().toLowerCase() });

/** `1234.5`, `1 234,5` or `1,234.5`. */
export function parseNumber(s: string): number | null {
  let t = s.trim().replace(/[\s\u00a0']/g, '');
  if (t === '') return null;
  if (t.includes(',') && t.includes('.')) t = t.replace(/,/g, '');
  else if (t.includes(',')) t = t.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return NaN;
  return Number(t);
}

export const num: Converter = (c) => {
  const n = parseNumber(c);
  return Number.isNaN(n) ? { error: `“${c.trim()}” is not a number` } : { value: n };
};

const TRUE = new Set(['yes', 'y', 'true', '1', 'x', 'on', 'ja']);
const FALSE = new Set(['no', 'n', 'false', '0', 'off', 'nee']);
export const bool: Converter = (c) => {
  const t = c.trim().toLowerCase();
  if (t === '') return {};
  if (TRUE.has(t)) return { value: true };
  if (FALSE.has(t)) return { value: false };
  return { error: `Use yes or no (not “${c.trim()}”)` };
};

/** `a; b` or `a | b` (what list exports write) → ['a', 'b']. */
export const splitList = (c: string) =>
  c
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter(Boolean);
export const list: Converter = (c) => ({ value: splitList(c) });

const NAMES: Record<RefKind, string> = {
  stores: 'store',
  products: 'product',
  costCentres: 'cost centre',
  equipmentTypes: 'equipment type',
  equipment: 'equipment',
  employees: 'employee',
};

/** A code of another record → its id (blank → none). */
export function ref(kind: RefKind): Converter {
  return (c, r) => {
    const code = c.trim();
    if (code === '') return { value: null };
    const id = r.id(kind, code);
    return id ? { value: id } : { error: `No ${NAMES[kind]} with code ${code}` };
  };
}

export function refList(kind: RefKind): Converter {
  return (c, r) => {
    const codes = splitList(c);
    const missing = codes.filter((x) => !r.id(kind, x));
    if (missing.length) return { error: `No ${NAMES[kind]} with code ${missing.join(', ')}` };
    return { value: codes.map((x) => r.id(kind, x)!) };
  };
}

export const refsOf = (kind: RefKind) => (c: string) => ({ kind, codes: splitList(c) });

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** `Mon;Tue`, `monday, friday` or `1;5` (0 = Sunday) → sorted day numbers; blank = every day. */
export const weekdays: Converter = (c) => {
  const parts = c
    .split(/[;|,\s]+/)
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  if (!parts.length) return { value: null };
  const out: number[] = [];
  for (const p of parts) {
    const d = /^\d$/.test(p) ? Number(p) : DAYS.indexOf(p.slice(0, 3));
    if (d < 0 || d > 6) return { error: `“${p}” is not a weekday (Mon…Sun or 0–6)` };
    out.push(d);
  }
  return { value: [...out].sort((a, b) => a - b) };
};

/** `7:30` → `07:30`, so spreadsheet times read as the contract wants them. */
export const time: Converter = (c) => {
  const t = c.trim();
  if (t === '') return { value: null };
  // A spreadsheet time cell arrives as a date-time on 1899-12-30 (the day zero of Excel dates).
  const m = /^(\d{1,2}):(\d{2})(:\d{2})?$/.exec(t) ?? /^1899-12-3\dT(\d{2}):(\d{2})/.exec(t);
  return { value: m ? `${m[1].padStart(2, '0')}:${m[2]}` : t };
};
