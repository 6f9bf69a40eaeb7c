import { LITRES_DECIMALS } from '@/contract/columns';
import { formatFixed } from '@/lib/format';

/** Number formats of the record screens. */
/** Litres with the decimals they are stored with, as the lists and exports show them (ADR 023). */
export const litres = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${formatFixed(v, LITRES_DECIMALS)} L`;
export const money = (v: number) => v.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const count = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 0 });
export const percent = (v: number | null) => (v === null ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`);

/** `2026-10-05T10:00:00Z` → the `datetime-local` input's text in this browser's zone (to the second). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The `datetime-local` text back to an ISO instant; '' when it does not read as a time. */
export function fromLocalInput(v: string): string {
  const d = new Date(v);
  return v && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}
