import { describe, expect, it } from 'vitest';
import { parseStrappingCsv, strappingChartIssues, volumeAtHeight } from './strapping';
import { TankCreate } from './tanks';

describe('strappingChartIssues', () => {
  it('accepts a valid chart and no chart', () => {
    expect(
      strappingChartIssues(
        [
          { heightMm: 0, litres: 0 },
          { heightMm: 10, litres: 5 },
        ],
        5,
      ),
    ).toEqual([]);
    expect(strappingChartIssues([], 5)).toEqual([]);
  });

  it('names the offending row', () => {
    const issues = strappingChartIssues(
      [
        { heightMm: 0, litres: 0 },
        { heightMm: 100, litres: 50 },
        { heightMm: 100, litres: 60 },
        { heightMm: 200, litres: 40 },
        { heightMm: 300, litres: 120 },
      ],
      100,
    );
    expect(issues.map((i) => i.path.join('.'))).toEqual(['2.heightMm', '3.litres', '4.litres']);
  });

  it('needs two rows', () => {
    expect(strappingChartIssues([{ heightMm: 0, litres: 0 }])).toEqual([
      { path: [], message: expect.stringMatching(/at least 2/) },
    ]);
  });

  it('flows into the tank schema as strappingChart.<row>.<field>', () => {
    const r = TankCreate.safeParse({
      storeId: crypto.randomUUID(),
      productId: crypto.randomUUID(),
      code: 'T',
      name: 'T',
      capacity: 100,
      safeFill: 90,
      lowLevel: 10,
      strappingChart: [
        { heightMm: 0, litres: 0 },
        { heightMm: 0, litres: 10 },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['strappingChart.1.heightMm']);
    const empty = TankCreate.parse({
      storeId: crypto.randomUUID(),
      productId: crypto.randomUUID(),
      code: 'T',
      name: 'T',
      capacity: 100,
      safeFill: 90,
      lowLevel: 10,
      strappingChart: [],
    });
    expect(empty.strappingChart).toBeNull();
  });
});

describe('volumeAtHeight', () => {
  const chart = [
    { heightMm: 0, litres: 0 },
    { heightMm: 100, litres: 1000 },
    { heightMm: 200, litres: 3000 },
  ];
  it('interpolates linearly and refuses heights outside the chart', () => {
    expect(volumeAtHeight(chart, 50)).toBe(500);
    expect(volumeAtHeight(chart, 150)).toBe(2000);
    expect(volumeAtHeight(chart, 200)).toBe(3000);
    expect(volumeAtHeight(chart, 201)).toBeNull();
    expect(volumeAtHeight([], 10)).toBeNull();
  });
});

describe('parseStrappingCsv', () => {
  it('reads comma lines with a header', () => {
    expect(parseStrappingCsv('height,litres\n0,0\n100,1000.5\n\n200,3000\n')).toEqual({
      rows: [
        { heightMm: 0, litres: 0 },
        { heightMm: 100, litres: 1000.5 },
        { heightMm: 200, litres: 3000 },
      ],
      errors: [],
    });
  });

  it('reads semicolons and tabs with decimal commas, and a BOM', () => {
    expect(parseStrappingCsv('\uFEFFHöhe;Liter\r\n0;0\r\n100;1000,5').rows).toEqual([
      { heightMm: 0, litres: 0 },
      { heightMm: 100, litres: 1000.5 },
    ]);
    expect(parseStrappingCsv('0\t0\n100\t1 000,5').rows).toEqual([
      { heightMm: 0, litres: 0 },
      { heightMm: 100, litres: 1000.5 },
    ]);
  });

  it('reports bad lines by number and keeps the good ones', () => {
    const r = parseStrappingCsv('0,0\n100\nabc,5\n200,x\n300,-1\n400,4000');
    expect(r.rows).toEqual([
      { heightMm: 0, litres: 0 },
      { heightMm: 400, litres: 4000 },
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.errors[0].message).toMatch(/Expected 2 values/);
    expect(r.errors[1].message).toMatch(/Height "abc"/);
    expect(r.errors[2].message).toMatch(/Litres "x"/);
    expect(r.errors[3].message).toMatch(/litres/);
  });

  it('only skips a header as the first data line', () => {
    const r = parseStrappingCsv('0,0\nheight,litres');
    expect(r.errors).toHaveLength(1);
  });
});
