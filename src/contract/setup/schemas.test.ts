import { describe, expect, it } from 'vitest';
import { AllocationCreate } from './allocations';
import { EmployeeCreate, EmployeeUpdate } from './employees';
import { extrasErrors } from './equipment-extras';
import { EquipmentCreate } from './equipment';
import { hasDecimals } from './fields';
import { StoreCreate } from './stores';

const id = () => crypto.randomUUID();
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('setup input schemas', () => {
  it('counts decimals without float surprises', () => {
    expect(hasDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasDecimals(19.99, 2)).toBe(true);
    expect(hasDecimals(1.005, 2)).toBe(false);
  });

  it('rejects unknown fields and validates time zones', () => {
    expect(
      paths(StoreCreate.safeParse({ code: 'A', name: 'A', variant: 'FAMS', timezone: 'Europe/Nowhere', x: 1 })),
    ).toEqual(['', 'timezone']);
    expect(StoreCreate.parse({ code: ' A ', name: 'A', variant: 'FAMS', timezone: 'Europe/London' })).toMatchObject({
      code: 'A',
      address: '',
      latitude: null,
      openingHours: null,
    });
  });

  it('needs exactly one allocation subject, ordered limits and paired hours', () => {
    const base = { productId: id() };
    expect(paths(AllocationCreate.safeParse(base))).toEqual(['equipmentId']);
    expect(paths(AllocationCreate.safeParse({ ...base, equipmentId: id(), costCentreId: id() }))).toEqual([
      'costCentreId',
      'equipmentId',
    ]);
    expect(
      paths(
        AllocationCreate.safeParse({
          ...base,
          employeeId: id(),
          dailyLimit: 10,
          monthlyLimit: 5,
          hoursTo: '05:00',
          weekdays: [1, 1],
        }),
      ),
    ).toEqual(['hoursFrom', 'monthlyLimit', 'weekdays']);
    expect(paths(AllocationCreate.safeParse({ ...base, employeeId: id(), weekdays: [] }))).toEqual(['weekdays']);
    expect(AllocationCreate.parse({ ...base, costCentreId: id(), hoursFrom: '22:00', hoursTo: '06:00' })).toMatchObject(
      { storeId: null, weekdays: null, active: true },
    );
  });

  it('keeps PIN semantics: missing keeps, null removes, digits set', () => {
    const base = { number: 'E1', name: 'N' };
    expect('pin' in EmployeeCreate.parse(base) && EmployeeCreate.parse(base).pin !== undefined).toBe(false);
    expect(EmployeeUpdate.parse({ ...base, version: 1, pin: null }).pin).toBeNull();
    expect(paths(EmployeeCreate.safeParse({ ...base, pin: '12a4' }))).toEqual(['pin']);
    expect(paths(EmployeeCreate.safeParse({ ...base, pin: '123456789' }))).toEqual(['pin']);
  });

  it('flags repeated equipment tags and a missing meter type', () => {
    expect(paths(EquipmentCreate.safeParse({ fleetNo: 'F1', meterType: 'km', tags: ['a1', 'B2', 'A1'] }))).toEqual([
      'tags.2',
    ]);
    expect(paths(EquipmentCreate.safeParse({ fleetNo: 'F1' }))).toEqual(['meterType']);
  });

  it('checks extras against their definitions', () => {
    const defs = [
      { key: 'owner', label: 'Owner', type: 'text' as const, required: true },
      { key: 'seats', label: 'Seats', type: 'number' as const, required: false },
      { key: 'due', label: 'Due', type: 'date' as const, required: false },
      { key: 'gps', label: 'GPS', type: 'boolean' as const, required: false },
    ];
    expect(extrasErrors({ owner: 'Me', seats: 2, due: '2025-01-31', gps: false }, defs)).toEqual({});
    expect(Object.keys(extrasErrors({ seats: '2', due: '2025-02-30', gps: 1, other: 'x' }, defs)).sort()).toEqual([
      'extras.due',
      'extras.gps',
      'extras.other',
      'extras.owner',
      'extras.seats',
    ]);
  });
});
