/** Minutes since midnight of an `HH:MM` string (here, not in fields.ts: this module stays free of zod, ADR 017). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * "May this dispense happen, and if not, why?" — a pure function over cached allocations, run by
 * the server and by the offline field screens (which warn but still save: a dispense that
 * happened is never refused, docs/design.md §6).
 *
 * The governing allocation is the most specific active one that matches the product and store:
 * equipment before employee before cost centre, and a store-specific one before an any-store one.
 * Its limits and conditions decide; other allocations are not added up.
 */
export interface AllocationRule {
  id: string;
  productId: string;
  storeId: string | null;
  equipmentId: string | null;
  employeeId: string | null;
  costCentreId: string | null;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  weekdays: number[] | null;
  hoursFrom: string | null;
  hoursTo: string | null;
  maxPerTransaction: number | null;
  active: boolean;
}

export interface DispenseToCheck {
  productId: string;
  storeId: string;
  equipmentId?: string | null;
  employeeId?: string | null;
  costCentreId?: string | null;
  litres: number;
  at: Date;
}

/** Litres already drawn today / this month, either one number or per allocation id. */
export type Usage = number | Readonly<Record<string, number>>;

export interface DispenseCheckInput {
  dispense: DispenseToCheck;
  allocations: readonly AllocationRule[];
  usedToday: Usage;
  usedThisMonth: Usage;
  /** The store's IANA time zone for weekday and hours; default: the runtime's local time. */
  timeZone?: string;
}

export type DispenseReasonCode =
  | 'not_allocated'
  | 'over_daily_limit'
  | 'over_monthly_limit'
  | 'weekday_not_allowed'
  | 'outside_hours'
  | 'over_max_per_transaction';

export interface DispenseCheckResult {
  allowed: boolean;
  reasons: { code: DispenseReasonCode; message: string }[];
  /** The allocation that decided, or null when none applies. */
  allocationId: string | null;
}

const DAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday (0 = Sunday) and minutes since midnight of `at` in `timeZone`. */
export function localTime(at: Date, timeZone?: string): { weekday: number; minutes: number } {
  if (!timeZone) return { weekday: at.getDay(), minutes: at.getHours() * 60 + at.getMinutes() };
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAY_INDEX[parts.weekday], minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

/** Lower rank = more specific. */
function rank(a: AllocationRule): number {
  const subject = a.equipmentId ? 0 : a.employeeId ? 2 : 4;
  return subject + (a.storeId ? 0 : 1);
}

const usedFor = (u: Usage, id: string) => (typeof u === 'number' ? u : (u[id] ?? 0));
const fmt = (n: number) => `${Math.round(n * 1000) / 1000} L`;

export function inHours(minutes: number, from: string, to: string): boolean {
  const a = minutesOf(from);
  const b = minutesOf(to);
  return a < b ? minutes >= a && minutes < b : minutes >= a || minutes < b;
}

export function checkDispenseAllowed(input: DispenseCheckInput): DispenseCheckResult {
  const { dispense: d } = input;
  const candidates = input.allocations.filter(
    (a) =>
      a.active &&
      a.productId === d.productId &&
      (a.storeId === null || a.storeId === d.storeId) &&
      ((a.equipmentId !== null && a.equipmentId === d.equipmentId) ||
        (a.employeeId !== null && a.employeeId === d.employeeId) ||
        (a.costCentreId !== null && a.costCentreId === d.costCentreId)),
  );
  if (candidates.length === 0) {
    return {
      allowed: false,
      allocationId: null,
      reasons: [
        {
          code: 'not_allocated',
          message: 'No allocation allows this product here for this equipment, employee or cost centre',
        },
      ],
    };
  }
  const a = candidates.reduce((best, c) => (rank(c) < rank(best) ? c : best));
  const reasons: DispenseCheckResult['reasons'] = [];
  if (a.maxPerTransaction !== null && d.litres > a.maxPerTransaction) {
    reasons.push({
      code: 'over_max_per_transaction',
      message: `${fmt(d.litres)} is over the maximum per transaction (${fmt(a.maxPerTransaction)})`,
    });
  }
  const today = usedFor(input.usedToday, a.id);
  if (a.dailyLimit !== null && today + d.litres > a.dailyLimit) {
    reasons.push({
      code: 'over_daily_limit',
      message: `Over the daily limit: ${fmt(today)} used today + ${fmt(d.litres)} > ${fmt(a.dailyLimit)}`,
    });
  }
  const month = usedFor(input.usedThisMonth, a.id);
  if (a.monthlyLimit !== null && month + d.litres > a.monthlyLimit) {
    reasons.push({
      code: 'over_monthly_limit',
      message: `Over the monthly limit: ${fmt(month)} used this month + ${fmt(d.litres)} > ${fmt(a.monthlyLimit)}`,
    });
  }
  if (a.weekdays !== null || a.hoursFrom !== null) {
    const t = localTime(d.at, input.timeZone);
    if (a.weekdays !== null && !a.weekdays.includes(t.weekday)) {
      reasons.push({ code: 'weekday_not_allowed', message: `Not allowed on ${DAY[t.weekday]}` });
    }
    if (a.hoursFrom !== null && a.hoursTo !== null && !inHours(t.minutes, a.hoursFrom, a.hoursTo)) {
      reasons.push({ code: 'outside_hours', message: `Only allowed between ${a.hoursFrom} and ${a.hoursTo}` });
    }
  }
  return { allowed: reasons.length === 0, reasons, allocationId: a.id };
}
