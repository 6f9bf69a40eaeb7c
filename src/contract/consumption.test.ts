import { describe, expect, it } from 'vitest';
import { consumptionOutliers, consumptionSeries, type Fill } from './consumption';

const DAY = 86_400_000;
/** A truck doing `km` between fills, using `l100` L/100 km, its fills off by a fixed ±4 % pattern. */
function truck(n: number, km: number, l100: number, extra: (i: number) => number = () => 1): Fill[] {
  let meter = 100_000;
  return Array.from({ length: n }, (_, i) => {
    meter += km;
    const wobble = 1 + (((i * 37) % 9) - 4) / 100;
    return {
      id: `f${i}`,
      at: Date.UTC(2026, 0, 1) + (i * DAY) / 2,
      litres: ((km * l100) / 100) * wobble * extra(i),
      meter,
      meterType: 'km' as const,
    };
  });
}

describe('consumption per fill', () => {
  it('is litres over the distance since the last fill (L/100 km; L/h for hour meters)', () => {
    const s = consumptionSeries([
      { id: 'a', at: 0, litres: 100, meter: 1000, meterType: 'km' },
      { id: 'b', at: 1, litres: 150, meter: 1500, meterType: 'km' },
      { id: 'c', at: 2, litres: 10, meter: 1500, meterType: 'km' }, // meter did not move: no rate
      { id: 'd', at: 3, litres: 60, meter: 1700, meterType: 'km' },
    ]);
    expect(s.map((p) => [p.id, p.distance, p.rate])).toEqual([
      ['b', 500, 30],
      ['d', 200, 30],
    ]);
    expect(
      consumptionSeries([
        { id: 'a', at: 0, litres: 1, meter: 10, meterType: 'hours' },
        { id: 'b', at: 1, litres: 24, meter: 12, meterType: 'hours' },
      ])[0].rate,
    ).toBe(12);
  });
});

describe('consumption outliers', () => {
  it('a regular truck raises nothing', () => {
    const fills = truck(300, 400, 35);
    expect(consumptionOutliers(consumptionSeries(fills), fills[150].at)).toEqual([]);
  });

  it('a theft that goes on for weeks is flagged on every fill, against the year before it', () => {
    // From fill 250 on, 40 % more fuel per fill for the same distance (75 days at two fills a day).
    const fills = truck(400, 400, 35, (i) => (i >= 250 ? 1.4 : 1));
    const out = consumptionOutliers(consumptionSeries(fills), fills[230].at);
    expect(out.map((o) => o.id)).toEqual(fills.slice(250).map((f) => f.id));
    expect(out[0]).toMatchObject({ baseline: expect.closeTo(35, 0), excess: expect.closeTo(0.4, 1) });
  });

  it('one big fill among normal ones is flagged; a small rise and low fills (partial) are not', () => {
    const fills = truck(60, 400, 35, (i) => (i === 40 ? 1.5 : i === 45 ? 1.1 : i === 50 ? 0.5 : 1));
    expect(consumptionOutliers(consumptionSeries(fills), fills[30].at).map((o) => o.id)).toEqual(['f40']);
  });

  it('needs ten earlier fills for a baseline, and only judges fills since the given time', () => {
    const fills = truck(12, 400, 35, (i) => (i === 11 ? 2 : 1));
    // Ten rates (fills 1–10) before fill 11: enough; nine (fills 1–9) before fill 10: not yet.
    expect(consumptionOutliers(consumptionSeries(fills), fills[11].at).map((o) => o.id)).toEqual(['f11']);
    expect(consumptionOutliers(consumptionSeries(fills), fills[10].at)).toEqual([]);
    expect(consumptionOutliers(consumptionSeries(fills), fills[11].at + 1)).toEqual([]);
  });

  it('forgets fills older than a year', () => {
    // 200 fills at 35, a 400-day gap, then 12 at 50: the old fills are no baseline for the last.
    const old = truck(200, 400, 35);
    const later = truck(12, 400, 50).map((f, i) => ({
      ...f,
      id: `n${i}`,
      at: old[199].at + 400 * DAY + i * DAY,
      meter: old[199].meter + (i + 1) * 400,
    }));
    expect(consumptionOutliers(consumptionSeries([...old, ...later]), later[11].at)).toEqual([]);
  });
});
