import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { derivedId } from './records.sql';

describe('derived ids', () => {
  const id = '3f1c2a9e-0b7d-4c1e-9a55-2f0e6b1d7c44';
  it('are valid UUIDs (version 8), stable, case-blind and different per kind', () => {
    const r = derivedId('reversal', id);
    expect(z.uuid().safeParse(r).success).toBe(true);
    expect(r[14]).toBe('8');
    expect(derivedId('reversal', id.toUpperCase())).toBe(r);
    expect(derivedId('replacement', id)).not.toBe(r);
    expect(derivedId('reversal', r)).not.toBe(r);
  });
});
