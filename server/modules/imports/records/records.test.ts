import { describe, expect, it } from 'vitest';
import { IMPORT_TARGET_INFO, RECORD_IMPORT_TARGETS } from '../../../../src/contract/imports';
import { recordId } from './record-id';
import { recordTime } from './record-time';
import { RECORD_TARGETS } from './targets';

describe('history record targets', () => {
  it('report every error on a field the contract lists, and read every listed field', () => {
    for (const t of RECORD_IMPORT_TARGETS) {
      const names = IMPORT_TARGET_INFO[t].fields.map((f) => f.name);
      const used = new Set([
        ...Object.values(RECORD_TARGETS[t].inputs),
        ...RECORD_TARGETS[t].codes.map((c) => c.field),
      ]);
      for (const f of used) expect(names).toContain(f);
      for (const f of names) expect(used).toContain(f);
    }
  });
});

describe('record time', () => {
  it('reads a time without offset on the store’s wall clock', () => {
    expect(recordTime('2026-03-01 14:30', 'Africa/Johannesburg').value).toBe('2026-03-01T12:30:00.000Z');
    expect(recordTime('2026-03-01T14:30:05', 'Africa/Johannesburg').value).toBe('2026-03-01T12:30:05.000Z');
    // An XLSX date cell (reader.ts) and summer time in another zone.
    expect(recordTime('2026-07-01T08:00:00.250', 'Europe/London').value).toBe('2026-07-01T07:00:00.250Z');
  });
  it('takes a given offset as it is', () => {
    expect(recordTime('2026-03-01T14:30:00Z', 'Africa/Johannesburg').value).toBe('2026-03-01T14:30:00.000Z');
    expect(recordTime('2026-03-01 14:30 +0100', 'Africa/Johannesburg').value).toBe('2026-03-01T13:30:00.000Z');
    expect(recordTime('2026-03-01T14:30:00-05:00', 'UTC').value).toBe('2026-03-01T19:30:00.000Z');
  });
  it('refuses what is no date and time, in words', () => {
    for (const bad of ['', '2026-02-30 10:00', '2026-03-01', '01/03/2026 10:00', '2026-03-01 25:00'])
      expect(recordTime(bad, 'UTC').error).toBeTruthy();
    expect(recordTime('yesterday', 'UTC').error).toBe('“yesterday” is not a date and time (YYYY-MM-DD HH:MM)');
  });
});

describe('record id', () => {
  const rec = { tankId: 't', litres: 10 };
  it('is a stable UUID per account, kind and reference (else the values)', () => {
    const a = recordId(1, 'dispenses', 'R-1', rec);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(recordId(1, 'dispenses', 'R-1', { ...rec, litres: 11 })).toBe(a);
    expect(recordId(2, 'dispenses', 'R-1', rec)).not.toBe(a);
    expect(recordId(1, 'receipts', 'R-1', rec)).not.toBe(a);
    expect(recordId(1, 'dispenses', '', { litres: 10, tankId: 't' })).toBe(recordId(1, 'dispenses', '', rec));
    expect(recordId(1, 'dispenses', '', { ...rec, litres: 11 })).not.toBe(recordId(1, 'dispenses', '', rec));
  });
});
