import { z } from 'zod';

/**
 * The GPS map's viewport and its grid clusters (ADR 024). The server groups the dispenses in view
 * into square cells of a fixed grid in Web Mercator (the map's projection), CLUSTER_CELL_PX screen
 * pixels wide at the asked zoom: plain arithmetic on longitude and latitude, no PostGIS. A cell
 * holding one dispense is sent as that dispense; a cell holding several as a cluster with its
 * count, centre and extent. The grid is the same for every viewport at one zoom, so panning never
 * moves a cluster.
 */

/** A cell's width in screen pixels, whatever the zoom. */
export const CLUSTER_CELL_PX = 64;
/** From this zoom on, the map gets the dispenses in view one by one (the latest GPS_POINT_LIMIT). */
export const GPS_DETAIL_ZOOM = 15;
/** The highest zoom a map asks for. */
export const MAX_MAP_ZOOM = 22;
/** Web Mercator's latitude limit (the map cannot show beyond it). */
export const MERCATOR_MAX_LAT = 85.0511287798;

/** Cells along one axis of the world at `zoom` (tiles of 256 px). */
export const cellsPerAxis = (zoom: number) => (2 ** zoom * 256) / CLUSTER_CELL_PX;

/** 0 (west, −180°) … 1 (east, +180°). */
export const mercatorX = (lng: number) => (lng + 180) / 360;
/** 0 (north, MERCATOR_MAX_LAT) … 1 (south). */
export function mercatorY(lat: number): number {
  const φ = (Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)) * Math.PI) / 180;
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + φ / 2)) / (2 * Math.PI);
}

/** The cell of a point at `zoom`, as the server computes it: [column, row]. */
export function cellOf(lng: number, lat: number, zoom: number): [number, number] {
  const n = cellsPerAxis(zoom);
  return [Math.min(n - 1, Math.floor(mercatorX(lng) * n)), Math.min(n - 1, Math.floor(mercatorY(lat) * n))];
}

/** [west, south, east, north] in degrees. */
export const Bounds = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Bounds = z.infer<typeof Bounds>;

const coordinate = (min: number, max: number) => z.number().min(min).max(max);

/**
 * `bbox=west,south,east,north` (degrees): what the map shows. A west greater than east crosses the
 * antimeridian. Longitudes −180…180, latitudes −90…90, south ≤ north.
 */
export const BboxParam = z
  .string()
  .max(120)
  .transform((v, ctx) => {
    const parts = v.split(',').map((x) => (x.trim() === '' ? Number.NaN : Number(x)));
    const parsed = z
      .tuple([coordinate(-180, 180), coordinate(-90, 90), coordinate(-180, 180), coordinate(-90, 90)])
      .safeParse(parts);
    if (!parsed.success || parsed.data[1] > parsed.data[3]) {
      ctx.addIssue({ code: 'custom', message: 'Use bbox=west,south,east,north in degrees (south ≤ north)' });
      return z.NEVER;
    }
    return parsed.data as Bounds;
  });

export const ZoomParam = z.coerce.number().int('The zoom is a whole number').min(0).max(MAX_MAP_ZOOM);

export const GpsCluster = z.object({
  /** The cell, `zoom/column/row`: stable while the zoom stays. */
  id: z.string(),
  /** The mean position of its dispenses (where the cluster is drawn). */
  lng: z.number(),
  lat: z.number(),
  count: z.number().int(),
  /** The extent of its dispenses: a click zooms to it. */
  bounds: Bounds,
});
export type GpsCluster = z.infer<typeof GpsCluster>;

/**
 * The map's viewport for a request: the visible bounds clamped to the world (a map zoomed out
 * past one world width asks for everything) and the zoom rounded down, so a fraction of a zoom
 * step asks the same question.
 */
export function viewportOf(
  west: number,
  south: number,
  east: number,
  north: number,
  zoom: number,
): { bbox: string; zoom: number } {
  const z = Math.max(0, Math.min(MAX_MAP_ZOOM, Math.floor(zoom)));
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  if (east - west >= 360) return { bbox: `-180,${r(lat(south))},180,${r(lat(north))}`, zoom: z };
  const wrap = (v: number) => ((((v + 180) % 360) + 360) % 360) - 180;
  const e = wrap(east) === -180 && east > 0 ? 180 : wrap(east);
  return { bbox: [wrap(west), lat(south), e, lat(north)].map(r).join(','), zoom: z };
}
