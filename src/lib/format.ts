/**
 * Number and date formats of the PWA, in the user's locale. (Exports write the same figures with
 * the same fixed decimals, ADR 023.)
 */

/** A figure with exactly `decimals` decimals, grouped: 1234.5 → "1,234.500" (3). */
export function formatFixed(v: number, decimals: number): string {
  return v.toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A code with the name of what it codes: "DSL50 — Diesel 50 ppm"; the code alone without a name; "—" without either. */
export function codeAndName(code: string | null | undefined, name: string | null | undefined): string {
  if (!code) return name || '—';
  return name && name !== code ? `${code} — ${name}` : code;
}
