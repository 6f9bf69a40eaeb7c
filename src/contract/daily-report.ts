import { z } from 'zod';
import { INCIDENT_KINDS, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from './incidents';
import { inCalendarRange } from './safe-input';

/**
 * `/DailyReportofCall`: one store-local day per store — litres dispensed, received and
 * transferred, each tank's opening and closing (the reconciliation's figures, ADR 012), the
 * exceptions raised and resolved that day, and the incidents and call-outs. On screen, printable,
 * and as the morning e-mail (`renderDailyReportMail` on the server).
 */
export const DAILY_REPORT_PATH = '/daily-report';
/** Most stores one report covers (the e-mail covers every store; the screen picks). */
export const DAILY_REPORT_MAX_STORES = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DailyReportQuery = z.object({
  day: inCalendarRange(z.iso.date({ error: 'Day must be a date (YYYY-MM-DD)' }), 'Day'),
  /** Comma-separated store ids; none = every store of the account. */
  storeIds: z
    .string()
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').filter(Boolean))] : []))
    .refine((ids) => ids.every((id) => UUID.test(id)), 'storeIds must be store ids separated by commas')
    .refine((ids) => ids.length <= DAILY_REPORT_MAX_STORES, `At most ${DAILY_REPORT_MAX_STORES} stores`),
});
export type DailyReportQuery = z.input<typeof DailyReportQuery>;

const litres = z.number();

export const DailyReportTank = z.object({
  tankId: z.uuid(),
  tankCode: z.string(),
  tankName: z.string(),
  productName: z.string(),
  opening: litres,
  openingSource: z.enum(['reading', 'book']),
  dispensed: litres,
  received: litres,
  transferredOut: litres,
  transferredIn: litres,
  bookClosing: litres,
  /** The last reading of the day; null when the tank was not read that day. */
  measuredClosing: litres.nullable(),
  variance: litres.nullable(),
});
export type DailyReportTank = z.infer<typeof DailyReportTank>;

export const DailyReportException = z.object({
  id: z.uuid(),
  code: z.string(),
  severity: z.string(),
  status: z.string(),
  message: z.string(),
  tankCode: z.string().nullable(),
  fleetNo: z.string().nullable(),
  raisedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type DailyReportException = z.infer<typeof DailyReportException>;

export const DailyReportIncident = z.object({
  id: z.uuid(),
  kind: z.enum(INCIDENT_KINDS),
  type: z.enum(INCIDENT_TYPES),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  title: z.string(),
  tankCode: z.string().nullable(),
  fleetNo: z.string().nullable(),
  occurredAt: z.string(),
  technician: z.string().nullable(),
  company: z.string().nullable(),
  calledAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  cost: z.number().nullable(),
  closedAt: z.string().nullable(),
});
export type DailyReportIncident = z.infer<typeof DailyReportIncident>;

export const DailyReportTotals = z.object({
  dispensed: litres,
  received: litres,
  transferredOut: litres,
  transferredIn: litres,
  /** Sum of the tanks' closings: measured where read, else book. */
  closing: litres,
  callOutCost: z.number(),
});
export type DailyReportTotals = z.infer<typeof DailyReportTotals>;

export const DailyReportStore = z.object({
  storeId: z.uuid(),
  storeCode: z.string(),
  storeName: z.string(),
  timezone: z.string(),
  totals: DailyReportTotals,
  tanks: z.array(DailyReportTank),
  exceptionsRaised: z.array(DailyReportException),
  exceptionsResolved: z.array(DailyReportException),
  incidents: z.array(DailyReportIncident),
});
export type DailyReportStore = z.infer<typeof DailyReportStore>;

export const DailyReport = z.object({
  day: z.string(),
  accountName: z.string(),
  stores: z.array(DailyReportStore),
});
export type DailyReport = z.infer<typeof DailyReport>;

/** The closing a report shows for a tank: measured where read, else the book. */
export const closingOf = (t: Pick<DailyReportTank, 'measuredClosing' | 'bookClosing'>) =>
  t.measuredClosing ?? t.bookClosing;

// ---------------------------------------------------------------------------------------------
// The morning e-mail: a user subscribes for every store of the account or for chosen ones; a
// pg-boss job sends the previous day's report at `DAILY_REPORT_MAIL_HOUR` in the account's zone.

export const DAILY_REPORT_SUBSCRIPTION_PATH = '/daily-report/subscription';
/** Local hour (account's zone) from which the previous day's report is mailed. */
export const DAILY_REPORT_MAIL_HOUR = 6;
export const DAILY_REPORT_MAIL_MODES = ['off', 'all', 'stores'] as const;
export type DailyReportMailMode = (typeof DAILY_REPORT_MAIL_MODES)[number];

export const DailyReportSubscription = z
  .strictObject({
    mode: z.enum(DAILY_REPORT_MAIL_MODES, { error: 'Choose no e-mail, every store or chosen stores' }),
    /** The chosen stores (mode `stores` only). */
    storeIds: z
      .array(z.string().regex(UUID, 'Not a store id'))
      .max(DAILY_REPORT_MAX_STORES, `At most ${DAILY_REPORT_MAX_STORES} stores`)
      .default([]),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'stores' && !s.storeIds.length)
      ctx.addIssue({ code: 'custom', path: ['storeIds'], message: 'Choose at least one store' });
  });
export type DailyReportSubscription = z.input<typeof DailyReportSubscription>;

export const DailyReportSubscriptionView = z.object({
  mode: z.enum(DAILY_REPORT_MAIL_MODES),
  storeIds: z.array(z.string()),
  /** Where and when it goes: the user's address, the hour and the account's zone. */
  email: z.string(),
  sendAt: z.string(),
  timeZone: z.string(),
});
export type DailyReportSubscriptionView = z.infer<typeof DailyReportSubscriptionView>;
