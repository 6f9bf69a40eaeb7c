import type { Bounds, MapConfig } from '@/contract/views';
import { BASE_COLOURS, boundsOf, FONT, HALO } from '@/app/ui/map/style';

/** The GPS map's data layers and colours (plain data; the base map is `@/app/ui/map`). */
export const COLOURS = {
  point: '#0072B2',
  cluster: '#0072B2',
  store: '#D55E00',
  ...BASE_COLOURS,
} as const;

export const DISPENSES = 'dispenses';
export const CLUSTERS = 'clusters';
export const STORES = 'stores';

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

/** Where to look first: the matching dispenses (the answer's extent), else the stores. */
export function initialBounds(extent: Bounds | null, stores: MapConfig['stores']) {
  return extent
    ? boundsOf([
        [extent[0], extent[1]],
        [extent[2], extent[3]],
      ])
    : boundsOf(stores.map((s) => [s.lng, s.lat] as const));
}
