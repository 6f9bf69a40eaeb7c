import { Box } from '@chakra-ui/react';
import type { FeatureCollection } from 'geojson';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Marker, Popup, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { createMap } from '@/app/ui/map/createMap';
import { boundsOf, FONT, HALO } from '@/app/ui/map/style';
import type { LocatorStore } from '@/contract/store-locator';
import { STATE_COLOURS, storePopup } from './storePopup';

const SOURCE = 'locator-stores';
const POINTS = 'locator-store-points';

export interface StoreMapProps {
  /** The stores with coordinates that match the search. */
  stores: LocatorStore[];
  styleUrl: string | null;
  /** The store whose popup is open (chosen on the map or in the list). */
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** `/TankLevels?storeId=…` for a store, and following it inside the app. */
  tanksHref: (id: string) => string;
  openTanks: (id: string) => void;
  onFail: (reason: string) => void;
  /** A store being placed: the next click on the map is its location (ADR 051). */
  placing: LocatorStore | null;
  /** Markers can be dragged to move their store. */
  moving: boolean;
  /** A click while placing, or a marker dropped: the store's new location. */
  onLocate: (store: LocatorStore, at: { lat: number; lng: number }) => void;
}

const collection = (stores: LocatorStore[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: stores.map((s) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [s.lng!, s.lat!] },
    properties: { id: s.id, code: s.code, colour: STATE_COLOURS[s.state] },
  })),
});

/**
 * The store locator's map chunk (maplibre, loaded lazily): the stores as coloured circles with
 * their codes over the shared base map (`@/app/ui/map`), and an HTML button on each (keyboard and
 * screen readers reach every store; a click opens its popup). Fits the stores when the search
 * changes which are shown. While `placing`, a click on the map gives that store its location; with
 * `moving`, markers are dragged to move their store (the page saves both).
 */
export default function StoreMap(props: StoreMapProps) {
  const { stores, styleUrl, selected, moving } = props;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const popup = useRef<Popup | null>(null);
  const latest = useRef(props);
  const [ready, setReady] = useState(false);
  const fitted = useRef('');
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const m = createMap(box.current!, styleUrl, {
      fail: (r) => latest.current.onFail(r),
      firstDataLayer: POINTS,
      load: (mm) => {
        mm.addSource(SOURCE, { type: 'geojson', data: collection([]) });
        mm.addLayer({
          id: POINTS,
          type: 'circle',
          source: SOURCE,
          paint: {
            'circle-color': ['get', 'colour'],
            'circle-radius': 9,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 3,
          },
        });
        mm.addLayer({
          id: 'locator-store-labels',
          type: 'symbol',
          source: SOURCE,
          layout: {
            'text-field': ['get', 'code'],
            'text-font': FONT,
            'text-size': 11,
            'text-offset': [0, 1.1],
            'text-anchor': 'top',
          },
          paint: { 'text-color': '#1a202c', ...HALO },
        });
        // A click places the store being placed; a click on a marker never gets here (it stops propagation).
        mm.on('click', (e) => {
          const p = latest.current.placing;
          if (p) latest.current.onLocate(p, { lat: e.lngLat.lat, lng: e.lngLat.lng });
        });
        setReady(true);
      },
    });
    map.current = m;
    return () => {
      m?.remove();
      map.current = null;
      fitted.current = '';
      setReady(false);
    };
  }, [styleUrl]);

  // The crosshair says that the next click places a store.
  useEffect(() => {
    const m = map.current;
    if (ready && m) m.getCanvas().style.cursor = props.placing ? 'crosshair' : '';
  }, [ready, props.placing]);

  // The stores (the search changed, or one moved): redraw; fit them when the set shown changed.
  useEffect(() => {
    const m = map.current;
    if (!ready || !m) return;
    (m.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(collection(stores));
    for (const k of markers.current) k.remove();
    markers.current = stores.map((s) => {
      const el = document.createElement('button');
      el.type = 'button';
      el.setAttribute('aria-label', `Store ${s.code} — ${s.name}`);
      el.style.cssText =
        'border: 0; border-radius: 9999px; cursor: pointer; padding: 0; background: transparent; width: 22px; height: 22px;';
      el.onclick = (e) => {
        e.stopPropagation();
        latest.current.onSelect(s.id);
      };
      const marker = new Marker({ element: el, draggable: moving }).setLngLat([s.lng!, s.lat!]).addTo(m);
      if (moving) {
        el.style.cursor = 'move';
        el.setAttribute('aria-label', `Store ${s.code} — ${s.name} (drag to move)`);
        marker.on('dragend', () => {
          const at = marker.getLngLat();
          latest.current.onLocate(s, { lat: at.lat, lng: at.lng });
        });
      }
      return marker;
    });
    const shown = stores.map((s) => s.id).join(',');
    if (shown === fitted.current) return;
    fitted.current = shown;
    const b = boundsOf(stores.map((s) => [s.lng!, s.lat!] as const));
    if (b) m.fitBounds(b, { padding: 64, maxZoom: 8, duration: 0 });
  }, [ready, stores, moving]);

  // The open popup follows `selected`.
  useEffect(() => {
    const m = map.current;
    const old = popup.current;
    popup.current = null;
    old?.remove();
    const s = stores.find((x) => x.id === selected);
    if (!ready || !m || !s) return;
    const p = latest.current;
    // Above the store, which is eased into the lower part of the map so that a tall popup fits.
    const made = new Popup({
      closeButton: true,
      maxWidth: '300px',
      offset: 14,
      anchor: 'bottom',
      focusAfterOpen: false,
    })
      .setLngLat([s.lng!, s.lat!])
      .setDOMContent(storePopup(s, p.tanksHref(s.id), () => p.openTanks(s.id)))
      .addTo(m);
    popup.current = made;
    // Closed by the user (its button, a click on the map), not replaced by us.
    made.on('close', () => {
      if (popup.current === made) latest.current.onSelect(null);
    });
    m.easeTo({ center: [s.lng!, s.lat!], offset: [0, m.getContainer().clientHeight / 4], duration: 0 });
  }, [ready, stores, selected]);

  return (
    <Box
      ref={box}
      h={{ base: '60vh', md: '560px' }}
      minH="320px"
      w="full"
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      data-testid="store-map"
      data-ready={ready || undefined}
    />
  );
}
