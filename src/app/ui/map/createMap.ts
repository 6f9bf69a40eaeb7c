import {
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type LayerSpecification,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { loadBaseMap } from './basemap';
import { BASE, BASE_LAYERS, BLANK_STYLE } from './style';

// The worker is its own file in the build (this chunk's URL is not where maplibre looks for it).
setWorkerUrl(workerUrl);

/**
 * A maplibre map on the account's style (`styleUrl`; null = the built-in Natural Earth base map,
 * ADR 024) with the zoom buttons, the one way every map of the app starts. `load` adds the
 * page's own sources and layers once the style is ready; the built-in base map is then put under
 * the first of `dataLayers` (the data shows meanwhile, and if the file fails). Returns null (after
 * `fail`) when the map cannot start, e.g. without WebGL; a style that never loads also calls `fail`.
 */
export function createMap(
  container: HTMLElement,
  styleUrl: string | null,
  on: { load: (map: MapLibreMap) => void; fail: (reason: string) => void; firstDataLayer: string },
): MapLibreMap | null {
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: (styleUrl ?? BLANK_STYLE) as string | StyleSpecification,
      center: [0, 0],
      zoom: 1,
      attributionControl: { compact: true },
    });
  } catch (e) {
    on.fail(e instanceof Error ? e.message : String(e));
    return null;
  }
  // For the tests (and a curious developer): the element knows its map.
  Object.assign(container, { famsMap: map });
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.on('error', (e) => {
    // A missing tile is not fatal; a style that never loads is.
    if (!map.isStyleLoaded()) on.fail(`The map style could not be loaded: ${e.error?.message ?? 'unknown error'}`);
  });
  map.on('load', () => {
    on.load(map);
    if (styleUrl) return;
    void loadBaseMap()
      .then((base) => {
        const attribution = 'Natural Earth';
        map.addSource(BASE.land, { type: 'geojson', data: base.land, attribution });
        map.addSource(BASE.coastline, { type: 'geojson', data: base.coastline });
        map.addSource(BASE.borders, { type: 'geojson', data: base.borders });
        map.addSource(BASE.places, { type: 'geojson', data: base.places });
        for (const layer of BASE_LAYERS) map.addLayer(layer as LayerSpecification, on.firstDataLayer);
      })
      .catch((e: unknown) => console.warn(e));
  });
  return map;
}
