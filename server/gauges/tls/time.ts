import type { WallTime } from './fields';

/**
 * Consoles keep local wall time without a zone (YYMMDDHHmm). The store's time zone turns it into
 * an instant; Intl gives the zone's offset at that moment (two passes settle DST changes).
 */
function offsetMs(tz: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

export function wallToDate(w: WallTime, tz: string): Date {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  let t = naive - offsetMs(tz, naive);
  t = naive - offsetMs(tz, t);
  return new Date(t);
}

export function dateToWall(d: Date, tz: string): WallTime {
  const local = new Date(d.getTime() + offsetMs(tz, d.getTime()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}
