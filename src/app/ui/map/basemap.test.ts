import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseMapFrom, cutAtAntimeridian, labelPoint, placeMinZoom } from './basemap';

const world = JSON.parse(
  fs.readFileSync(new URL('../../../../node_modules/world-atlas/countries-110m.json', import.meta.url), 'utf8'),
);

describe('the base map from Natural Earth', () => {
  const base = baseMapFrom(world);

  it('has land, a coastline, borders and one named place per country', () => {
    expect(base.land.features.length).toBeGreaterThan(150);
    expect(base.coastline.geometry.coordinates.length).toBeGreaterThan(100);
    expect(base.borders.geometry.coordinates.length).toBeGreaterThan(100);
    expect(base.places.features.map((f) => f.properties.name)).toContain('South Africa');
  });

  it('names a country at the centre of its largest piece, bigger countries from lower zooms', () => {
    const place = (name: string) => base.places.features.find((f) => f.properties.name === name)!;
    const [lng, lat] = place('France').geometry.coordinates;
    // Metropolitan France, not somewhere between it and French Guiana.
    expect(lng).toBeGreaterThan(-5);
    expect(lng).toBeLessThan(8);
    expect(lat).toBeGreaterThan(42);
    expect(lat).toBeLessThan(51);
    expect(place('Russia').properties.minzoom).toBe(1);
    expect(place('Russia').geometry.coordinates[0]).toBeGreaterThan(40);
    expect(place('Russia').geometry.coordinates[0]).toBeLessThan(140);
    expect(place('Lesotho').properties.minzoom).toBeGreaterThan(place('South Africa').properties.minzoom);
    expect(place('Russia').properties.rank).toBeLessThan(place('Lesotho').properties.rank);
  });

  it('draws no line across the world: no segment jumps the antimeridian', () => {
    for (const g of [base.coastline.geometry, base.borders.geometry]) {
      for (const line of g.coordinates)
        for (let i = 1; i < line.length; i++) expect(Math.abs(line[i][0] - line[i - 1][0])).toBeLessThanOrEqual(180);
    }
    expect(
      cutAtAntimeridian({
        type: 'MultiLineString',
        coordinates: [
          [
            [170, 0],
            [179.5, 1],
            [-179.5, 1],
            [-170, 0],
          ],
        ],
      }).coordinates,
    ).toEqual([
      [
        [170, 0],
        [179.5, 1],
      ],
      [
        [-179.5, 1],
        [-170, 0],
      ],
    ]);
  });

  it('labelPoint is the centroid of a square', () => {
    expect(
      labelPoint({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
            [0, 0],
          ],
        ],
      }),
    ).toEqual({ at: [1, 1], area: 4 });
    expect(placeMinZoom(1000)).toBe(1);
    expect(placeMinZoom(0.5)).toBe(5);
  });
});
