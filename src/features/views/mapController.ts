import type { FeatureCollection, Point } from 'geojson';
import { Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl, type GeoJSONSource, type LayerSpecification, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { GpsFeature, GpsPoint, GpsResponse, MapConfig } from '@/contract/views';
import { BLANK_STYLE, CLUSTER_MAX_ZOOM, COLOURS, DISPENSES, initialBounds, LAYERS, STORES, storesCollection } from './mapStyle';
import { pointName, popupContent } from './popup';

// The worker is its own file in the build (this chunk's URL is not where maplibre looks for it).
setWorkerUrl(workerUrl);

// No `position`: maplibre positions marker elements absolutely through its own class.
const BUTTON = 'border: 0; border-radius: 9999px; cursor: pointer; padding: 0; background: transparent;';

export interface MapController {
  /** Replaces the points; centres on `focus` and opens it when given, else fits them in view. */
  show(points: GpsResponse, focus?: string): void;
  destroy(): void;
}

function storeLabel(code: string, name: string): HTMLElement {
  const label = document.createElement('div');
  label.textContent = code;
  label.title = name;
  label.style.cssText = `font: 600 11px system-ui, sans-serif; color: ${COLOURS.store}; background: rgba(255,255,255,.9); padding: 0 4px; border-radius: 4px; margin-top: 26px;`;
  return label;
}

/**
 * The map, imperatively (maplibre is not React): the dispenses as a clustered GeoJSON source
 * drawn by circle layers, the stores as a second source and layer. Visible clusters and points
 * also get HTML buttons on top, re-synced whenever the map settles: they show cluster counts
 * without glyph files, make every point reachable by keyboard, zoom into a cluster or open a
 * point's popup. Returns null (after `onFail`) when the map cannot start, e.g. without WebGL.
 */
export function createMapController(container: HTMLElement, config: MapConfig, on: { ready: () => void; fail: (reason: string) => void }): MapController | null {
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: (config.styleUrl ?? BLANK_STYLE) as string | StyleSpecification,
      center: [0, 0], zoom: 1,
      // The blank style has no data to credit; a real style brings its attribution.
      attributionControl: config.styleUrl ? { compact: true } : false,
    });
  } catch (e) {
    on.fail(e instanceof Error ? e.message : String(e));
    return null;
  }
  let byId = new Map<string, GpsFeature>();
  const markers = new Map<string, Marker>();
  let popup: Popup | null = null;

  const openPopup = (p: GpsPoint, at: [number, number]) => {
    popup?.remove();
    popup = new Popup({ closeButton: true, maxWidth: '280px', offset: 12, focusAfterOpen: false }).setLngLat(at).setDOMContent(popupContent(p)).addTo(map);
  };

  const clusterButton = (id: number, count: number, label: string, at: [number, number]) => {
    const el = document.createElement('button');
    el.type = 'button';
    const size = count < 10 ? 30 : count < 100 ? 38 : count < 1000 ? 48 : 60;
    el.textContent = label;
    el.setAttribute('aria-label', `${count} dispenses here, zoom in`);
    el.style.cssText = `${BUTTON} width: ${size}px; height: ${size}px; color: white; font: 700 12px system-ui, sans-serif;`;
    el.onclick = (e) => {
      // The map treats a click as "close the popup"; this one is the marker's own.
      e.stopPropagation();
      void (map.getSource(DISPENSES) as GeoJSONSource).getClusterExpansionZoom(id)
        .then((zoom) => map.easeTo({ center: at, zoom: Math.min(zoom, CLUSTER_MAX_ZOOM + 1) }));
    };
    return el;
  };

  const pointButton = (f: GpsFeature) => {
    const el = document.createElement('button');
    el.type = 'button';
    el.setAttribute('aria-label', pointName(f.properties));
    el.style.cssText = `${BUTTON} width: 18px; height: 18px;`;
    el.onclick = (e) => {
      e.stopPropagation();
      openPopup(f.properties, f.geometry.coordinates);
    };
    return el;
  };

  /** One button per cluster or point in the source's current tiles; the others are removed. */
  const sync = () => {
    if (!map.getSource(DISPENSES)) return;
    const seen = new Set<string>();
    for (const f of map.querySourceFeatures(DISPENSES)) {
      const props = (f.properties ?? {}) as Record<string, unknown>;
      const cluster = props.cluster === true;
      const key = cluster ? `c${String(props.cluster_id)}` : `p${String(props.id)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (markers.has(key)) continue;
      if (cluster) {
        const at = (f.geometry as Point).coordinates as [number, number];
        const el = clusterButton(Number(props.cluster_id), Number(props.point_count), String(props.point_count_abbreviated ?? props.point_count), at);
        markers.set(key, new Marker({ element: el }).setLngLat(at).addTo(map));
      } else {
        const feature = byId.get(String(props.id));
        if (feature) markers.set(key, new Marker({ element: pointButton(feature) }).setLngLat(feature.geometry.coordinates).addTo(map));
      }
    }
    for (const [key, m] of markers) if (!seen.has(key)) { m.remove(); markers.delete(key); }
  };

  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.on('error', (e) => {
    // A missing tile is not fatal; a style that never loads is.
    if (!map.isStyleLoaded()) on.fail(`The map style could not be loaded: ${e.error?.message ?? 'unknown error'}`);
  });
  map.on('load', () => {
    map.addSource(DISPENSES, { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, cluster: true, clusterRadius: 48, clusterMaxZoom: CLUSTER_MAX_ZOOM });
    map.addSource(STORES, { type: 'geojson', data: storesCollection(config.stores) });
    for (const layer of LAYERS) map.addLayer(layer as LayerSpecification);
    for (const s of config.stores) new Marker({ element: storeLabel(s.code, s.name) }).setLngLat([s.lng, s.lat]).addTo(map);
    on.ready();
  });
  map.on('moveend', sync);
  map.on('sourcedata', (e) => { if (e.sourceId === DISPENSES && e.isSourceLoaded) sync(); });

  return {
    show(points, focus) {
      byId = new Map(points.features.map((f) => [f.properties.id, f]));
      for (const m of markers.values()) m.remove();
      markers.clear();
      popup?.remove();
      (map.getSource(DISPENSES) as GeoJSONSource).setData(points as unknown as FeatureCollection);
      const focused = focus ? byId.get(focus) : undefined;
      if (focused) {
        map.jumpTo({ center: focused.geometry.coordinates, zoom: CLUSTER_MAX_ZOOM + 2 });
        openPopup(focused.properties, focused.geometry.coordinates);
        return;
      }
      const bounds = initialBounds(points.features, config.stores);
      if (bounds) map.fitBounds(bounds, { padding: 48, maxZoom: CLUSTER_MAX_ZOOM + 1, duration: 0 });
    },
    destroy() {
      markers.clear();
      map.remove();
    },
  };
}
