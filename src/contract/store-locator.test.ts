import { describe, expect, it } from 'vitest';
import { matchesStore, storeState } from './store-locator';

describe('store locator', () => {
  it('searches by name or code, every word, without case or accents', () => {
    const s = { code: 'G12', name: 'Gérard Street depot' };
    expect(matchesStore(s, 'gerard')).toBe(true);
    expect(matchesStore(s, 'g12 DEPOT')).toBe(true);
    expect(matchesStore(s, 'depot north')).toBe(false);
    expect(matchesStore(s, '  ')).toBe(true);
  });

  it('colours a store by its worst state: a tank alarm, then open exceptions', () => {
    expect(storeState([{ alarms: [] }, { alarms: ['stale'] }], 0)).toBe('alarm');
    expect(storeState([{ alarms: ['low'] }], 3)).toBe('alarm');
    expect(storeState([{ alarms: [] }], 2)).toBe('exceptions');
    expect(storeState([], 0)).toBe('ok');
  });
});
