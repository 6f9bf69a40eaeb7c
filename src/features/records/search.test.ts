import { describe, expect, it } from 'vitest';
import { validatePivotSearch, validateRecordsSearch } from './search';

const id = '3f1c2a9e-0b7d-4c1e-9a55-2f0e6b1d7c44';

describe('record screens URL state', () => {
  it('keeps the list state and a drawer naming a record id; drops anything else', () => {
    expect(
      validateRecordsSearch({ page: '2', 'f.storeId': id, view: id, correct: 'x', reverse: 42, other: 'y' }),
    ).toEqual({ page: 2, 'f.storeId': id, view: id });
  });
  it('keeps only whitelisted pivot choices and real dates', () => {
    expect(
      validatePivotSearch({
        rows: 'store',
        cols: 'none',
        measure: 'cost',
        from: '2026-02-30',
        to: '2026-03-01',
        storeId: 'nope',
        x: 1,
      }),
    ).toEqual({ rows: 'store', cols: 'none', measure: 'cost', to: '2026-03-01' });
    expect(validatePivotSearch({ rows: 'drop table', cols: 'month' })).toEqual({ cols: 'month' });
  });
});
