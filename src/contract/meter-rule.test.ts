import { describe, expect, it } from 'vitest';
import { dispenseWarnings, type WarningInput } from './dispense-warnings';
import {
  meterAskedFor,
  meterFieldLabel,
  meterToRead,
  missingMeter,
  missingMeterVerdict,
  NO_METER_READING,
} from './meter-rule';

const truck = { meterType: 'km' as const, hasMeter: true };
const loader = { meterType: 'hours' as const };
const generator = { meterType: 'hours' as const, hasMeter: false };

describe('ADR 076: a fill for equipment with a meter carries its reading', () => {
  it('asks the reading of the meter fitted, none when there is no meter', () => {
    expect(meterToRead(truck)).toBe('km');
    // A cache from before ADR 076 does not say: the meter is fitted.
    expect(meterToRead(loader)).toBe('hours');
    expect(meterToRead({ meterType: 'hours', hasMeter: null })).toBe('hours');
    expect(meterToRead(generator)).toBeNull();
    expect(meterToRead({ meterType: null })).toBe('km');
    expect([meterFieldLabel('km'), meterFieldLabel('hours')]).toEqual(['Odometer (km)', 'Hours']);
    expect([meterAskedFor(truck), meterAskedFor(loader), meterAskedFor(generator)]).toEqual(['km', 'hours', 'none']);
  });

  it('refuses a fill without its reading in the field’s words, accepts one with it or without a meter', () => {
    expect(missingMeter(truck, null)).toEqual({ unit: 'km', message: 'Enter the odometer reading (km)' });
    expect(missingMeter(loader, null)).toEqual({ unit: 'hours', message: 'Enter the hour meter reading (hours)' });
    expect(missingMeter(truck, 0)).toBeNull();
    expect(missingMeter(truck, 120_345.5)).toBeNull();
    expect(missingMeter(generator, null)).toBeNull();
  });

  it('on the server: refuses what a device that asked sent without it, stores and raises anything else', () => {
    expect(missingMeterVerdict(truck, { meter: null, meterAsked: 'km' })?.action).toBe('refuse');
    expect(missingMeterVerdict(loader, { meter: null, meterAsked: 'hours' })).toMatchObject({
      action: 'refuse',
      message: 'Enter the hour meter reading (hours)',
    });
    // Saved by an app from before ADR 076, an import, a controller: the fill happened, it is stored.
    expect(missingMeterVerdict(truck, { meter: null })?.action).toBe('raise');
    // The device's setup said "no meter" (changed since): never made unsendable.
    expect(missingMeterVerdict(truck, { meter: null, meterAsked: 'none' })?.action).toBe('raise');
    expect(missingMeterVerdict(truck, { meter: 10, meterAsked: 'km' })).toBeNull();
    expect(missingMeterVerdict(generator, { meter: null, meterAsked: 'km' })).toBeNull();
  });

  const input = (over: Partial<WarningInput> = {}): WarningInput => ({
    dispense: {
      variant: 'FAMS24',
      productId: 'p',
      storeId: 's',
      equipmentId: 'e',
      employeeId: null,
      costCentreId: null,
      litres: 10,
      meter: null,
      at: new Date('2026-05-14T10:00:00Z'),
    },
    equipmentCapacity: null,
    meterType: 'km',
    lastMeter: 1000,
    lastFillAt: null,
    allocations: [
      {
        id: 'a',
        productId: 'p',
        storeId: null,
        equipmentId: 'e',
        employeeId: null,
        costCentreId: null,
        dailyLimit: null,
        monthlyLimit: null,
        weekdays: null,
        hoursFrom: null,
        hoursTo: null,
        maxPerTransaction: null,
        active: true,
      },
    ],
    usedToday: 0,
    usedThisMonth: 0,
    f24Rule: {
      maxLitresPerTransaction: null,
      odometerRequired: true,
      maxOdometerJumpKm: 500,
      maxHoursJump: null,
      allowedFrom: null,
      allowedTo: null,
      minMinutesBetweenFills: null,
    },
    ...over,
  });
  const codes = (w: WarningInput) => dispenseWarnings(w).map((x) => x.code);

  it('raises no_meter_reading for a stored fill without its reading; no meter fitted, no FAMS24 "meter required" either', () => {
    expect(codes(input())).toEqual([NO_METER_READING, 'fams24_rule']);
    expect(dispenseWarnings(input())[0].message).toBe('No meter reading: the equipment has an odometer (km)');
    expect(codes(input({ meterType: 'hours', hasMeter: false }))).toEqual([]);
    // With a reading, the plausibility checks the product has stay: lower than the last known, a jump.
    const d = input().dispense;
    expect(codes(input({ dispense: { ...d, meter: 900 } }))).toEqual(['meter_rollback']);
    expect(codes(input({ dispense: { ...d, meter: 1600 } }))).toEqual(['fams24_rule']);
  });
});
