import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '@/contract/setup/reference';
import type { OutboxRecord } from '@/lib/offline';
import { localDate } from '@/contract/calendar';
import { deviceHistory, liveWarnings, type DispenseDraft } from './warnings';

const ID = { store: 's1', store24: 's2', tank: 't1', tank24: 't2', product: 'p1', eq: 'e1', cc: 'c1', alloc: 'a1' };

const ref = {
  stores: [
    { id: ID.store, timezone: 'Africa/Johannesburg', variant: 'FAMS' },
    { id: ID.store24, timezone: 'UTC', variant: 'FAMS24' },
  ],
  tanks: [
    { id: ID.tank, storeId: ID.store, productId: ID.product },
    { id: ID.tank24, storeId: ID.store24, productId: ID.product },
  ],
  products: [{ id: ID.product, name: 'Diesel' }],
  equipment: [
    { id: ID.eq, costCentreId: ID.cc, currentMeter: 1000, meterType: 'km', tankCapacity: 100, tags: [], active: true },
  ],
  employees: [],
  costCentres: [{ id: ID.cc, code: 'CC1', name: 'Haulage' }],
  allocations: [
    {
      id: ID.alloc,
      productId: ID.product,
      storeId: null,
      equipmentId: ID.eq,
      employeeId: null,
      costCentreId: null,
      dailyLimit: 120,
      monthlyLimit: 500,
      weekdays: null,
      hoursFrom: null,
      hoursTo: null,
      maxPerTransaction: null,
      active: true,
    },
  ],
  f24Rules: [
    {
      id: 'r0',
      storeId: null,
      maxLitresPerTransaction: 50,
      odometerRequired: true,
      maxOdometerJumpKm: null,
      maxHoursJump: null,
      allowedFrom: null,
      allowedTo: null,
      minMinutesBetweenFills: 60,
    },
  ],
} as unknown as ReferenceData;

const at = new Date('2026-05-14T10:00:00Z');
const draft = (over: Partial<DispenseDraft> = {}): DispenseDraft => ({
  id: 'new',
  variant: 'FAMS',
  storeId: ID.store,
  tankId: ID.tank,
  equipmentId: ID.eq,
  employeeId: null,
  costCentreId: null,
  litres: 40,
  meter: 1100,
  at,
  ...over,
});

function rec(
  id: string,
  litres: number,
  dispensedAt: string,
  state: OutboxRecord['state'] = 'synced',
  meter: number | null = null,
): OutboxRecord {
  return {
    id,
    kind: 'dispenses',
    state,
    seq: 1,
    createdAt: 0,
    attempts: 0,
    lastError: null,
    fieldErrors: null,
    nextAttemptAt: 0,
    userId: 1,
    syncedAt: null,
    exceptions: [],
    payload: {
      id,
      variant: 'FAMS',
      storeId: ID.store,
      tankId: ID.tank,
      equipmentId: ID.eq,
      employeeId: null,
      costCentreId: null,
      litres,
      meter,
      dispensedAt,
      note: '',
      gps: null,
      deviceId: 'd',
      employeeBy: null,
      acceptedWarnings: [],
    },
  } as OutboxRecord;
}

const codes = (w: { code: string }[]) => w.map((x) => x.code).sort();

