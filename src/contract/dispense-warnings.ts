import { missingMeter, NO_METER_READING, noMeterReadingMessage } from './meter-rule';
import { checkDispenseAllowed, inHours, localTime, type AllocationRule, type Usage } from './setup/dispense-check';

/**
 * Everything that can be wrong with a dispense that physically happened: the device shows these
 * as warnings before saving (never blocking), the server stores the dispense anyway and raises an
 * exception for each. One pure function, so both sides say the same thing.
 */
export interface WarningInput {
  dispense: {
    variant: 'FAMS' | 'FAMS24';
    productId: string;
    storeId: string;
    equipmentId: string;
    employeeId: string | null;
    costCentreId: string | null;
    litres: number;
    meter: number | null;
    at: Date;
  };
  /** Effective tank capacity of the equipment (its own, else its type's); null = unknown. */
  equipmentCapacity: number | null;
  meterType: 'km' | 'hours' | null;
  /**
   * ADR 076: false = the equipment has no meter, so no reading is missing (nor is the FAMS24 rule's
   * meter reading required); absent = fitted.
   */
  hasMeter?: boolean | null;
  /** Highest meter known before this dispense (master data or earlier dispenses). */
  lastMeter: number | null;
  /** Time of the equipment's previous fill, for the FAMS24 interval rule. */
  lastFillAt: Date | null;
  allocations: readonly AllocationRule[];
  usedToday: Usage;
  usedThisMonth: Usage;
  /** The FAMS24 rule that applies (store's, else the account default), FAMS24 only. */
  f24Rule: F24RuleLike | null;
  timeZone?: string;
  /** Server time, for clock-skew; omit on the device. */
  now?: Date;
  /** The account's exception rules that judge a dispense (`exception-rules.ts`); omitted = the defaults. */
  rules?: DispenseRules;
}

/** The part of an account's exception rules a dispense is judged by (defaults: 0 %, no working hours). */
export interface DispenseRules {
  capacityOvershootPct: number;
  workingFrom: string | null;
  workingTo: string | null;
}

export interface F24RuleLike {
  maxLitresPerTransaction: number | null;
  odometerRequired: boolean;
  maxOdometerJumpKm: number | null;
  maxHoursJump: number | null;
  allowedFrom: string | null;
  allowedTo: string | null;
  minMinutesBetweenFills: number | null;
}

export interface DispenseWarning {
  code: string;
  message: string;
}

const CLOCK_SKEW_MS = 10 * 60_000;
const L = (n: number) => `${Math.round(n * 1000) / 1000} L`;

/** The meter anomaly: a reading lower than the highest known before it (also used by `/MLUpload`'s sandbox). */
export function meterRollback(
  meter: number | null,
  lastMeter: number | null,
  meterType: 'km' | 'hours' | null,
): DispenseWarning | null {
  if (meter === null || lastMeter === null || !(meter < lastMeter)) return null;
  const unit = meterType === 'hours' ? 'h' : 'km';
  return {
    code: 'meter_rollback',
    message: `Meter ${meter} ${unit} is lower than the last known ${lastMeter} ${unit}`,
  };
}

export function dispenseWarnings(w: WarningInput): DispenseWarning[] {
  const d = w.dispense;
  const out: DispenseWarning[] = [];
  const unit = w.meterType === 'hours' ? 'h' : 'km';
  const rollback = meterRollback(d.meter, w.lastMeter, w.meterType);
  if (rollback) out.push(rollback);
  // ADR 076: the device's form refuses such a fill; one that came anyway (an older app, an import) is raised.
  const missing = missingMeter({ meterType: w.meterType, hasMeter: w.hasMeter }, d.meter);
  if (missing) out.push({ code: NO_METER_READING, message: noMeterReadingMessage(missing.unit) });
  const overshoot = w.rules?.capacityOvershootPct ?? 0;
  if (w.equipmentCapacity !== null && d.litres > w.equipmentCapacity * (1 + overshoot / 100)) {
    out.push({
      code: 'over_equipment_capacity',
      message:
        `${L(d.litres)} is more than the equipment's tank holds (${L(w.equipmentCapacity)})` +
        (overshoot ? ` by over ${overshoot} %` : ''),
    });
  }
  const { workingFrom: from, workingTo: to } = w.rules ?? { workingFrom: null, workingTo: null };
  if (from && to) {
    const { minutes } = localTime(d.at, w.timeZone);
    if (!inHours(minutes, from, to)) {
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      out.push({ code: 'outside_working_hours', message: `Dispensed at ${hhmm}, outside working hours ${from}–${to}` });
    }
  }
  const alloc = checkDispenseAllowed({
    dispense: { ...d },
    allocations: w.allocations,
    usedToday: w.usedToday,
    usedThisMonth: w.usedThisMonth,
    timeZone: w.timeZone,
  });
  out.push(...alloc.reasons);
  if (d.variant === 'FAMS24' && w.f24Rule) out.push(...f24Warnings(w, w.f24Rule, unit));
  if (w.now && d.at.getTime() - w.now.getTime() > CLOCK_SKEW_MS) {
    out.push({
      code: 'clock_skew',
      message: 'The device clock is ahead of the server: the recorded time is in the future',
    });
  }
  return out;
}

function f24Warnings(w: WarningInput, r: F24RuleLike, unit: string): DispenseWarning[] {
  const d = w.dispense;
  const broken: string[] = [];
  if (r.maxLitresPerTransaction !== null && d.litres > r.maxLitresPerTransaction) {
    broken.push(`more than ${L(r.maxLitresPerTransaction)} in one transaction`);
  }
  if (r.odometerRequired && d.meter === null && w.hasMeter !== false) broken.push('the meter reading is required');
  const jump = w.meterType === 'hours' ? r.maxHoursJump : r.maxOdometerJumpKm;
  if (jump !== null && d.meter !== null && w.lastMeter !== null && d.meter - w.lastMeter > jump) {
    broken.push(`the meter jumped ${Math.round((d.meter - w.lastMeter) * 10) / 10} ${unit} (max ${jump} ${unit})`);
  }
  if (r.allowedFrom && r.allowedTo && !inHours(localTime(d.at, w.timeZone).minutes, r.allowedFrom, r.allowedTo)) {
    broken.push(`outside the allowed hours ${r.allowedFrom}–${r.allowedTo}`);
  }
  if (r.minMinutesBetweenFills !== null && w.lastFillAt) {
    const minutes = (d.at.getTime() - w.lastFillAt.getTime()) / 60_000;
    if (minutes >= 0 && minutes < r.minMinutesBetweenFills) {
      broken.push(`only ${Math.floor(minutes)} min since the last fill (min ${r.minMinutesBetweenFills})`);
    }
  }
  return broken.map((b) => ({ code: 'fams24_rule', message: `FAMS24 rule: ${b}` }));
}
