import { describe, expect, it } from 'vitest';
import { PivotQuery, isSystemDevice, isSystemReceipt, pivotCellsOk, roundMeasure } from './records';
import { CorrectionInput, ReverseInput, changedFields } from './record-corrections';

const original = {
  storeId: 'a',
  tankId: 'b',
  equipmentId: 'c',
  employeeId: null,
  costCentreId: 'd',
  litres: 30,
  meter: 1200.5,
  dispensedAt: '2026-10-05T10:00:00.000Z',
  note: '',
};

describe('changedFields', () => {
  it('names the fields that differ; the same instant in another notation is no change', () => {
    expect(changedFields(original, { ...original, dispensedAt: '2026-10-05T12:00:00+02:00' })).toEqual([]);
    expect(changedFields(original, { ...original, litres: 25, employeeId: 'e' })).toEqual(['employeeId', 'litres']);
    expect(changedFields(original, { ...original, meter: null })).toEqual(['meter']);
  });
});

describe('correction input', () => {
  const ok = {
    storeId: crypto.randomUUID(),
    tankId: crypto.randomUUID(),
    equipmentId: crypto.randomUUID(),
    litres: 25,
    dispensedAt: '2026-10-05T10:00:00Z',
    reason: 'Misread',
  };
  it('accepts a full correction and fills the optional fields', () => {
    expect(CorrectionInput.parse(ok)).toMatchObject({ employeeId: null, costCentreId: null, meter: null, note: '' });
  });
  it('needs a reason and positive litres with at most 3 decimals, and refuses unknown keys', () => {
    const r = CorrectionInput.safeParse({ ...ok, reason: ' x ', litres: 1.2345, colour: 'red' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.') || i.code);
    expect(paths).toEqual(expect.arrayContaining(['reason', 'litres', 'unrecognized_keys']));
    expect(ReverseInput.safeParse({ reason: 'ab' }).success).toBe(false);
  });
});

describe('pivot query', () => {
  it('takes whitelisted dimensions and measures only', () => {
    expect(PivotQuery.parse({ rows: 'store', cols: 'month' })).toMatchObject({ measure: 'litres' });
    expect(PivotQuery.safeParse({ rows: 'store; drop table dispenses' }).success).toBe(false);
    expect(PivotQuery.safeParse({ rows: 'day', cols: 'day' }).success).toBe(false);
    expect(PivotQuery.safeParse({ rows: 'day', from: '2026-10-05', to: '2026-10-01' }).success).toBe(false);
    expect(PivotQuery.safeParse({ rows: 'day', from: '2026-02-30' }).success).toBe(false);
    expect(PivotQuery.safeParse({ rows: 'day', from: '2028-02-29' }).success).toBe(true);
    expect(PivotQuery.safeParse({ rows: 'day', from: '2026-13-40' }).success).toBe(false);
  });
  it('caps the grid', () => {
    expect(pivotCellsOk(100, 200)).toBe(true);
    expect(pivotCellsOk(201, 100)).toBe(false);
    expect(pivotCellsOk(20_000, 0)).toBe(true);
  });
});

describe('helpers', () => {
  it('tells system device ids from devices', () => {
    expect(isSystemDevice('import:job-7')).toBe(true);
    expect(isSystemDevice('seed:demo-history')).toBe(true);
    expect(isSystemDevice('3f1c2a9e-0b7d-4c1e-9a55-2f0e6b1d7c44')).toBe(false);
    expect(isSystemDevice('importer')).toBe(false);
    expect(isSystemReceipt({ deviceId: 'demo-history', createdBy: 1 })).toBe(true);
    expect(isSystemReceipt({ deviceId: 'tablet-1', createdBy: 7 })).toBe(false);
  });
  it('rounds each measure to its unit', () => {
    expect(roundMeasure('litres', 1.23456)).toBe(1.235);
    expect(roundMeasure('cost', 10.005)).toBeCloseTo(10.01, 2);
    expect(roundMeasure('count', 2.0000001)).toBe(2);
  });
});
