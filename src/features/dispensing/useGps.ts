import { useCallback, useEffect, useRef, useState } from 'react';
import type { GpsFix } from '@/contract/dispensing';

/**
 * A GPS fix for the record, when the device gives one within a few seconds. Never blocks saving:
 * the form takes whatever fix is there when the user saves (or none).
 */
export const GPS_TIMEOUT_MS = 5_000;

export type GpsState = { status: 'locating' } | { status: 'fix'; fix: GpsFix } | { status: 'none'; reason: string };

const geolocation = () => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined);

export function useGps(): { state: GpsState; fix: GpsFix | null; relocate: () => void } {
  const [state, setState] = useState<GpsState>(() =>
    geolocation() ? { status: 'locating' } : { status: 'none', reason: 'not available on this device' },
  );
  const alive = useRef(true);
  /** Asks the device once; the answer (or the 5 s time-out) arrives in a callback. */
  const ask = useCallback(() => {
    geolocation()?.getCurrentPosition(
      (p) => {
        if (alive.current)
          setState({
            status: 'fix',
            fix: { lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: Math.round(p.coords.accuracy) },
          });
      },
      (e) => {
        if (!alive.current) return;
        const reason =
          e.code === e.PERMISSION_DENIED ? 'not allowed' : e.code === e.TIMEOUT ? 'none within 5 s' : 'no position';
        setState((s) => (s.status === 'fix' ? s : { status: 'none', reason }));
      },
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, []);
  useEffect(() => {
    alive.current = true;
    ask();
    return () => {
      alive.current = false;
    };
  }, [ask]);
  /** Next vehicle or "Try again": keep a fix already had while asking for a fresher one. */
  const relocate = useCallback(() => {
    if (!geolocation()) return;
    setState((s) => (s.status === 'fix' ? s : { status: 'locating' }));
    ask();
  }, [ask]);
  return { state, fix: state.status === 'fix' ? state.fix : null, relocate };
}

export function gpsText(state: GpsState): string {
  if (state.status === 'locating') return 'GPS: locating…';
  if (state.status === 'fix') return `GPS: ±${state.fix.accuracyM ?? '?'} m`;
  return `GPS: no fix (${state.reason})`;
}
