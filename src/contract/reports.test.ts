import { describe, expect, it } from 'vitest';
import {
  REPORT_IDS,
  REPORTS,
  ReportParams,
  lineCells,
  linesOf,
  undeclaredFilters,
  withTotals,
  type ReportDeclaration,
} from './reports';

const decl: Pick<ReportDeclaration, 'subtotalBy' | 'sums' | 'columns'> = {
  subtotalBy: ['store'],
  sums: ['litres', 'cost'],
  columns: [
    { key: 'store', title: 'Store', kind: 'code', name: 'storeName' },
    { key: 'product', title: 'Product', kind: 'code' },
    { key: 'litres', title: 'Litres', kind: 'litres', decimals: 2 },
    { key: 'cost', title: 'Cost', kind: 'money' },
  ],
};

describe('report totals', () => {
  it('gives the same lines from batches (a cursor) as from the whole run (ADR 058)', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({
      store: `S${Math.floor(i / 4)}`,
      storeName: 'x',
      product: `P${i % 2}`,
      litres: 1.11 * i,
      cost: 0.5 * i,
    }));
    async function* batches() {
      for (let i = 0; i < rows.length; i += 2) yield rows.slice(i, i + 2);
    }
    const streamed = [];
    for await (const l of linesOf(decl, batches())) streamed.push(l);
    expect(streamed).toEqual(withTotals(decl, rows));
  });

  it('adds a subtotal after each group and a total last, exact to the cent', () => {
    const rows = [
      { store: 'N1', storeName: 'North', product: 'D50', litres: 0.1, cost: 0.1 },
      { store: 'N1', storeName: 'North', product: 'ULP', litres: 0.2, cost: 0.2 },
      { store: 'S2', storeName: 'South', product: 'D50', litres: 10.35, cost: 200.05 },
    ];
    const lines = withTotals(decl, rows);
    expect(lines.map((l) => l.kind)).toEqual(['row', 'row', 'subtotal', 'row', 'subtotal', 'total']);
    expect(lines[2].values).toEqual({ store: 'N1', storeName: 'North', litres: 0.3, cost: 0.3 });
    expect(lines[4].values).toEqual({ store: 'S2', storeName: 'South', litres: 10.35, cost: 200.05 });
    expect(lines[5].values).toEqual({ litres: 10.65, cost: 200.35 });
  });

  it('gives an empty run a zero total, and a report without sums no total', () => {
    expect(withTotals(decl, [])).toEqual([{ kind: 'total', values: { litres: 0, cost: 0 } }]);
    expect(withTotals({ ...decl, sums: [], subtotalBy: undefined }, [{ store: 'N1' }])).toEqual([
      { kind: 'row', values: { store: 'N1' } },
    ]);
  });
});

