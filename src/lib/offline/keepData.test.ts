import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '@/contract/setup/reference';
import type { ReferenceSnapshot } from './db';
import { keepData } from './keepData';

const snap = (etag: string | null, fetchedAt: number): ReferenceSnapshot => ({
  key: 'current',
  data: { stores: [] } as unknown as ReferenceData,
  fetchedAt,
  etag,
});

describe('keepData (the cached reference after a 304)', () => {
  it('keeps the data object of the same ETag, with the new fetchedAt', () => {
    const first = keepData(901, snap('"a"', 1));
    const again = keepData(901, snap('"a"', 2));
    expect(again.data).toBe(first.data);
    expect(again.fetchedAt).toBe(2);
  });

  it('takes the new data when the ETag changes, and per account', () => {
    const first = keepData(902, snap('"a"', 1));
    const changed = keepData(902, snap('"b"', 2));
    expect(changed.data).not.toBe(first.data);
    const other = keepData(903, snap('"b"', 3));
    expect(other.data).not.toBe(changed.data);
  });

  it('never keeps data without an ETag', () => {
    const first = keepData(904, snap(null, 1));
    expect(keepData(904, snap(null, 2)).data).not.toBe(first.data);
  });
});
