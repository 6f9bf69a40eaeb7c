import type { FeatureCollection } from 'geojson';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MapFrame } from './MapParts';
import { Marker, Popup, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { createMap } from './createMap';
import { boundsOf, FONT, HALO } from './style';

const SOURCE = 'pins';
const POINTS = 'pin-points';

/** A thing on the map: a store, a customer's site. */
export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  /** Drawn under the circle (a code, a short name). */
  label: string;
  /** The marker button's accessible name ("Store N01 — North depot"). */
  name: string;
  colour: string;
}

export interface PinMapProps {
  pins: MapPin[];
  styleUrl: string | null;
  /** The pin whose popup is open (chosen on the map or in a list beside it). */
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** The selected pin's popup content (DOM built with textContent; a dialog named after the pin). */
  popup: (id: string) => HTMLElement;
  onFail: (reason: string) => void;
  /** A pin being placed (its id): the next click on the map is its location. */
  placing: string | null;
  /** Markers can be dragged. */
  moving: boolean;
  /** A click while placing, or a marker dropped: where the pin now is (the page saves it). */
  onLocate: (id: string, at: { lat: number; lng: number }) => void;
  testId: string;
}

const collection = (pins: MapPin[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: pins.map((p) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
    properties: { id: p.id, label: p.label, colour: p.colour },
  })),
});

/**
 * Pins on the shared base map (maplibre, in the lazy map chunk): coloured circles with their labels,
 * and an HTML button on each (keyboard and screen readers reach every pin; a click opens its popup).
 * Fits the pins when the set shown changes (not when one moves, so a placed pin does not make the
 * map jump). While `placing`, a click on the map locates that pin; with `moving`, markers are dragged
 * (off by default, so a click meant to open a popup never moves anything). The store locator
 * (ADR 046, 051) and the customer sites (ADR 059) draw their maps with it.
 */
export default function PinMap(props: PinMapProps) {
  const { pins, styleUrl, selected, moving } = props;
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
          id: 'pin-labels',
          type: 'symbol',
          source: SOURCE,
          layout: {
            'text-field': ['get', 'label'],
            'text-font': FONT,
            'text-size': 11,
            'text-offset': [0, 1.1],
            'text-anchor': 'top',
          },
          paint: { 'text-color': '#1a202c', ...HALO },
        });
        // A click locates the pin being placed; a click on a marker never gets here (it stops propagation).
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

  // The crosshair says that the next click places a pin.
  useEffect(() => {
    const m = map.current;
    if (ready && m) m.getCanvas().style.cursor = props.placing ? 'crosshair' : '';
  }, [ready, props.placing]);

  // The pins (a filter changed, or one moved): redraw; fit them when the set shown changed.
  useEffect(() => {
    const m = map.current;
    if (!ready || !m) return;
    (m.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(collection(pins));
    for (const k of markers.current) k.remove();
    markers.current = pins.map((p) => {
      const el = document.createElement('button');
      el.type = 'button';
      el.setAttribute('aria-label', p.name);
      el.style.cssText =
        'border: 0; border-radius: 9999px; cursor: pointer; padding: 0; background: transparent; width: 22px; height: 22px;';
      el.onclick = (e) => {
        e.stopPropagation();
        latest.current.onSelect(p.id);
      };
      const marker = new Marker({ element: el, draggable: moving }).setLngLat([p.lng, p.lat]).addTo(m);
      if (moving) {
        el.style.cursor = 'move';
        el.setAttribute('aria-label', `${p.name} (drag to move)`);
        marker.on('dragend', () => {
          const at = marker.getLngLat();
          latest.current.onLocate(p.id, { lat: at.lat, lng: at.lng });
        });
      }
      return marker;
    });
    const shown = pins.map((p) => p.id).join(',');
    if (shown === fitted.current) return;
    fitted.current = shown;
    const b = boundsOf(pins.map((p) => [p.lng, p.lat] as const));
    if (b) m.fitBounds(b, { padding: 64, maxZoom: 8, duration: 0 });
  }, [ready, pins, moving]);

  // The open popup follows `selected`.
  useEffect(() => {
    const m = map.current;
    const old = popup.current;
    popup.current = null;
    old?.remove();
    const p = pins.find((x) => x.id === selected);
    if (!ready || !m || !p) return;
    // Above the pin, which is eased into the lower part of the map so that a tall popup fits.
    const made = new Popup({
      closeButton: true,
      maxWidth: '300px',
      offset: 14,
      anchor: 'bottom',
      focusAfterOpen: false,
    })
      .setLngLat([p.lng, p.lat])
      .setDOMContent(latest.current.popup(p.id))
      .addTo(m);
    popup.current = made;
    // Closed by the user (its button, a click on the map), not replaced by us.
    made.on('close', () => {
      if (popup.current === made) latest.current.onSelect(null);
    });
    m.easeTo({ center: [p.lng, p.lat], offset: [0, m.getContainer().clientHeight / 4], duration: 0 });
  }, [ready, pins, selected]);

  return <MapFrame ref={box} testId={props.testId} ready={ready} />;
}
