/**
 * The base map's pieces that are plain data (no maplibre import, so a page can use them without
 * loading the map chunk), shared by every map of the app (the GPS views, the store locator). The
 * built-in style (`MAP_STYLE_URL` unset) is the sea as a background; the land, coastlines, borders
 * and country names are added as GeoJSON layers from the Natural Earth file our server serves
 * (basemap.ts). It needs no tiles, glyph files or other hosts: text is drawn by maplibre from the
 * browser's own fonts when a style names no `glyphs` (ADR 024).
 */
export const BLANK_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#d5e5f0' } }],
};

export const BASE_COLOURS = {
  coastline: '#5f88a8',
  border: '#a08f8f',
  land: '#f3f0e8',
} as const;

export const BASE = {
  land: 'base-land',
  coastline: 'base-coastline',
  borders: 'base-borders',
  places: 'base-places',
} as const;
/** The base map's layer that tests look for (its features are drawn only once the file has loaded). */
export const COASTLINE_LAYER = 'coastline';

export const FONT = ['sans-serif'];
export const HALO = { 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };

/**
 * The base map's layers, bottom first; they go under the data layers. Country names are symbols:
 * maplibre drops a label that would collide with one already placed, larger countries first
 * (`symbol-sort-key`), and a country is named only from the zoom its size earns (`minzoom`).
 */
export const BASE_LAYERS = [
  { id: 'land', type: 'fill' as const, source: BASE.land, paint: { 'fill-color': BASE_COLOURS.land } },
  {
    id: 'borders',
    type: 'line' as const,
    source: BASE.borders,
    paint: {
      'line-color': BASE_COLOURS.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2],
      'line-dasharray': [3, 2],
    },
  },
  {
    id: COASTLINE_LAYER,
    type: 'line' as const,
    source: BASE.coastline,
    paint: {
      'line-color': BASE_COLOURS.coastline,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 8, 1.6],
    },
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

/** Can this browser draw WebGL at all? (maplibre needs it; without it the page says so.) */
export function hasWebGL(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}
