import { describe, expect, it } from 'vitest';
import { idSearch, stringSearch } from './search';

describe('search params', () => {
  it('idSearch keeps whole positive numbers, from the address as a number or digits, and drops the rest', () => {
    const read = idSearch('accountId');
    expect(read({ accountId: 4 })).toEqual({ accountId: 4 });
    expect(read({ accountId: '12' })).toEqual({ accountId: 12 });
    for (const bad of [0, -3, 1.5, '4a', '', '9007199254740993', null, { x: 1 }])
      expect(read({ accountId: bad }), String(bad)).toEqual({});
  });
  it('stringSearch keeps strings and numbers as strings', () => {
    expect(stringSearch('to')({ to: '/QuickDispense', other: 'x' })).toEqual({ to: '/QuickDispense' });
    expect(stringSearch('to')({ to: 5 })).toEqual({ to: '5' });
    expect(stringSearch('to')({ to: ['a'] })).toEqual({});
  });
});