describe('live dispense warnings', () => {
  it('none for a clean dispense, and none until equipment and litres are given', () => {
    expect(liveWarnings(ref, [], draft())).toEqual([]);
    expect(liveWarnings(ref, [], draft({ equipmentId: '' }))).toEqual([]);
    expect(liveWarnings(ref, [], draft({ litres: undefined }))).toEqual([]);
  });

  it("meter rollback against the master meter and this device's earlier dispenses; over the equipment's tank", () => {
    expect(codes(liveWarnings(ref, [], draft({ meter: 900 })))).toEqual(['meter_rollback']);
    const history = deviceHistory([rec('r1', 10, '2026-05-14T08:00:00Z', 'synced', 1200)], ref);
    expect(codes(liveWarnings(ref, history, draft({ meter: 1150 })))).toEqual(['meter_rollback']);
    expect(codes(liveWarnings(ref, [], draft({ litres: 101 })))).toEqual(['over_equipment_capacity']);
  });

  it("judges by the account's rules cached with the reference data, the defaults without them", () => {
    const strict = { ...ref, dispenseRules: { capacityOvershootPct: 10, workingFrom: '06:00', workingTo: '11:00' } };
    // 105 L in a 100 L tank is within a 10 % overshoot; 10:00Z is 12:00 in Johannesburg, after 11:00.
    expect(codes(liveWarnings(strict, [], draft({ litres: 105 })))).toEqual(['outside_working_hours']);
    expect(codes(liveWarnings(strict, [], draft({ litres: 111 })))).toEqual([
      'outside_working_hours',
      'over_equipment_capacity',
    ]);
    expect(codes(liveWarnings(ref, [], draft({ litres: 105 })))).toEqual(['over_equipment_capacity']);
  });

  it("counts this device's litres of the store's day and month for the governing allocation; rejected ones do not count", () => {
    const history = deviceHistory(
      [
        rec('r1', 50, '2026-05-14T06:00:00Z'),
        rec('r2', 40, '2026-05-14T07:00:00Z', 'queued'),
        rec('r3', 90, '2026-05-14T07:30:00Z', 'rejected'),
        rec('r4', 300, '2026-05-02T07:00:00Z'),
        rec('r5', 999, '2026-04-30T07:00:00Z'),
      ],
      ref,
    );
    expect(history).toHaveLength(4);
    expect(codes(liveWarnings(ref, history, draft({ litres: 20 })))).toEqual([]);
    expect(codes(liveWarnings(ref, history, draft({ litres: 35 })))).toEqual(['over_daily_limit']);
    expect(codes(liveWarnings(ref, history, draft({ litres: 120 })))).toEqual(
      ['over_daily_limit', 'over_equipment_capacity', 'over_monthly_limit'].sort(),
    );
  });

  it('a correction does not count itself', () => {
    const history = deviceHistory([rec('same', 100, '2026-05-14T06:00:00Z')], ref);
    expect(codes(liveWarnings(ref, history, draft({ id: 'same', litres: 100 })))).toEqual([]);
  });

  it('FAMS24 rules on FAMS24 sites only (the account default when the store has none)', () => {
    const history = deviceHistory([rec('r1', 10, '2026-05-14T09:30:00Z')], ref);
    const w = liveWarnings(
      ref,
      history,
      draft({ variant: 'FAMS24', storeId: ID.store24, tankId: ID.tank24, litres: 60, meter: null }),
    );
    expect(codes(w)).toEqual(['fams24_rule', 'fams24_rule', 'fams24_rule']);
    expect(w.map((x) => x.message).join(' | ')).toMatch(
      /more than 50 L.*meter reading is required.*since the last fill/,
    );
    expect(liveWarnings(ref, history, draft({ litres: 60, meter: null }))).toEqual([]);
  });

  it("ADR 076: a missing reading is the form's field error, not a warning; without a meter the FAMS24 rule asks none", () => {
    expect(codes(liveWarnings(ref, [], draft({ meter: null })))).toEqual([]);
    const at24 = draft({ variant: 'FAMS24', storeId: ID.store24, tankId: ID.tank24, litres: 10, meter: null });
    expect(liveWarnings(ref, [], at24).map((w) => w.message)).toEqual(['FAMS24 rule: the meter reading is required']);
    const noMeter = { ...ref, equipment: ref.equipment.map((e) => ({ ...e, hasMeter: false })) } as ReferenceData;
    expect(liveWarnings(noMeter, [], at24)).toEqual([]);
  });

  it('not allocated when no allocation covers the subject', () => {
    const other = { ...ref, allocations: [] } as ReferenceData;
    expect(codes(liveWarnings(other, [], draft()))).toEqual(['not_allocated']);
  });

  it("the store's local day", () => {
    expect(localDate(new Date('2026-05-14T23:30:00Z'), 'Africa/Johannesburg')).toBe('2026-05-15');
    expect(localDate(new Date('2026-05-14T23:30:00Z'), 'UTC')).toBe('2026-05-14');
  });
});
