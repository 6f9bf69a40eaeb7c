import type { GpsFeature, MapConfig } from '@/contract/views';

/**
 * The map's pieces that are plain data (no maplibre import, so the page can use them without
 * loading the map chunk). The built-in style draws only a background: it needs no tiles, fonts or
 * network, which is what tests and offline demos get when `MAP_STYLE_URL` is not set. Counts on
 * clusters and store codes are HTML markers for the same reason (text layers need glyph files).
 */
export const BLANK_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#e8eef3' } }],
};

export const COLOURS = { point: '#0072B2', cluster: '#0072B2', store: '#D55E00' } as const;

export const DISPENSES = 'dispenses';
export const STORES = 'stores';

/**
 * Circle layers, bottom first: the stores, then the clustered dispenses (dispenses usually happen
 * at a store, so its dot must not cover the cluster and its count).
 */
export const LAYERS = [
  {
    id: 'store-points', type: 'circle' as const, source: STORES,
    paint: { 'circle-color': COLOURS.store, 'circle-radius': 9, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
  },
  {
    id: 'clusters', type: 'circle' as const, source: DISPENSES, filter: ['has', 'point_count'],
    paint: {
      'circle-color': COLOURS.cluster, 'circle-opacity': 0.85, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 100, 24, 1000, 30],
    },
  },
  {
    id: 'points', type: 'circle' as const, source: DISPENSES, filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': COLOURS.point, 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
];

/** Above this zoom the points are no longer clustered (a focused record is shown at CLUSTER_MAX + 1). */
export const CLUSTER_MAX_ZOOM = 14;

export function storesCollection(stores: MapConfig['stores']) {
  return {
    type: 'FeatureCollection' as const,
    features: stores.map((s) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] }, properties: { id: s.id, code: s.code, name: s.name } })),
  };
}

/** [[west, south], [east, north]] around the points (or null when there are none). */
export function boundsOf(coords: readonly (readonly [number, number])[]): [[number, number], [number, number]] | null {
  if (!coords.length) return null;
  let [w, s] = coords[0];
  let [e, n] = coords[0];
  for (const [x, y] of coords) { w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y); }
  return [[w, s], [e, n]];
}

/** Where to look first: the points, else the stores. */
export function initialBounds(features: readonly GpsFeature[], stores: MapConfig['stores']) {
  return boundsOf(features.map((f) => f.geometry.coordinates)) ?? boundsOf(stores.map((s) => [s.lng, s.lat] as const));
}

/** Can this browser draw WebGL at all? (maplibre needs it; without it the page says so.) */
export function hasWebGL(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}