describe('report subtotals on two levels (store → product)', () => {
  const two: Pick<ReportDeclaration, 'subtotalBy' | 'sums' | 'columns'> = {
    ...decl,
    subtotalBy: ['store', 'product'],
    columns: [...decl.columns.slice(0, 2), { key: 'tank', title: 'Tank', kind: 'code' }, ...decl.columns.slice(2)],
  };
  const rows = [
    { store: 'N1', storeName: 'North', product: 'D50', tank: 'T1', litres: 100.005, cost: 150.01 },
    { store: 'N1', storeName: 'North', product: 'D50', tank: 'T2', litres: 0.1, cost: 0.1 },
    { store: 'N1', storeName: 'North', product: 'ULP', tank: 'T3', litres: 0.2, cost: 0.2 },
    { store: 'S2', storeName: 'South', product: 'D50', tank: 'T9', litres: 10.35, cost: 200.05 },
  ];

  it('closes the inner group before the outer one, each with its own sums, and the total adds the rows once', () => {
    const lines = withTotals(two, rows);
    // ULP at N1 and D50 at S2 are one row each: no product subtotal repeats them; stores always close.
    expect(lines.map((l) => (l.kind === 'subtotal' ? `sub${l.level}` : l.kind))).toEqual([
      'row',
      'row',
      'sub1',
      'row',
      'sub0',
      'row',
      'sub0',
      'total',
    ]);
    expect(lines[2].values).toEqual({ store: 'N1', storeName: 'North', product: 'D50', litres: 100.11, cost: 150.11 });
    expect(lines[4].values).toEqual({ store: 'N1', storeName: 'North', litres: 100.31, cost: 150.31 });
    expect(lines[6].values).toEqual({ store: 'S2', storeName: 'South', litres: 10.35, cost: 200.05 });
    expect(lines[7].values).toEqual({ litres: 110.66, cost: 350.36 });
  });

  it('starts a new inner group when only the outer value changes (same product in the next store)', () => {
    const twice = (r: Record<string, unknown>) => [r, { ...r, tank: 'T0' }];
    const lines = withTotals(two, [...twice(rows[0]), ...twice(rows[3])]);
    const subtotals = lines.filter((l) => l.kind === 'subtotal');
    expect(subtotals.map((l) => [l.level, l.values.store, l.values.product, l.values.litres])).toEqual([
      [1, 'N1', 'D50', 200.02],
      [0, 'N1', undefined, 200.02],
      [1, 'S2', 'D50', 20.7],
      [0, 'S2', undefined, 20.7],
    ]);
  });

  it("reads '<value> subtotal' in the level's own column, the outer level's value beside it", () => {
    const lines = withTotals(two, rows);
    const text = (c: { key: string }, v: Record<string, unknown>) => String(v[c.key] ?? '');
    expect(lineCells(two, lines[2], text)).toEqual(['N1', 'D50 subtotal', '', '100.11', '150.11']);
    expect(lineCells(two, lines[4], text)).toEqual(['N1 subtotal', '', '', '100.31', '150.31']);
    expect(lineCells(two, lines[7], text)).toEqual(['Total', '', '', '110.66', '350.36']);
  });
});

describe('run-time filters', () => {
  it('are refused where the report does not declare them', () => {
    const id = '5f0c6a7e-1b2c-4d3e-8f90-123456789abc';
    expect(undeclaredFilters({ filters: ['storeId'] }, { storeId: id })).toBeNull();
    expect(undeclaredFilters({ filters: ['storeId'] }, { storeId: id, employeeId: id })).toEqual({
      employeeId: ['This report has no employee filter'],
    });
  });
});

describe('report declarations', () => {
  it('are unique, and sum and break only on their own columns', () => {
    expect(REPORTS.map((r) => r.id).sort()).toEqual([...REPORT_IDS].sort());
    for (const r of REPORTS) {
      const keys = r.columns.map((c) => c.key);
      for (const k of r.sums) expect(keys, `${r.id} sums ${k}`).toContain(k);
      for (const by of r.subtotalBy ?? []) expect(keys, `${r.id} breaks on ${by}`).toContain(by);
      for (const k of r.sums) expect(['litres', 'money', 'number']).toContain(r.columns.find((c) => c.key === k)!.kind);
    }
  });

  it('need both days of a custom range, in order', () => {
    expect(ReportParams.safeParse({ range: 'custom', from: '2026-01-01' }).error?.issues[0].path).toEqual(['to']);
    expect(ReportParams.safeParse({ range: 'custom', from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(ReportParams.safeParse({ range: 'custom', from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(ReportParams.parse({})).toEqual({ range: 'lastMonth', days: 30 });
    expect(ReportParams.safeParse({ range: 'lastMonth', sql: 'drop' }).success).toBe(false);
  });
});

describe('report settings (ADR 035)', () => {
  it('take relative default periods only, and an empty display name is none', async () => {
    const { ReportSettingUpdate } = await import('./report-settings');
    expect(ReportSettingUpdate.parse({ hidden: false, displayName: '  ', defaults: { range: 'lastWeek' } })).toEqual({
      hidden: false,
      displayName: null,
      defaults: { range: 'lastWeek' },
    });
    const bad = ReportSettingUpdate.safeParse({ hidden: false, defaults: { range: 'custom', from: '2026-01-01' } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['defaults', 'defaults.range']);
  });
});
