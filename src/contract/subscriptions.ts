import { z } from 'zod';
import { monthBounds, shiftMonth } from './calendar';
import type { ColumnSpec } from './columns';

/**
 * Subscriptions (issue 14, ADR 038): plans with modules and limits, an account's subscription and
 * its history, usage against the limits, and the monthly usage/billing report.
 */

/** The modules an account (and a plan) can have; `src/contract/admin.ts` re-exports them. */
export const ACCOUNT_MODULES = ['FAMS', 'FAMS24', 'ATG'] as const;

/** What a plan limits. `devices` (field devices that synced) is reported, never enforced. */
export const LIMIT_KEYS = ['stores', 'tanks', 'equipment', 'users', 'devices', 'gaugeDevices'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export const LIMIT_LABELS: Record<LimitKey, string> = {
  stores: 'Stores',
  tanks: 'Tanks',
  equipment: 'Equipment',
  users: 'Users',
  // Phones and PCs that sent records: not /OTRDevices' site controllers and handhelds.
  devices: 'Syncing devices (30 days)',
  gaugeDevices: 'Gauge devices',
};
/** The singular/plural nouns of the limit message ("allows 5 stores"). */
export const LIMIT_NOUNS: Record<LimitKey, string> = {
  stores: 'stores',
  tanks: 'tanks',
  equipment: 'equipment items',
  users: 'users',
  devices: 'syncing devices',
  gaugeDevices: 'gauge devices',
};

const limit = z.number().int().min(0).max(1_000_000).nullable();
/** null = no limit. */
export const PlanLimits = z.strictObject(
  Object.fromEntries(LIMIT_KEYS.map((k) => [k, limit])) as Record<LimitKey, typeof limit>,
);
export type PlanLimits = z.infer<typeof PlanLimits>;

export const PLAN_PERIODS = ['month', 'year'] as const;
export const PERIOD_LABELS = { month: 'Monthly', year: 'Yearly' } as const;

export const PlanFields = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name.').max(80),
  modules: z
    .array(z.enum(ACCOUNT_MODULES))
    .min(1, 'Choose at least one module.')
    .max(3)
    .refine((m) => new Set(m).size === m.length, 'Each module once.'),
  limits: PlanLimits,
  period: z.enum(PLAN_PERIODS),
  price: z.number().min(0).max(1e9).multipleOf(0.01, 'At most 2 decimals.'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A three-letter ISO code, e.g. EUR.'),
});
export type PlanFields = z.infer<typeof PlanFields>;

export const Plan = PlanFields.extend({
  id: z.uuid(),
  /** Accounts on this plan now. */
  accounts: z.number().int(),
});
export type Plan = z.infer<typeof Plan>;
export const PlanIdParams = z.object({ id: z.uuid() });

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

/** The renewal day one period after `startsOn` (31 January + 1 month = 28/29 February). */
export function renewalAfter(startsOn: string, period: (typeof PLAN_PERIODS)[number]): string {
  const month = shiftMonth(startsOn.slice(0, 7), period === 'year' ? 12 : 1);
  const last = monthBounds(month).to;
  const day = `${month}-${startsOn.slice(8, 10)}`;
  return day > last ? last : day;
}

const day = z.iso.date('A date, YYYY-MM-DD.');

/** Assign or change an account's plan and status (`/ManageSubscription`). */
export const AssignBody = z
  .strictObject({
    planId: z.uuid(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    startsOn: day,
    renewsOn: day,
    note: z.string().trim().max(500).default(''),
  })
  .refine((b) => b.renewsOn >= b.startsOn, { path: ['renewsOn'], message: 'On or after the start.' });
export type AssignBody = z.infer<typeof AssignBody>;

export const Usage = z.object({
  key: z.enum(LIMIT_KEYS),
  used: z.number().int(),
  limit: z.number().int().nullable(),
  /** Enforced on creates (devices are only reported: a field device is never refused). */
  enforced: z.boolean(),
});
export type Usage = z.infer<typeof Usage>;

export const SubscriptionEvent = z.object({
  at: z.string(),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  renewsOn: z.string(),
  by: z.string().nullable(),
  note: z.string(),
});

/** `/ViewSubscription` (the account's admin) and one account on `/ManageSubscription`. */
export const SubscriptionView = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  plan: Plan.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  startsOn: z.string().nullable(),
  renewsOn: z.string().nullable(),
  usage: z.array(Usage),
  history: z.array(SubscriptionEvent),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;
export const AccountIdParam = z.object({ accountId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `/SubscriptionReport`: one account's usage and billable amount in one month. */
export const SubscriptionReportRow = z.object({
  id: z.string(),
  month: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  planName: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  stores: z.number().int(),
  tanks: z.number().int(),
  equipment: z.number().int(),
  users: z.number().int(),
  gaugeDevices: z.number().int(),
  devices: z.number().int(),
  dispenses: z.number().int(),
  litres: z.number(),
  billable: z.number(),
  currency: z.string().nullable(),
});
export type SubscriptionReportRow = z.infer<typeof SubscriptionReportRow>;

export const SUBSCRIPTION_REPORT_LIST = {
  path: '/admin/subscription-report',
  title: 'Subscription report',
  screen: '/SubscriptionReport',
  search: ['accountName', 'planName'],
  defaultSort: '-month',
  sort: ['month', 'accountName', 'billable', 'litres'],
} as const;

export const SUBSCRIPTION_REPORT_COLUMNS: readonly ColumnSpec<keyof SubscriptionReportRow & string>[] = [
  { key: 'month', title: 'Month', kind: 'text', priority: 1 },
  { key: 'accountName', title: 'Account', kind: 'text', priority: 1 },
  { key: 'planName', title: 'Plan', kind: 'text', priority: 2 },
  { key: 'status', title: 'Status', kind: 'enum', labels: SUBSCRIPTION_STATUS_LABELS, priority: 2 },
  { key: 'stores', title: 'Stores', kind: 'number', priority: 3 },
  { key: 'tanks', title: 'Tanks', kind: 'number', priority: 3 },
  { key: 'equipment', title: 'Equipment', kind: 'number', priority: 3 },
  { key: 'users', title: 'Users', kind: 'number', priority: 3 },
  { key: 'gaugeDevices', title: 'Gauge devices', kind: 'number', priority: 3 },
  { key: 'devices', title: 'Syncing devices', kind: 'number', priority: 3 },
  { key: 'dispenses', title: 'Dispenses', kind: 'number', priority: 3 },
  { key: 'litres', title: 'Litres', kind: 'litres', decimals: 0, priority: 3 },
  { key: 'billable', title: 'Billable', kind: 'money', priority: 2 },
  { key: 'currency', title: 'Currency', kind: 'text', priority: 3 },
];
