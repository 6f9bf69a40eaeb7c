import type { Bounds, MapConfig } from '@/contract/views';

/**
 * The map's pieces that are plain data (no maplibre import, so the page can use them without
 * loading the map chunk). The built-in style (`MAP_STYLE_URL` unset) is the sea as a background;
 * the land, coastlines, borders and country names are added as GeoJSON layers from the Natural
 * Earth file our server serves (basemap.ts). It needs no tiles, glyph files or other hosts: text
 * is drawn by maplibre from the browser's own fonts when a style names no `glyphs` (ADR 024).
 */
export const BLANK_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#d5e5f0' } }],
};

export const COLOURS = {
  point: '#0072B2',
  cluster: '#0072B2',
  store: '#D55E00',
  coastline: '#5f88a8',
  border: '#a08f8f',
  land: '#f3f0e8',
} as const;

export const DISPENSES = 'dispenses';
export const CLUSTERS = 'clusters';
export const STORES = 'stores';
export const BASE = {
  land: 'base-land',
  coastline: 'base-coastline',
  borders: 'base-borders',
  places: 'base-places',
} as const;
/** The base map's layer that tests look for (its features are drawn only once the file has loaded). */
export const COASTLINE_LAYER = 'coastline';

const FONT = ['sans-serif'];
const HALO = { 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };

/**
 * The base map's layers, bottom first; they go under the data layers. Country names are symbols:
 * maplibre drops a label that would collide with one already placed, larger countries first
 * (`symbol-sort-key`), and a country is named only from the zoom its size earns (`minzoom`).
 */
export const BASE_LAYERS = [
  { id: 'land', type: 'fill' as const, source: BASE.land, paint: { 'fill-color': COLOURS.land } },
  {
    id: 'borders',
    type: 'line' as const,
    source: BASE.borders,
    paint: {
      'line-color': COLOURS.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2],
      'line-dasharray': [3, 2],
    },
  },
  {
    id: COASTLINE_LAYER,
    type: 'line' as const,
    source: BASE.coastline,
    paint: { 'line-color': COLOURS.coastline, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 8, 1.6] },
  },
  {
    id: 'place-labels',
    type: 'symbol' as const,
    source: BASE.places,
    filter: ['>=', ['zoom'], ['get', 'minzoom']],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 6, 14],
      'text-max-width': 7,
      'symbol-sort-key': ['get', 'rank'],
      'text-padding': 4,
    },
    paint: { 'text-color': '#6b6459', ...HALO },
  },
];

/**
 * The data layers, bottom first: the stores, then the dispenses' clusters and single points
 * (dispenses usually happen at a store, so its dot must not cover a cluster), and the store codes
 * on top, so that they win a collision with a country's name. Clusters come from the server
 * (src/contract/views-map.ts); their counts are the HTML buttons drawn over them.
 */
export const LAYERS = [
  {
    id: 'store-points',
    type: 'circle' as const,
    source: STORES,
    paint: {
      'circle-color': COLOURS.store,
      'circle-radius': 9,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
  {
    id: 'clusters',
    type: 'circle' as const,
    source: CLUSTERS,
    paint: {
      'circle-color': COLOURS.cluster,
      'circle-opacity': 0.85,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'count'], 15, 10, 19, 100, 24, 1000, 30],
    },
  },
  {
    id: 'points',
    type: 'circle' as const,
    source: DISPENSES,
    paint: {
      'circle-color': COLOURS.point,
      'circle-radius': 7,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'store-labels',
    type: 'symbol' as const,
    source: STORES,
    layout: {
      'text-field': ['get', 'code'],
      'text-font': FONT,
      'text-size': 11,
      'text-offset': [0, 1.1],
      'text-anchor': 'top',
      'text-padding': 2,
    },
    paint: { 'text-color': COLOURS.store, ...HALO },
  },
];

/** A focused record (a link from the list) is shown at this zoom: its own point, no cluster. */
export const FOCUS_ZOOM = 16;

export function storesCollection(stores: MapConfig['stores']) {
  return {
    type: 'FeatureCollection' as const,
    features: stores.map((s) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
      properties: { id: s.id, code: s.code, name: s.name },
    })),
  };
}

/** [[west, south], [east, north]] around the points (or null when there are none). */
export function boundsOf(coords: readonly (readonly [number, number])[]): [[number, number], [number, number]] | null {
  if (!coords.length) return null;
  let [w, s] = coords[0];
  let [e, n] = coords[0];
  for (const [x, y] of coords) {
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return [
    [w, s],
    [e, n],
  ];
}

/** Where to look first: the matching dispenses (the answer's extent), else the stores. */
export function initialBounds(extent: Bounds | null, stores: MapConfig['stores']) {
  return extent
    ? boundsOf([
        [extent[0], extent[1]],
        [extent[2], extent[3]],
      ])
    : boundsOf(stores.map((s) => [s.lng, s.lat] as const));
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
