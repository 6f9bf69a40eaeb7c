import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, compactTick, drawChart, niceTicks } from './reports-pdf-chart';

describe('the PDF chart (ADR 064)', () => {
  it('ticks: round steps from zero (or below it) past the largest value', () => {
    expect(niceTicks(0, 180)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(12, 18_250)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(niceTicks(-120, 119)).toEqual([-150, -100, -50, 0, 50, 100, 150]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(0, 0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('tick labels read as the screen’s: one decimal below 10k, k and M above', () => {
    expect([0, 50, 950, 1500, 2000, 12_345, 1_250_000, -2500, 0.5].map(compactTick)).toEqual([
      '0',
      '50',
      '950',
      '1.5k',
      '2k',
      '12k',
      '1.3M',
      '-2.5k',
      '0.5',
    ]);
  });

  it('draws bars and lines within its box, many points included', () => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape' });
    const bars = { kind: 'bar' as const, x: 'Store', y: 'Litres', points: [{ x: 'S1', y: 10 }] };
    expect(drawChart(doc, bars, 36, 80, 770)).toBe(CHART_HEIGHT);
    const many = Array.from({ length: 60 }, (_, i) => ({ x: `A very long store name ${i}`, y: i - 20 }));
    expect(drawChart(doc, { ...bars, points: many }, 36, 80, 770)).toBe(CHART_HEIGHT);
    const days = Array.from({ length: 31 }, (_, i) => ({ x: `2026-10-${String(i + 1).padStart(2, '0')}`, y: i }));
    expect(drawChart(doc, { kind: 'line', x: 'Day', y: 'Litres', points: days }, 36, 80, 770)).toBe(CHART_HEIGHT);
    // The text cursor is left where it was drawn from (save/restore), the page not broken.
    expect(doc.bufferedPageRange().count).toBe(1);
    doc.end();
  });
});
