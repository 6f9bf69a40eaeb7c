import { describe, expect, it } from 'vitest';
import { strappingChartIssues, volumeAtHeight } from '../../src/contract/setup/strapping';
import { cylinderChart } from './strapping';

describe('cylinderChart', () => {
  it.each([2_000, 23_000, 50_000, 83_000])('makes a valid chart for %i L ending at the capacity', (capacity) => {
    const chart = cylinderChart(capacity);
    expect(chart.length).toBeGreaterThan(10);
    expect(strappingChartIssues(chart, capacity)).toEqual([]);
    expect(chart[chart.length - 1].litres).toBe(capacity);
    // Half the diameter holds half the volume (symmetry of a cylinder).
    const half = volumeAtHeight(chart, chart[chart.length - 1].heightMm / 2)!;
    expect(Math.abs(half - capacity / 2) / capacity).toBeLessThan(0.01);
  });
});
