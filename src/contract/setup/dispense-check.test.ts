import { describe, expect, it } from 'vitest';
import {
  checkDispenseAllowed,
  inHours,
  localTime,
  type AllocationRule,
  type DispenseCheckInput,
} from './dispense-check';

const P = 'diesel';
const S = 'store-1';
const E = 'truck-1';
const alloc = (over: Partial<AllocationRule>): AllocationRule => ({
  id: 'a',
  productId: P,
  storeId: null,
  equipmentId: E,
  employeeId: null,
  costCentreId: null,
  dailyLimit: null,
  monthlyLimit: null,
  weekdays: null,
  hoursFrom: null,
  hoursTo: null,
  maxPerTransaction: null,
  active: true,
  ...over,
});
// Wednesday 2024-05-15 10:30 in Johannesburg (UTC+2).
const at = new Date('2024-05-15T08:30:00Z');
const TZ = 'Africa/Johannesburg';
const check = (allocations: AllocationRule[], over: Partial<DispenseCheckInput> = {}, litres = 100) =>
  checkDispenseAllowed({
    dispense: { productId: P, storeId: S, equipmentId: E, employeeId: 'emp-1', costCentreId: 'cc-1', litres, at },
    allocations,
    usedToday: 0,
    usedThisMonth: 0,
    timeZone: TZ,
    ...over,
  });
const codes = (r: ReturnType<typeof checkDispenseAllowed>) => r.reasons.map((x) => x.code).sort();

describe('checkDispenseAllowed', () => {
  it('allows a dispense under an allocation without limits', () => {
    expect(check([alloc({})])).toEqual({ allowed: true, reasons: [], allocationId: 'a' });
  });

  it('is not allocated without a matching active allocation', () => {
    for (const a of [
      alloc({ productId: 'petrol' }),
      alloc({ storeId: 'store-2' }),
      alloc({ equipmentId: 'other' }),
      alloc({ active: false }),
    ]) {
      const r = check([a]);
      expect(r.allowed).toBe(false);
      expect(codes(r)).toEqual(['not_allocated']);
      expect(r.allocationId).toBeNull();
    }
    expect(codes(check([]))).toEqual(['not_allocated']);
  });

  it('matches a subject by employee or cost centre too', () => {
    expect(check([alloc({ equipmentId: null, employeeId: 'emp-1' })]).allowed).toBe(true);
    expect(check([alloc({ equipmentId: null, costCentreId: 'cc-1' })]).allowed).toBe(true);
    expect(check([alloc({ equipmentId: null, costCentreId: 'cc-2' })]).allowed).toBe(false);
  });

  it('checks the daily limit including what was used today (boundary inclusive)', () => {
    const a = alloc({ dailyLimit: 300 });
    expect(check([a], { usedToday: 200 }).allowed).toBe(true);
    const r = check([a], { usedToday: 201 });
    expect(codes(r)).toEqual(['over_daily_limit']);
    expect(r.reasons[0].message).toMatch(/201 L used today \+ 100 L > 300 L/);
  });

  it('checks the monthly limit, with usage per allocation id', () => {
    const a = alloc({ id: 'm', monthlyLimit: 1000 });
    expect(check([a], { usedThisMonth: { m: 900 } }).allowed).toBe(true);
    expect(codes(check([a], { usedThisMonth: { m: 950 } }))).toEqual(['over_monthly_limit']);
    expect(check([a], { usedThisMonth: { other: 5000 } }).allowed).toBe(true);
  });

  it('checks the maximum per transaction', () => {
    expect(codes(check([alloc({ maxPerTransaction: 99.5 })]))).toEqual(['over_max_per_transaction']);
    expect(check([alloc({ maxPerTransaction: 100 })]).allowed).toBe(true);
  });

  it('checks weekdays and hours in the store time zone', () => {
    expect(localTime(at, TZ)).toEqual({ weekday: 3, minutes: 10 * 60 + 30 });
    expect(check([alloc({ weekdays: [1, 2, 3, 4, 5] })]).allowed).toBe(true);
    expect(codes(check([alloc({ weekdays: [0, 6] })]))).toEqual(['weekday_not_allowed']);
    expect(check([alloc({ hoursFrom: '10:30', hoursTo: '11:00' })]).allowed).toBe(true);
    expect(codes(check([alloc({ hoursFrom: '06:00', hoursTo: '10:30' })]))).toEqual(['outside_hours']);
    // 08:30 UTC is outside 06:00–10:00 in Johannesburg but inside it in UTC.
    expect(check([alloc({ hoursFrom: '06:00', hoursTo: '10:00' })], { timeZone: 'UTC' }).allowed).toBe(true);
    // Just past midnight local time is already Thursday in Johannesburg.
    const late = new Date('2024-05-15T22:30:00Z');
    expect(localTime(late, TZ)).toEqual({ weekday: 4, minutes: 30 });
  });

  it('handles windows across midnight', () => {
    expect(inHours(23 * 60, '22:00', '06:00')).toBe(true);
    expect(inHours(5 * 60 + 59, '22:00', '06:00')).toBe(true);
    expect(inHours(6 * 60, '22:00', '06:00')).toBe(false);
    expect(inHours(12 * 60, '22:00', '06:00')).toBe(false);
    expect(inHours(23 * 60 + 59, '00:00', '24:00')).toBe(true);
  });

  it('reports every broken condition of the governing allocation', () => {
    const r = check([
      alloc({
        dailyLimit: 50,
        monthlyLimit: 60,
        maxPerTransaction: 40,
        weekdays: [0],
        hoursFrom: '20:00',
        hoursTo: '22:00',
      }),
    ]);
    expect(codes(r)).toEqual([
      'outside_hours',
      'over_daily_limit',
      'over_max_per_transaction',
      'over_monthly_limit',
      'weekday_not_allowed',
    ]);
  });

  it('lets the most specific allocation govern: equipment > employee > cost centre, store before any store', () => {
    const cc = alloc({ id: 'cc', equipmentId: null, costCentreId: 'cc-1', dailyLimit: 10 });
    const emp = alloc({ id: 'emp', equipmentId: null, employeeId: 'emp-1', dailyLimit: 10 });
    const eqAny = alloc({ id: 'eq-any', dailyLimit: 1000 });
    const eqStore = alloc({ id: 'eq-store', storeId: S, dailyLimit: 50 });
    expect(check([cc, emp, eqAny]).allocationId).toBe('eq-any');
    expect(check([cc, emp, eqAny]).allowed).toBe(true);
    const r = check([cc, emp, eqAny, eqStore]);
    expect(r.allocationId).toBe('eq-store');
    expect(codes(r)).toEqual(['over_daily_limit']);
    expect(check([cc, emp]).allocationId).toBe('emp');
    // An inactive specific allocation does not hide a general one.
    expect(check([cc, { ...eqStore, active: false }]).allocationId).toBe('cc');
  });

  it('uses the runtime local time without a time zone', () => {
    const d = new Date(2024, 4, 18, 9, 15); // a Saturday, local time
    expect(localTime(d)).toEqual({ weekday: 6, minutes: 9 * 60 + 15 });
  });
});
