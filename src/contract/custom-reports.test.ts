import { describe, expect, it } from 'vitest';
import { CustomReportDeclaration } from './custom-reports';

const base = {
  title: 'Litres per fleet no.',
  dataset: 'dispenses',
  columns: [{ field: 'fleetNo' }, { field: 'litres', aggregate: 'sum' }],
  groupBy: ['fleetNo'],
  sort: [{ field: 'litres', desc: true }],
};
const issues = (d: unknown) => {
  const r = CustomReportDeclaration.safeParse(d);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('custom report declarations', () => {
  it('accepts whitelisted fields with grouping and aggregates', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, columns: [{ field: 'id' }, { field: 'litres' }], groupBy: [], sort: [] })).toEqual([]);
  });

  it('refuses any field that is not declared for the dataset (no SQL gets in)', () => {
    expect(issues({ ...base, columns: [{ field: 'payload_hash' }], groupBy: [], sort: [] })).toEqual([
      'columns.0.field: "payload_hash" is not a field of dispenses',
    ]);
    expect(issues({ ...base, filters: [{ field: '1=1; drop table x', op: 'eq', value: 'x' }] })[0]).toMatch(
      /^filters.0.field: .* is not a field of dispenses$/,
    );
    // A field of another dataset is not one of this one.
    expect(issues({ ...base, groupBy: ['supplier'] })).toContain('groupBy.0: "supplier" is not a field of dispenses');
    expect(issues({ ...base, dataset: 'users' })[0]).toMatch(/^dataset: /);
  });

  it('refuses a sum of text, an ungrouped plain column, and a sort outside the groups', () => {
    expect(issues({ ...base, columns: [...base.columns, { field: 'store', aggregate: 'sum' }] })).toContain(
      'columns.2.aggregate: store is not a number',
    );
    expect(issues({ ...base, columns: [...base.columns, { field: 'store' }] })).toContain(
      'columns.2.field: store: group by it or aggregate it',
    );
    expect(issues({ ...base, sort: [{ field: 'day' }] })).toContain('sort.0.field: day is not a column of the groups');
  });
});
