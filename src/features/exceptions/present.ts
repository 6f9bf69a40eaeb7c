import {
  exceptionLabel,
  RESOLUTION_LABELS,
  SEVERITY_TITLES,
  STATUS_TITLES,
  type ExceptionRow,
  type ExceptionSeverity,
  type ExceptionStatus,
} from '@/contract/exceptions';

/** How the exceptions screens name and colour things (one place, lists and drawer alike). */
export const SEVERITY_PALETTE: Record<ExceptionSeverity, string> = { critical: 'red', warning: 'orange', info: 'gray' };
export const SEVERITY_LABELS: Record<ExceptionSeverity, string> = SEVERITY_TITLES;
export const STATUS_LABELS: Record<ExceptionStatus, string> = STATUS_TITLES;

export const whatOf = (r: Pick<ExceptionRow, 'code'>) => exceptionLabel(r.code);
export const reasonOf = (r: Pick<ExceptionRow, 'reason'>) => (r.reason ? RESOLUTION_LABELS[r.reason] : '');
/** The thing an exception is about, in a few words: equipment, tank or store. */
export const subjectOf = (r: Pick<ExceptionRow, 'fleetNo' | 'tankCode' | 'storeCode'>) =>
  [r.fleetNo, r.tankCode && `tank ${r.tankCode}`, r.storeCode].filter(Boolean).join(' · ');
export const rowLabel = (r: ExceptionRow) => `${whatOf(r)}${subjectOf(r) ? ` (${subjectOf(r)})` : ''}`;

export function hours(h: number | null): string {
  if (h === null) return '';
  if (h < 48) return `${h.toFixed(1)} h`;
  return `${(h / 24).toFixed(1)} days`;
}
