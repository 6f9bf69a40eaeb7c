import type { FUEL_GROUPS } from './setup/products';

/**
 * Volume correction to 15 °C for refined products: API MPMS Chapter 11.1 (1980) / ASTM D1250 /
 * IP 200, Table 54B "Generalized Products — correction of volume to 15 °C against density at
 * 15 °C". The 1980 tables are generated from
 *
 *   α15 = K0 / ρ15² + K1 / ρ15           (ρ15 in kg/m³)
 *   VCF = exp(−α15 · Δt · (1 + 0.8 · α15 · Δt)),   Δt = t − 15 °C
 *
 * with K0/K1 per density band (gasolines, jet fuels, fuel oils) and, in the transition band between
 * gasolines and jet fuels, α15 = A + B / ρ15². The printed tables round VCF to 4 decimals (5 in
 * the 2004 revision); we return the unrounded value and round volumes to the litre's 3 decimals.
 * The bands below are the metric Table 54B's: 653–770, 770–778 (transition), 778–839, 839–1075
 * kg/m³. Outside 653–1075 the table does not apply and there is no correction (null).
 */
export interface Table54bBand {
  name: 'gasoline' | 'transition' | 'jet' | 'fuel_oil';
  /** Inclusive lower density bound, kg/m³. */
  from: number;
  /** Exclusive upper bound (the last band's is inclusive). */
  to: number;
  alpha: (rho: number) => number;
}

const k = (k0: number, k1: number) => (rho: number) => k0 / (rho * rho) + k1 / rho;

export const TABLE_54B_BANDS: readonly Table54bBand[] = [
  { name: 'gasoline', from: 653, to: 770, alpha: k(346.4228, 0.4388) },
  { name: 'transition', from: 770, to: 778, alpha: (rho) => -0.00336312 + 2680.3206 / (rho * rho) },
  { name: 'jet', from: 778, to: 839, alpha: k(594.5418, 0) },
  { name: 'fuel_oil', from: 839, to: 1075, alpha: k(186.9696, 0.4862) },
];

export const TABLE_54B_DENSITY_MIN = 653;
export const TABLE_54B_DENSITY_MAX = 1075;
/** Temperatures the tables cover (−50 to 150 °C for fuel oils; we accept the widest range). */
export const VCF_TEMPERATURE_MIN = -50;
export const VCF_TEMPERATURE_MAX = 150;

export function table54bBand(density15: number): Table54bBand | null {
  if (!(density15 >= TABLE_54B_DENSITY_MIN && density15 <= TABLE_54B_DENSITY_MAX)) return null;
  return (
    TABLE_54B_BANDS.find((b) => density15 >= b.from && density15 < b.to) ?? TABLE_54B_BANDS[TABLE_54B_BANDS.length - 1]
  );
}

/** Table 54B volume correction factor; null when the density or temperature is outside the table. */
export function vcf15(density15: number, temperatureC: number): number | null {
  const band = table54bBand(density15);
  if (!band || !(temperatureC >= VCF_TEMPERATURE_MIN && temperatureC <= VCF_TEMPERATURE_MAX)) return null;
  const alpha = band.alpha(density15);
  const dt = temperatureC - 15;
  return Math.exp(-alpha * dt * (1 + 0.8 * alpha * dt));
}

type FuelGroup = (typeof FUEL_GROUPS)[number];

/**
 * Density at 15 °C used when a product has none: typical values of each group (EN 228 petrol
 * 720–775, EN 590 diesel 820–845, Jet A-1 775–840, marine/heating fuel oil ≈ 960). Lubricants are
 * Table 54D's, not 54B's, and "other" is unknown: neither is corrected without a density.
 */
export const DEFAULT_DENSITY15: Record<FuelGroup, number | null> = {
  gasoline: 745,
  diesel: 840,
  jet: 800,
  fuel_oil: 960,
  lubricant: null,
  other: null,
};

/** The density to correct a product's volumes with: its own, else its group's default. */
export function productDensity15(p: { density15: number | null; fuelGroup: FuelGroup }): number | null {
  if (p.fuelGroup === 'lubricant') return null;
  return p.density15 ?? DEFAULT_DENSITY15[p.fuelGroup];
}

/** Gross litres at the observed temperature → litres at 15 °C (3 decimals), or null. */
export function netLitres15(
  grossLitres: number,
  temperatureC: number | null | undefined,
  density15: number | null,
): number | null {
  if (temperatureC === null || temperatureC === undefined || density15 === null) return null;
  const f = vcf15(density15, temperatureC);
  return f === null ? null : Math.round(grossLitres * f * 1000) / 1000;
}
