import type { StrappingPoint } from '../../src/contract/setup/strapping';

/**
 * A plausible strapping chart for a horizontal cylindrical tank of `capacity` litres with a
 * length of `ratio` diameters: the segment area at each dip height times the length. Steps of
 * `stepMm`, the last row at the full diameter equals the capacity exactly.
 */
export function cylinderChart(capacity: number, ratio = 3, stepMm = 100): StrappingPoint[] {
  const volumeM3 = capacity / 1000;
  const d = Math.cbrt((4 * volumeM3) / (Math.PI * ratio)); // metres
  const r = d / 2;
  const length = ratio * d;
  const diameterMm = Math.round(d * 1000);
  const rows: StrappingPoint[] = [];
  for (let hMm = 0; hMm < diameterMm; hMm += stepMm) {
    const h = hMm / 1000;
    const area = r * r * Math.acos((r - h) / r) - (r - h) * Math.sqrt(Math.max(0, 2 * r * h - h * h));
    rows.push({ heightMm: hMm, litres: Math.round(area * length * 1000 * 10) / 10 });
  }
  rows.push({ heightMm: diameterMm, litres: capacity });
  // Rounding must not break the chart rules (non-decreasing, last = capacity).
  for (let i = 1; i < rows.length; i++)
    rows[i].litres = Math.min(capacity, Math.max(rows[i].litres, rows[i - 1].litres));
  return rows;
}
