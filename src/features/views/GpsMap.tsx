import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { MapFrame } from '@/app/ui/map/MapParts';
import type { GpsResponse, MapConfig } from '@/contract/views';
import { createMapController, type MapController, type Viewport } from './mapController';

export interface GpsMapProps {
  /** The server's answer for the current viewport (undefined until the first one). */
  points: GpsResponse | undefined;
  /** The filters `points` answers; null while it is a placeholder for the next answer. */
  fitKey: string | null;
  config: MapConfig;
  /** A record to centre on and open (a link from the GPS records list). */
  focus?: string;
  /** The map moved: what it shows now. */
  onView: (v: Viewport) => void;
  /** The map could not start (no WebGL context, a style that does not load). */
  onFail: (reason: string) => void;
}

/** The map chunk (maplibre and its CSS), loaded lazily by the GPS page. */
export default function GpsMap({ points, fitKey, config, focus, onView, onFail }: GpsMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const ctl = useRef<MapController | null>(null);
  const fail = useRef(onFail);
  const view = useRef(onView);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    fail.current = onFail;
    view.current = onView;
  }, [onFail, onView]);

  // One map per style and store list (the settings), so filtering never rebuilds it.
  useEffect(() => {
    const c = createMapController(box.current!, config, {
      ready: () => setReady(true),
      fail: (m) => fail.current(m),
      view: (v) => view.current(v),
    });
    ctl.current = c;
    return () => {
      c?.destroy();
      ctl.current = null;
      setReady(false);
    };
  }, [config]);

  useEffect(() => {
    if (ready && points) ctl.current?.show(points, fitKey, focus);
  }, [ready, points, fitKey, focus]);

  return <MapFrame ref={box} testId="gps-map" ready={ready} />;
}
