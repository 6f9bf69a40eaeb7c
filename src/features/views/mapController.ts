import type { FeatureCollection } from 'geojson';
import { Marker, Popup, type GeoJSONSource, type LayerSpecification } from 'maplibre-gl';
import { createMap } from '@/app/ui/map/createMap';
import {
  GPS_DETAIL_ZOOM,
  viewportOf,
  type GpsCluster,
  type GpsFeature,
  type GpsPoint,
  type GpsResponse,
  type MapConfig,
} from '@/contract/views';
import { CLUSTERS, DISPENSES, FOCUS_ZOOM, initialBounds, LAYERS, STORES, storesCollection } from './mapStyle';
import { pointName, popupContent } from './popup';

// No `position`: maplibre positions marker elements absolutely through its own class.
const BUTTON = 'border: 0; border-radius: 9999px; cursor: pointer; padding: 0; background: transparent;';

/** What the map shows: the server is asked for the dispenses of this viewport at this zoom. */
export interface Viewport {
  bbox: string;
  zoom: number;
}

export interface MapController {
  /**
   * Draws an answer. `fitKey` names the filters it answers (null for a placeholder while the next
   * answer loads): the first answer of new filters moves the map to fit its extent, and the first
   * with a focused record centres on it and opens it.
   */
  show(points: GpsResponse, fitKey: string | null, focus?: string): void;
  destroy(): void;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const abbreviated = (n: number) =>
  n < 1000 ? String(n) : n < 10_000 ? `${(n / 1000).toFixed(1)}k` : `${Math.round(n / 1000)}k`;

/**
 * The map, imperatively (maplibre is not React): the server's clusters and single dispenses as two
 * GeoJSON sources drawn by circle layers, the stores as a third, over the base map (`@/app/ui/map`).
 * Every cluster and point of the answer also gets an HTML button on top: it shows the cluster's
 * count, makes every point reachable by keyboard, zooms into a cluster or opens a point's popup.
 * When the map settles it reports its viewport (`on.view`), and the page asks the server again.
 * Returns null (after `on.fail`) when the map cannot start, e.g. without WebGL.
 */
export function createMapController(
  container: HTMLElement,
  config: MapConfig,
  on: { ready: () => void; fail: (reason: string) => void; view: (v: Viewport) => void },
): MapController | null {
  const made = createMap(container, config.styleUrl, {
    fail: on.fail,
    firstDataLayer: LAYERS[0].id,
    load: (m) => {
      m.addSource(STORES, { type: 'geojson', data: storesCollection(config.stores) });
      m.addSource(CLUSTERS, { type: 'geojson', data: EMPTY });
      m.addSource(DISPENSES, { type: 'geojson', data: EMPTY });
      for (const layer of LAYERS) m.addLayer(layer as LayerSpecification);
      on.ready();
      report();
    },
  });
  if (!made) return null;
  const map = made;
  const markers: Marker[] = [];
  let popup: Popup | null = null;
  let fitted: string | null = null;
  let focused: string | null = null;

  const openPopup = (p: GpsPoint, at: [number, number]) => {
    popup?.remove();
    popup = new Popup({ closeButton: true, maxWidth: '280px', offset: 12, focusAfterOpen: false })
      .setLngLat(at)
      .setDOMContent(popupContent(p))
      .addTo(map);
  };

  const clusterButton = (c: GpsCluster) => {
    const el = document.createElement('button');
    el.type = 'button';
    const size = c.count < 10 ? 30 : c.count < 100 ? 38 : c.count < 1000 ? 48 : 60;
    el.textContent = abbreviated(c.count);
    el.setAttribute('aria-label', `${c.count.toLocaleString()} dispenses here, zoom in`);
    el.style.cssText = `${BUTTON} width: ${size}px; height: ${size}px; color: white; font: 700 12px system-ui, sans-serif;`;
    el.onclick = (e) => {
      // The map treats a click as "close the popup"; this one is the marker's own.
      e.stopPropagation();
      const [w, s, east, n] = c.bounds;
      map.fitBounds(
        [
          [w, s],
          [east, n],
        ],
        { padding: 64, maxZoom: GPS_DETAIL_ZOOM },
      );
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

  const report = () => {
    const b = map.getBounds();
    on.view(viewportOf(b.getWest(), b.getSouth(), b.getEast(), b.getNorth(), map.getZoom()));
  };

  map.on('moveend', report);

  return {
    show(points, fitKey, focus) {
      for (const m of markers) m.remove();
      markers.length = 0;
      (map.getSource(CLUSTERS) as GeoJSONSource | undefined)?.setData({
        type: 'FeatureCollection',
        features: points.clusters.map((c) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [c.lng, c.lat] },
          properties: { id: c.id, count: c.count },
        })),
      });
      (map.getSource(DISPENSES) as GeoJSONSource | undefined)?.setData(points as unknown as FeatureCollection);
      for (const c of points.clusters)
        markers.push(new Marker({ element: clusterButton(c) }).setLngLat([c.lng, c.lat]).addTo(map));
      for (const f of points.features)
        markers.push(new Marker({ element: pointButton(f) }).setLngLat(f.geometry.coordinates).addTo(map));
      if (fitKey === null) return;
      if (focus && points.focus && focused !== `${fitKey}|${focus}`) {
        focused = `${fitKey}|${focus}`;
        fitted = fitKey;
        const at = points.focus.geometry.coordinates;
        map.jumpTo({ center: at, zoom: FOCUS_ZOOM });
        openPopup(points.focus.properties, at);
        return;
      }
      if (fitted === fitKey) return;
      fitted = fitKey;
      popup?.remove();
      const bounds = initialBounds(points.extent, config.stores);
      if (bounds) map.fitBounds(bounds, { padding: 48, maxZoom: GPS_DETAIL_ZOOM, duration: 0 });
    },
    destroy() {
      markers.length = 0;
      map.remove();
    },
  };
}
