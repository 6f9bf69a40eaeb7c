import type { LevelSource, TankAlarm, TankLevel } from '@/contract/tanks';

/** How the tanks screens show a level: colours, labels, numbers. */

export const ALARM_PALETTE: Record<TankAlarm, string> = { high: 'red', low: 'orange', water: 'purple', stale: 'gray' };
export const SOURCE_LABEL: Record<LevelSource, string> = {
  gauge: 'Gauge',
  dip: 'Dip',
  import: 'Import',
  book: 'Book stock',
};

/** The fill bar's colour: red above safe fill, orange below the low level, grey for book stock, else green. */
export function fillPalette(t: Pick<TankLevel, 'alarms' | 'source'>): string {
  if (t.alarms.includes('high')) return 'red';
  if (t.alarms.includes('low')) return 'orange';
  if (t.source === 'book') return 'gray';
  return 'green';
}

export const mm = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} mm`;
export const celsius = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} °C`;
/** A percentage to one decimal; never "-0 %" (a book stock just below zero rounds to 0). */
export const pct = (v: number) =>
  `${(Math.round(v * 10) / 10 || 0).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** "22 Nov, 14:05": the reading's time on the viewer's clock. */
export const readingTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export const tankTitle = (t: Pick<TankLevel, 'tankCode' | 'tankName'>) => `${t.tankCode} · ${t.tankName}`;
