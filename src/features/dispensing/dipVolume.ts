import type { ReferenceData } from '@/contract/setup/reference';
import { volumeAtHeight } from '@/contract/setup/strapping-volume';
import { netLitres15, productDensity15 } from '@/contract/volume-correction';

/**
 * What a dip means in litres, worked out on the device from the cached strapping chart (so it
 * shows with no signal), the same way the server's reading store does: the chart's volume at the
 * liquid level, less the water under the product; net at 15 °C from the product's density. The
 * server recomputes it from its own chart when the dip arrives; this is the user's check.
 */
export interface DipVolume {
  /** Gross product litres; null when the height cannot be converted (see `problem`). */
  gross: number | null;
  water: number | null;
  net15: number | null;
  /** Why there is no volume: no chart, or a height outside it. Saving would be refused. */
  problem: string | null;
  /** The chart's range, for the helper text. */
  chartFrom: number | null;
  chartTo: number | null;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export function dipVolume(
  ref: ReferenceData,
  tankId: string,
  productHeightMm: number | undefined,
  waterHeightMm: number | null,
  temperatureC: number | null,
): DipVolume {
  const tank = ref.tanks.find((t) => t.id === tankId);
  const chart = tank?.strappingChart ?? [];
  const none = { gross: null, water: null, net15: null, chartFrom: null, chartTo: null };
  if (!tank) return { ...none, problem: null };
  if (chart.length < 2)
    return {
      ...none,
      problem:
        'This tank has no strapping chart, so a dip cannot be turned into litres. Ask the office to add the chart.',
    };
  const range = { chartFrom: chart[0].heightMm, chartTo: chart[chart.length - 1].heightMm };
  if (productHeightMm === undefined || Number.isNaN(productHeightMm)) return { ...none, ...range, problem: null };
  const total = volumeAtHeight(chart, productHeightMm);
  if (total === null) {
    return {
      ...none,
      ...range,
      problem: `${productHeightMm} mm is outside this tank's strapping chart (${range.chartFrom}–${range.chartTo} mm)`,
    };
  }
  const water = waterHeightMm && waterHeightMm > 0 ? volumeAtHeight(chart, waterHeightMm) : 0;
  const gross = Math.max(0, total - (water ?? 0));
  const product = ref.products.find((p) => p.id === tank.productId);
  const net15 = product ? netLitres15(gross, temperatureC, productDensity15(product)) : null;
  return {
    gross: r1(gross),
    water: water === null ? null : r1(water),
    net15: net15 === null ? null : r1(net15),
    problem: null,
    ...range,
  };
}
