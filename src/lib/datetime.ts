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
