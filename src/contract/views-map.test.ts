import { describe, expect, it } from 'vitest';
import { BboxParam, cellOf, cellsPerAxis, viewportOf } from './views-map';

describe('the GPS grid', () => {
  it('has 64 px cells: 4 per 256 px tile side', () => {
    expect(cellsPerAxis(0)).toBe(4);
    expect(cellsPerAxis(10)).toBe(4096);
  });

  it("puts a point in its Web Mercator cell, the world's edges included", () => {
    expect(cellOf(0.001, 0.001, 0)).toEqual([2, 1]);
    expect(cellOf(-180, 85.05, 1)).toEqual([0, 0]);
    expect(cellOf(180, -90, 1)).toEqual([7, 7]);
    // Johannesburg at zoom 10: two points 20 m apart share a cell; 50 km away is another.
    expect(cellOf(28.0, -26.1, 10)).toEqual(cellOf(28.0, -26.10018, 10));
    expect(cellOf(28.35, -25.75, 10)).not.toEqual(cellOf(28.0, -26.1, 10));
  });
});

describe('the viewport', () => {
  it('is clamped to the world and its zoom rounded down', () => {
    expect(viewportOf(-400, -95, 400, 95, 0.7)).toEqual({ bbox: '-180,-90,180,90', zoom: 0 });
    expect(viewportOf(27.123456, -26.5, 28.5, -25.9, 9.99)).toEqual({ bbox: '27.12346,-26.5,28.5,-25.9', zoom: 9 });
    // Across the antimeridian: west stays greater than east.
    expect(viewportOf(170, -10, 190, 10, 4)).toEqual({ bbox: '170,-10,-170,10', zoom: 4 });
    expect(viewportOf(100, -10, 180, 10, 4).bbox).toBe('100,-10,180,10');
  });

  it('bbox parses four numbers in range, south not above north', () => {
    expect(BboxParam.parse('170,-10,-170,10')).toEqual([170, -10, -170, 10]);
    for (const bad of ['1,2,3', '0,10,5,-10', '0,0,200,10', 'a,b,c,d', '1,2,,4'])
      expect(BboxParam.safeParse(bad).success, bad).toBe(false);
  });
});
