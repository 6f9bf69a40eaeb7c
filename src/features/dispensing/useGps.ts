import { useEffect, useState } from 'react';
import { proxy } from 'valtio';
import type { GpsFix } from '@/contract/dispensing';

/**
 * A GPS fix for the record, when the device gives one within a few seconds. Never blocks saving:
 * the form takes whatever fix is there when the user saves (or none).
 */
export const GPS_TIMEOUT_MS = 5_000;

export type GpsState = { status: 'locating' } | { status: 'fix'; fix: GpsFix } | { status: 'none'; reason: string };

/**
 * The form's GPS: its state lives in a small store read by the GPS line alone (`GpsLine`), so the
 * device's answer re-renders that line, not the whole form (ADR 017, fifth pass). The form reads
 * the fix when it saves.
 */
export interface Gps {
  store: { state: GpsState };
  /** The fix now (a plain copy: it goes into IndexedDB), or null. */
  fix: () => GpsFix | null;
  /** Next vehicle or "Try again": keep a fix already had while asking for a fresher one. */
  relocate: () => void;
}

const geolocation = () => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined);

function createGps(): Gps & { start: () => () => void } {
  const store = proxy<{ state: GpsState }>({
    state: geolocation() ? { status: 'locating' } : { status: 'none', reason: 'not available on this device' },
  });
  let alive = false;
  /** Asks the device once; the answer (or the 5 s time-out) arrives in a callback. */
  const ask = () =>
    geolocation()?.getCurrentPosition(
      (p) => {
        if (alive)
          store.state = {
            status: 'fix',
            fix: { lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: Math.round(p.coords.accuracy) },
          };
      },
      (e) => {
        if (!alive || store.state.status === 'fix') return;
        const reason =
          e.code === e.PERMISSION_DENIED ? 'not allowed' : e.code === e.TIMEOUT ? 'none within 5 s' : 'no position';
        store.state = { status: 'none', reason };
      },
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 60_000 },
    );
  return {
    store,
    fix: () => {
      const s = store.state;
      return s.status === 'fix' ? { lat: s.fix.lat, lng: s.fix.lng, accuracyM: s.fix.accuracyM } : null;
    },
    relocate: () => {
      if (!geolocation()) return;
      if (store.state.status !== 'fix') store.state = { status: 'locating' };
      ask();
    },
    start: () => {
      alive = true;
      ask();
      return () => {
        alive = false;
      };
    },
  };
}

/** One GPS store per mounted form, asked once when the form mounts. Its methods are stable. */
export function useGps(): Gps {
  const [gps] = useState(createGps);
  useEffect(() => gps.start(), [gps]);
  return gps;
}

export function gpsText(state: GpsState): string {
  if (state.status === 'locating') return 'GPS: locating…';
  if (state.status === 'fix') return `GPS: ±${state.fix.accuracyM ?? '?'} m`;
  return `GPS: no fix (${state.reason})`;
}
