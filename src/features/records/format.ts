/** Formats of the record screens beside `@/lib/format` (litres, money, counts). */
export const percent = (v: number | null) =>
  v === null ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** The `datetime-local` helpers moved to src/lib (the incidents form shares them). */
export { fromLocalInput, toLocalInput } from '@/lib/datetime';
