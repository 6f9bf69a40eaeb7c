import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m admin-0 countries (world-atlas, TopoJSON): a file of our own build, served by
// our own server like the scripts, so the base map needs no network beyond it (ADR 024).
import worldUrl from 'world-atlas/countries-50m.json?url';

export interface PlaceProps {
  name: string;
  minzoom: number;
  rank: number;
}

export interface BaseMapData {
  /** Every country's shape: filled as land. */
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** Arcs that belong to one country only: the coastlines. */
  coastline: Feature<MultiLineString>;
  /** Arcs shared by two countries: the land borders. */
  borders: Feature<MultiLineString>;
  /** One label point per country, with the zoom from which it is shown. */
  places: FeatureCollection<Point, PlaceProps>;
}

type World = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Signed area (degrees²) and centroid of a ring (shoelace formula). */
function ringCentroid(ring: Position[]): { area: number; at: [number, number] } {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[i + 1];
    const c = x0 * y1 - x1 * y0;
    a += c;
    x += (x0 + x1) * c;
    y += (y0 + y1) * c;
  }
  if (a === 0) return { area: 0, at: [ring[0][0], ring[0][1]] };
  return { area: Math.abs(a / 2), at: [x / (3 * a), y / (3 * a)] };
}

/**
 * Where a country's name goes: the centre of its largest piece (France's name on France, not
 * between France and French Guiana), and how big the country is. Bigger countries are named from
 * lower zooms and win label collisions (the symbol sort key).
 */
export function labelPoint(g: Polygon | MultiPolygon): { at: [number, number]; area: number } {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  let best = { area: -1, at: [0, 0] as [number, number] };
  let total = 0;
  for (const p of polygons) {
    const c = ringCentroid(p[0]);
    total += c.area;
    if (c.area > best.area) best = c;
  }
  return { at: best.at, area: total };
}

/** The zoom from which a country of `area` degrees² is named. */
export const placeMinZoom = (area: number) => (area > 400 ? 1 : area > 60 ? 2 : area > 8 ? 3 : area > 1 ? 4 : 5);

const onAntimeridian = (p: Position) => Math.abs(p[0]) >= 179.999;

/**
 * Lines as the map can draw them: a segment that jumps across the antimeridian (Fiji, Chukotka)
 * would be drawn the long way round, as a line across the world, and the edges Natural Earth cuts
 * along ±180° are not coasts. Both end the line there.
 */
export function cutAtAntimeridian(g: MultiLineString): MultiLineString {
  const out: Position[][] = [];
  for (const line of g.coordinates) {
    let current: Position[] = [line[0]];
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1];
      const b = line[i];
      if (Math.abs(b[0] - a[0]) > 180 || (onAntimeridian(a) && onAntimeridian(b))) {
        if (current.length > 1) out.push(current);
        current = [];
      }
      current.push(b);
    }
    if (current.length > 1) out.push(current);
  }
  return { type: 'MultiLineString', coordinates: out };
}

/** A ring made continuous: longitudes shifted by 360° where it jumps the antimeridian (maplibre wraps them). */
export function unwrapRing(ring: Position[]): Position[] {
  let prev = ring[0][0];
  return ring.map(([x, y], i) => {
    const lng = i === 0 ? x : x + 360 * Math.round((prev - x) / 360);
    prev = lng;
    return [lng, y];
  });
}

function unwrapShape<G extends Polygon | MultiPolygon>(g: G): G {
  if (g.type === 'Polygon') return { ...g, coordinates: g.coordinates.map(unwrapRing) };
  return { ...g, coordinates: (g as MultiPolygon).coordinates.map((p) => p.map(unwrapRing)) };
}

export function baseMapFrom(world: World): BaseMapData {
  const countries = world.objects.countries;
  const raw = feature(world, countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  const land = {
    ...raw,
    features: raw.features.map((f) => (f.geometry ? { ...f, geometry: unwrapShape(f.geometry) } : f)),
  };
  const coastline = mesh(world, countries, (a, b) => a === b);
  const borders = mesh(world, countries, (a, b) => a !== b);
  const places: Feature<Point, PlaceProps>[] = land.features
    .filter((f) => f.geometry && f.properties?.name)
    .map((f) => {
      const { at, area } = labelPoint(f.geometry);
      const lng = ((((at[0] + 180) % 360) + 360) % 360) - 180;
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng, at[1]] },
        properties: { name: f.properties.name, minzoom: placeMinZoom(area), rank: -area },
      };
    });
  return {
    land,
    coastline: { type: 'Feature', geometry: cutAtAntimeridian(coastline), properties: {} },
    borders: { type: 'Feature', geometry: cutAtAntimeridian(borders), properties: {} },
    places: { type: 'FeatureCollection', features: places },
  };
}

let loading: Promise<BaseMapData> | null = null;

/** The base map, fetched once per page load (the file is cached by the browser like any build file). */
export function loadBaseMap(): Promise<BaseMapData> {
  loading ??= fetch(worldUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`The base map could not be loaded (${r.status})`);
      return r.json() as Promise<World>;
    })
    .then(baseMapFrom)
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}
