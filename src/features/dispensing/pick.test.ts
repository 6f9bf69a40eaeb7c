import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '@/contract/setup/reference';
import { isoFromLocal, localInputValue, optionalNumber, requiredNumber, whenEmpty } from './format';
import { exactMatch, filterItems } from './LocalPick';
import { employeeItems, equipmentItems, signedInEmployee } from './pickItems';

const equipment = Array.from({ length: 200 }, (_, i) => ({
  id: `e${i}`,
  fleetNo: `DF-${String(i + 1).padStart(4, '0')}`,
  registration: i % 2 ? `ABC ${100 + i} GP` : null,
  description: i % 3 ? 'Toyota Hilux' : 'CAT 320',
  costCentreId: null,
  tags: i === 7 ? ['A1B2C3D4E5'] : [],
  active: i !== 9,
  fams24Enabled: i < 50,
}));
const ref = {
  equipment,
  costCentres: [],
  employees: [
    {
      id: 'p1',
      number: 'E1001',
      name: 'Thandi Nkosi',
      tag: 'FFEE001122',
      hasPin: true,
      storeIds: [],
      active: true,
      fams24Enabled: true,
    },
    {
      id: 'p2',
      number: 'E1002',
      name: 'Pieter Botha',
      tag: null,
      hasPin: false,
      storeIds: ['s9'],
      active: true,
      fams24Enabled: false,
    },
  ],
} as unknown as ReferenceData;

describe('pickers over the cached reference', () => {
  const items = equipmentItems(ref, false);

  it('finds equipment by fleet no., registration (with or without spaces), tag and description words', () => {
    expect(items).toHaveLength(199); // the inactive one is left out
    expect(filterItems(items, 'DF-0008', 40)[0].label).toBe('DF-0008 · ABC 107 GP');
    expect(filterItems(items, 'abc107', 40).map((i) => i.value)).toEqual(['e7']);
    expect(filterItems(items, 'a1b2', 40).map((i) => i.value)).toEqual(['e7']);
    expect(filterItems(items, 'cat 320', 500).length).toBe(66); // every third, less the inactive one
    expect(filterItems(items, '', 40)).toHaveLength(40);
  });

  it('a full tag or fleet no. typed or scanned picks the one item at once', () => {
    expect(exactMatch(items, ' a1b2c3d4e5 ')?.value).toBe('e7');
    expect(exactMatch(items, 'df-0100')?.value).toBe('e99');
    expect(exactMatch(items, 'DF-01')).toBeUndefined();
  });

  it('FAMS24 lists only equipment and employees enabled for it; employees by store', () => {
    expect(equipmentItems(ref, true)).toHaveLength(49);
    expect(employeeItems(ref, 's1', true).map((e) => e.value)).toEqual(['p1']);
    expect(employeeItems(ref, 's1', false).map((e) => e.value)).toEqual(['p1']);
    expect(
      employeeItems(ref, 's9', false)
        .map((e) => e.value)
        .sort(),
    ).toEqual(['p1', 'p2']);
    expect(exactMatch(employeeItems(ref, 's1', true), 'ffee001122')?.value).toBe('p1');
  });

  it("ADR 076: the signed-in user's own employee is preselected where it may draw", () => {
    const linked = {
      ...ref,
      employees: ref.employees.map((e, i) => ({ ...e, userId: i === 0 ? 7 : i === 1 ? 8 : null })),
    } as ReferenceData;
    expect(signedInEmployee(linked, 7, 's1', false)).toBe('p1');
    expect(signedInEmployee(linked, 7, 's1', true)).toBe('p1');
    // Only at its stores, and on a FAMS24 site only when enabled for it.
    expect(signedInEmployee(linked, 8, 's9', false)).toBe('p2');
    expect(signedInEmployee(linked, 8, 's1', false)).toBeNull();
    expect(signedInEmployee(linked, 8, 's9', true)).toBeNull();
    // A user who is no employee, no user, or a cache from before the link: nothing is preselected.
    expect(signedInEmployee(linked, 9, 's1', false)).toBeNull();
    expect(signedInEmployee(linked, undefined, 's1', false)).toBeNull();
    expect(signedInEmployee(ref, 7, 's1', false)).toBeNull();
  });
});

describe('form values', () => {
  it('numbers: empty, comma decimals, nonsense', () => {
    expect(requiredNumber('')).toBeUndefined();
    expect(requiredNumber(' 12,5 ')).toBe(12.5);
    expect(requiredNumber('abc')).toBeNaN();
    expect(optionalNumber('')).toBeNull();
    expect(whenEmpty('', 'Litres must be a number', 'Enter the litres')).toBe('Enter the litres');
    expect(whenEmpty('x', 'Litres must be a number', 'Enter the litres')).toBe('Litres must be a number');
  });

  it('datetime-local round trip', () => {
    const t = new Date(2026, 4, 14, 7, 5);
    expect(localInputValue(t)).toBe('2026-05-14T07:05');
    expect(isoFromLocal('2026-05-14T07:05')).toBe(t.toISOString());
    expect(isoFromLocal('')).toBeUndefined();
  });
});
