import { z } from 'zod';
import { wall, zonedInstant } from './calendar';
import { VARIANCE_FIXED_LITRES, VARIANCE_THROUGHPUT_SHARE } from './balancing';
import { OUTLIER_MIN_EXCESS, OUTLIER_Z } from './consumption';
import { EXCEPTION_CODES, type ExceptionCode } from './exceptions';
import { STALE_READING_MS } from './gauges';
import { HHMM } from './setup/fields';

/**
 * Exception rules per account (issue 12, ADR 027): the thresholds the checks use, each with the
 * default that applied before an admin changed it. The ingest, the gauges' stale check, the
 * consumption sweep and the balancing read the account's rules when they raise; a change applies to
 * exceptions raised after it (raised ones stay as they are). Also: each user's e-mail
 * subscriptions per exception type, immediately or in a daily digest at `DIGEST_HOUR` local.
 */

export const RULES_PATH = '/exceptions/rules';
export const SUBSCRIPTIONS_PATH = '/exceptions/subscriptions';
/** Raised by a FAMS dispense outside the account's working hours (only when they are set). */
export const WORKING_HOURS_EXCEPTION = 'outside_working_hours' satisfies ExceptionCode;

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export interface ExceptionRulesValue {
  /** `over_equipment_capacity` when the litres exceed the equipment's capacity by more than this %. */
  capacityOvershootPct: number;
  /** `consumption_outlier` when the fill's modified z-score is above this (lower = more sensitive)… */
  outlierZ: number;
  /** …and the rate is at least this % over the vehicle's usual. */
  outlierMinExcessPct: number;
  /** `stale_gauge` for a tank without a reading for this many hours (or 3 poll intervals if longer). */
  staleGaugeHours: number;
  /** Working hours (store-local, HH:MM); null = no working-hours check. */
  workingFrom: string | null;
  workingTo: string | null;
  /** `variance_over_threshold` when a month's |variance| exceeds this % of its throughput… */
  varianceThroughputPct: number;
  /** …plus these litres. */
  varianceFixedLitres: number;
}

/** The rules as they were before they could be set (the constants of the checks). */
export const DEFAULT_EXCEPTION_RULES: ExceptionRulesValue = {
  capacityOvershootPct: 0,
  outlierZ: OUTLIER_Z,
  outlierMinExcessPct: round(OUTLIER_MIN_EXCESS * 100, 2),
  staleGaugeHours: STALE_READING_MS / 3_600_000,
  workingFrom: null,
  workingTo: null,
  varianceThroughputPct: round(VARIANCE_THROUGHPUT_SHARE * 100, 4),
  varianceFixedLitres: VARIANCE_FIXED_LITRES,
};

const num = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: enter a number` })
    .min(min, `${label}: at least ${min}`)
    .max(max, `${label}: at most ${max}`);
const time = z.string().regex(HHMM, 'Use HH:MM (00:00–23:59)').nullable();

export const ExceptionRules = z
  .strictObject({
    capacityOvershootPct: num('Capacity overshoot', 0, 100),
    outlierZ: num('Outlier sensitivity', 2, 10),
    outlierMinExcessPct: num('Minimum excess', 0, 200),
    staleGaugeHours: num('Stale gauge', 1, 168),
    workingFrom: time,
    workingTo: time,
    varianceThroughputPct: num('Share of throughput', 0, 20),
    varianceFixedLitres: num('Fixed allowance', 0, 100_000),
  })
  .superRefine((r, ctx) => {
    if ((r.workingFrom === null) !== (r.workingTo === null))
      ctx.addIssue({
        code: 'custom',
        path: [r.workingFrom === null ? 'workingFrom' : 'workingTo'],
        message: 'Give both times, or neither',
      });
    else if (r.workingFrom !== null && r.workingFrom === r.workingTo)
      ctx.addIssue({ code: 'custom', path: ['workingTo'], message: 'The end must differ from the start' });
  }) satisfies z.ZodType<ExceptionRulesValue>;
export type ExceptionRules = z.infer<typeof ExceptionRules>;

export const ExceptionRulesView = z.object({
  rules: ExceptionRules,
  defaults: ExceptionRules,
  /** When and by whom they were last changed; null = never (the defaults apply). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ExceptionRulesView = z.infer<typeof ExceptionRulesView>;

/** A stored rules document, merged over the defaults (a rule added later gets its default). */
export function rulesOf(stored: unknown): ExceptionRulesValue {
  const merged = { ...DEFAULT_EXCEPTION_RULES, ...(stored && typeof stored === 'object' ? stored : {}) };
  const ok = ExceptionRules.safeParse(merged);
  return ok.success ? ok.data : DEFAULT_EXCEPTION_RULES;
}

/** The variance allowance under the account's rule (the contract's `varianceThreshold` with its figures). */
export function varianceAllowance(rules: ExceptionRulesValue, throughput: number): number {
  return round((rules.varianceThroughputPct / 100) * Math.abs(throughput) + rules.varianceFixedLitres, 3);
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export const NOTIFY_MODES = ['off', 'immediate', 'digest'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];
export const NOTIFY_LABELS: Record<NotifyMode, string> = {
  off: 'No e-mail',
  immediate: 'Immediately',
  digest: 'Daily digest',
};

export const Subscriptions = z.strictObject({
  items: z
    .array(
      z.strictObject({
        code: z.enum(EXCEPTION_CODES, { error: 'Unknown exception type' }),
        mode: z.enum(NOTIFY_MODES, { error: 'Choose off, immediately or daily digest' }),
      }),
    )
    .max(EXCEPTION_CODES.length)
    .refine((a) => new Set(a.map((i) => i.code)).size === a.length, 'Each exception type once'),
});
export type Subscriptions = z.infer<typeof Subscriptions>;
export const SubscriptionsView = Subscriptions.extend({
  /** Where the mail goes (the user's address) and when the digest is sent, in the account's zone. */
  email: z.string(),
  digestAt: z.string(),
  timeZone: z.string(),
});
export type SubscriptionsView = z.infer<typeof SubscriptionsView>;

// ---------------------------------------------------------------------------------------------
// The digest's time: DIGEST_HOUR local, the previous local day's exceptions.

export const DIGEST_HOUR = 7;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The next digest after `now` in `timeZone` (strictly later) and the local day it reports: the
 * day before the digest's own day.
 */
export function nextDigest(now: Date, timeZone: string, hour = DIGEST_HOUR): { at: Date; day: string } {
  const today = dayOf(wall(now, timeZone));
  for (const offset of [0, 1, 2]) {
    const day = dayOf(Date.parse(today) + offset * 86_400_000);
    const at = zonedInstant(day, hour, timeZone);
    if (at.getTime() > now.getTime()) return { at, day: dayOf(Date.parse(day) - 86_400_000) };
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/** The latest digest at or before `now` (the one that should have gone out) and the day it reports. */
export function lastDigest(now: Date, timeZone: string, hour = DIGEST_HOUR): { at: Date; day: string } {
  const today = dayOf(wall(now, timeZone));
  for (const offset of [0, -1, -2]) {
    const day = dayOf(Date.parse(today) + offset * 86_400_000);
    const at = zonedInstant(day, hour, timeZone);
    if (at.getTime() <= now.getTime()) return { at, day: dayOf(Date.parse(day) - 86_400_000) };
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}
