import { formatDateTime } from '@/app/ui/list/columns';
import type { IntegrityColumn } from '@/contract/integrity';
import { count, litresFigure } from '@/lib/format';

/** A finding's cell as its column's kind reads. */
export function cellText(col: IntegrityColumn, v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  switch (col.kind) {
    case 'datetime':
      return formatDateTime(String(v));
    case 'litres':
      return litresFigure(Number(v));
    case 'number':
      return typeof v === 'number' ? v.toLocaleString(undefined, { maximumFractionDigits: 1 }) : String(v);
    default:
      return String(v);
  }
}

/** "1.2 s" / "350 ms". */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${count(ms)} ms`;
}
