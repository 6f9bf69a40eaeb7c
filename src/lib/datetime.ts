import { isRealDate, wall, zonedInstant } from '@/contract/calendar';

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

/**
 * `datetime-local` text in a given zone (the store's: every time in FAMS is the store's), to the
 * minute; without a zone, the browser's.
 */
export function toZonedInput(iso: string, timeZone?: string | null): string {
  if (!timeZone) return toLocalInput(iso).slice(0, 16);
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Date(wall(d, timeZone)).toISOString().slice(0, 16);
  } catch {
    return toLocalInput(iso).slice(0, 16);
  }
}

/** `datetime-local` text read on the wall clock of `timeZone` → an ISO instant; '' when it is no time. */
export function fromZonedInput(v: string, timeZone?: string | null): string {
  if (!timeZone) return fromLocalInput(v);
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(v);
  if (!m || !isRealDate(m[1]) || +m[2] > 23 || +m[3] > 59) return '';
  try {
    return zonedInstant(m[1], +m[2], timeZone, +m[3]).toISOString();
  } catch {
    return fromLocalInput(v);
  }
}
