import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '@/contract/setup/reference';
import { dipVolume } from './dipVolume';

/** A tank with a linear chart (0 mm → 0 L, 2000 mm → 10 000 L: 5 L/mm) of diesel at 840 kg/m³. */
const TANK = 'a0000000-0000-4000-8000-000000000001';
const BARE = 'a0000000-0000-4000-8000-000000000002';
const PRODUCT = 'b0000000-0000-4000-8000-000000000001';
const ref = {
  products: [
    { id: PRODUCT, code: 'D', name: 'Diesel', kind: 'fuel', unit: 'L', price: 1, fuelGroup: 'diesel', density15: 840 },
  ],
  tanks: [
    {
      id: TANK,
      storeId: 's',
      productId: PRODUCT,
      code: 'T1',
      name: 'Tank',
      capacity: 10_000,
      safeFill: 9500,
      lowLevel: 1000,
      strappingChart: [
        { heightMm: 0, litres: 0 },
        { heightMm: 2000, litres: 10_000 },
      ],
    },
    {
      id: BARE,
      storeId: 's',
      productId: PRODUCT,
      code: 'T2',
      name: 'No chart',
      capacity: 10_000,
      safeFill: 9500,
      lowLevel: 1000,
      strappingChart: null,
    },
  ],
} as unknown as ReferenceData;

describe('dipVolume', () => {
  it('the chart volume at the level less the water under it, and net at 15 °C', () => {
    // 1000 mm → 5000 L, water 20 mm → 100 L: 4900 L; VCF(840 kg/m³, 30 °C) = 0.98729637 (table 54B, as the reading
    // store).
    expect(dipVolume(ref, TANK, 1000, 20, 30)).toMatchObject({
      gross: 4900,
      water: 100,
      net15: 4837.8,
      problem: null,
      chartFrom: 0,
      chartTo: 2000,
    });
    expect(dipVolume(ref, TANK, 1000, null, null)).toMatchObject({ gross: 5000, water: 0, net15: null });
  });

  it('says why there is no volume: no chart, or a height outside it', () => {
    expect(dipVolume(ref, BARE, 1000, 0, 15)).toMatchObject({
      gross: null,
      problem: expect.stringMatching(/no strapping chart/),
    });
    expect(dipVolume(ref, TANK, 2100, 0, 15)).toMatchObject({
      gross: null,
      problem: expect.stringMatching(/outside.*0–2000 mm/),
    });
    expect(dipVolume(ref, TANK, undefined, 0, 15)).toMatchObject({ gross: null, problem: null });
    expect(dipVolume(ref, 'unknown', 100, 0, 15)).toMatchObject({ gross: null, problem: null });
  });
});
