import { describe, expect, it } from 'vitest';
import {
  CustomReportCreate,
  customReportDeclaration,
  customSubtotalLevels,
  MAX_PUBLISH_ACCOUNTS,
  mayRunCustom,
} from './custom-reports';
import { isReportKey } from './report-keys';
import { withTotals } from './report-catalog';

const base = {
  title: 'Per store',
  dataset: 'dispenses',
  columns: [{ field: 'store' }, { field: 'litres', aggregate: 'sum' }, { field: 'id', aggregate: 'count' }],
  groupBy: ['store'],
};

describe('saved custom reports (ADR 045)', () => {
  it('keys: standard ids and custom:<uuid> only', () => {
    expect(isReportKey('fuel-by-cost-centre')).toBe(true);
    expect(isReportKey('custom:0b0c4a1e-2a55-4c3e-9d55-6c0b3f1e2a10')).toBe(true);
    expect(isReportKey('custom:1 or 1=1')).toBe(false);
    expect(isReportKey('custom:')).toBe(false);
    expect(isReportKey('nope')).toBe(false);
  });

  it('validates the declaration with the publishing fields; published needs roles', () => {
    expect(CustomReportCreate.safeParse(base).success).toBe(true);
    const r = CustomReportCreate.safeParse({ ...base, published: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain('roles');
    const twice = CustomReportCreate.safeParse({ ...base, columns: [...base.columns, { field: 'store' }] });
    expect(twice.error!.issues.map((i) => i.message)).toContain('store is chosen twice');
  });

  it('becomes an engine declaration: titled columns, sums and counts in the total', () => {
    const d = customReportDeclaration('0b0c4a1e-2a55-4c3e-9d55-6c0b3f1e2a10', CustomReportCreate.parse(base));
    expect(d.id).toBe('custom:0b0c4a1e-2a55-4c3e-9d55-6c0b3f1e2a10');
    expect(d.columns.map((c) => [c.key, c.title, c.kind])).toEqual([
      ['store', 'Store', 'text'],
      ['sum_litres', 'Litres (total)', 'litres'],
      ['count_id', 'Id (count)', 'number'],
    ]);
    expect(d.sums).toEqual(['sum_litres', 'count_id']);
    const lines = withTotals(d, [
      { store: 'A', sum_litres: 0.1, count_id: 1 },
      { store: 'B', sum_litres: 0.2, count_id: 2 },
    ]);
    expect(lines.at(-1)).toEqual({ kind: 'total', values: { sum_litres: 0.3, count_id: 3 } });
  });

  it('runs for builders, the owner and the published roles only', () => {
    const r = { ownerId: 7, published: false, roles: ['manager'] };
    expect(mayRunCustom(r, { userId: 7, roles: ['admin'] })).toBe(true);
    expect(mayRunCustom(r, { userId: 8, roles: ['ThebigBoss'] })).toBe(true);
    expect(mayRunCustom(r, { userId: 8, roles: ['manager', 'FAMS'] })).toBe(false);
    expect(mayRunCustom({ ...r, published: true }, { userId: 8, roles: ['manager', 'FAMS'] })).toBe(true);
    expect(mayRunCustom({ ...r, published: true }, { userId: 8, roles: ['admin'] })).toBe(false);
  });
});

describe('custom reports at run time (ADR 050)', () => {
  const id = '11111111-2222-4333-8444-555555555555';
  it("offer their dataset's filters, as a standard report offers its own", () => {
    expect(customReportDeclaration(id, { ...base, dataset: 'dispenses' } as never).filters).toEqual([
      'storeId',
      'productId',
      'tankId',
      'equipmentId',
      'costCentreId',
      'employeeId',
    ]);
    const receipts = {
      ...base,
      dataset: 'receipts',
      columns: [{ field: 'store' }, { field: 'id', aggregate: 'count' }],
    };
    expect(customReportDeclaration(id, receipts as never).filters).toEqual(['storeId', 'productId', 'tankId']);
  });

  it('subtotal every grouping level but the last that is shown as a column, outermost first', () => {
    const cols = (...f: string[]) => [...f.map((field) => ({ field })), { field: 'litres', aggregate: 'sum' as const }];
    expect(
      customSubtotalLevels({ columns: cols('store', 'product', 'fleetNo'), groupBy: ['store', 'product', 'fleetNo'] }),
    ).toEqual(['store', 'product']);
    expect(customSubtotalLevels({ columns: cols('store'), groupBy: ['store'] })).toEqual([]);
    // A level not shown stops the levels: its subtotal line could not say which group it closes.
    expect(
      customSubtotalLevels({ columns: cols('store', 'fleetNo'), groupBy: ['store', 'product', 'fleetNo'] }),
    ).toEqual(['store']);
    expect(
      customSubtotalLevels({ columns: cols('product', 'fleetNo'), groupBy: ['store', 'product', 'fleetNo'] }),
    ).toEqual([]);
    const d = customReportDeclaration(id, {
      ...base,
      columns: cols('costCentre', 'fleetNo'),
      groupBy: ['costCentre', 'fleetNo'],
    } as never);
    expect(d.subtotalBy).toEqual(['costCentre']);
    const lines = withTotals(d, [
      { costCentre: 'A', fleetNo: 'T1', sum_litres: 10 },
      { costCentre: 'A', fleetNo: 'T2', sum_litres: 5.5 },
      { costCentre: 'B', fleetNo: 'T3', sum_litres: 1 },
    ]);
    expect(lines.filter((l) => l.kind !== 'row').map((l) => l.values)).toEqual([
      { costCentre: 'A', sum_litres: 15.5 },
      { costCentre: 'B', sum_litres: 1 },
      { sum_litres: 16.5 },
    ]);
  });
});

describe('custom reports published to other accounts (ADR 064)', () => {
  const issues = (v: object) =>
    (CustomReportCreate.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('takes account ids, only for a published report, at most MAX_PUBLISH_ACCOUNTS', () => {
    const ok = CustomReportCreate.parse({ ...base, published: true, roles: ['manager'], accounts: [3, 2] });
    expect(ok.accounts).toEqual([3, 2]);
    expect(CustomReportCreate.parse(base).accounts).toEqual([]);
    expect(issues({ accounts: [2] })).toEqual([['accounts', 'Publish the report to choose accounts']]);
    expect(issues({ published: true, roles: ['manager'], accounts: ['North'] }).map(([p]) => p)).toEqual([
      'accounts.0',
    ]);
    expect(issues({ published: true, roles: ['manager'], accounts: [0] }).map(([p]) => p)).toEqual(['accounts.0']);
    const many = Array.from({ length: MAX_PUBLISH_ACCOUNTS + 1 }, (_, i) => i + 1);
    expect(issues({ published: true, roles: ['manager'], accounts: many })).toEqual([
      ['accounts', `At most ${MAX_PUBLISH_ACCOUNTS} accounts`],
    ]);
  });
});
