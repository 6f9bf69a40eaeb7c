import { z } from 'zod';
import {
  isoDate,
  nullableText,
  optionalRef,
  optionalText,
  requiredText,
  rowMeta,
  uuidRef,
  version,
} from '../setup/fields';
import { cents, percent } from './catalogue';

/**
 * A quotation's life (ADR 039): draft → sent → accepted | declined | expired. A sent quotation
 * whose validity date has passed reads as `expired` without anyone acting. A new revision copies
 * a sent (or declined/expired) quotation into a draft with the same number; a sent one it replaces
 * becomes `superseded`, so its e-mailed link stops working.
 */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'superseded'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Superseded',
};

/** Status changes someone can ask for, and the statuses each is allowed from. */
export const QUOTE_ACTIONS = {
  send: { from: ['draft'], to: 'sent' },
  accept: { from: ['sent'], to: 'accepted' },
  decline: { from: ['sent'], to: 'declined' },
  expire: { from: ['sent'], to: 'expired' },
} as const satisfies Record<string, { from: readonly QuoteStatus[]; to: QuoteStatus }>;
export type QuoteAction = keyof typeof QUOTE_ACTIONS;
export const REVISABLE: readonly QuoteStatus[] = ['sent', 'declined', 'expired'];

/** The status `action` leads to from `from`, or null when that change is not allowed. */
export function nextStatus(from: QuoteStatus, action: QuoteAction): QuoteStatus | null {
  const a = QUOTE_ACTIONS[action];
  return (a.from as readonly QuoteStatus[]).includes(from) ? a.to : null;
}

/** "Q-2026-0001", or "Q-2026-0001 rev 2" for a revision. */
export const quoteLabel = (q: { number: string; revision: number }) =>
  q.revision > 1 ? `${q.number} rev ${q.revision}` : q.number;

/** Payment terms ("30 days from invoice"): the account's default and a quotation's own (ADR 080). */
export const PAYMENT_TERMS_MAX = 300;

export const QuoteLineInput = z.strictObject({
  catalogueItemId: optionalRef('catalogue item'),
  description: requiredText('Description', 300),
  unit: requiredText('Unit', 20).default('each'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(1_000_000, 'Too large')
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'At most 3 decimals'),
  unitPriceCents: cents('Unit price'),
  discountPct: percent('Discount').default(0),
  vatPct: percent('VAT'),
});
export type QuoteLineInput = z.input<typeof QuoteLineInput>;

const QuoteFields = z.strictObject({
  customerId: uuidRef('customer'),
  siteId: optionalRef('site'),
  issueDate: isoDate,
  validUntil: isoDate,
  terms: optionalText(4000),
  /** Printed at the PDF's foot (ADR 080); blank: the account's default (else the customer's days) when saved. */
  paymentTerms: optionalText(PAYMENT_TERMS_MAX),
  notes: optionalText(2000),
  lines: z.array(QuoteLineInput).min(1, 'Add at least one line').max(200, 'At most 200 lines'),
});
const validity = (v: { issueDate: string; validUntil: string }, ctx: z.RefinementCtx) => {
  if (v.validUntil < v.issueDate)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must be on or after the date' });
};
export const QuoteCreate = QuoteFields.superRefine(validity);
export const QuoteUpdate = z.strictObject({ ...QuoteFields.shape, version }).superRefine(validity);
export type QuoteCreate = z.input<typeof QuoteCreate>;
export type QuoteUpdate = z.input<typeof QuoteUpdate>;

export const QuoteLineRow = z.object({
  position: z.number().int(),
  catalogueItemId: z.string().nullable(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  discountPct: z.number(),
  vatPct: z.number(),
  grossCents: z.number().int(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});
export type QuoteLineRow = z.infer<typeof QuoteLineRow>;

const totals = {
  grossCents: z.number().int(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
};

/** One quotation as the editor and the manage screen read it. */
export const QuoteRow = z.object({
  ...rowMeta,
  number: z.string(),
  revision: z.number().int(),
  label: z.string(),
  previousId: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  customerId: z.string(),
  customerName: z.string().nullable(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  issueDate: z.string(),
  validUntil: z.string(),
  terms: z.string(),
  paymentTerms: z.string(),
  notes: z.string(),
  ...totals,
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  /** Follow-up reminders turned off for this quotation (ADR 059). */
  followUpOff: z.boolean(),
  /** The reminders its owner was sent, oldest first (from the audit log: the quotation's history). */
  reminders: z.array(z.object({ n: z.number().int(), at: z.string(), to: z.string().nullable() })),
  lines: z.array(QuoteLineRow),
});
export type Quote = z.infer<typeof QuoteRow>;

/** Follow-up reminders (ADR 049): a sent quotation unanswered this many days after sending is due. */
export const FOLLOW_UP_DEFAULT_DAYS = 7;
export const FOLLOW_UP = ['due'] as const;
export const FOLLOW_UP_LABELS: Record<(typeof FOLLOW_UP)[number], string> = { due: 'Due for follow-up' };
const days = (what: string) =>
  z
    .number({ error: 'Enter a number of days' })
    .int('Whole days')
    .min(1, `${what} at least 1 day`)
    .max(365, `${what} at most 365 days`);
/**
 * The account's reminder sequence (ADR 049, 059): a sent quotation is due for follow-up `followUpDays`
 * after sending; its owner is e-mailed then, and again every `followUpEveryDays`, at most `followUpMax`
 * times, while it is sent, valid and its reminders are not turned off.
 */
export const CommercialSettings = z.strictObject({
  followUpDays: days('After'),
  followUpEveryDays: days('Every'),
  followUpMax: z
    .number({ error: 'Enter a number of reminders' })
    .int('A whole number')
    .min(1, 'At least 1 reminder')
    .max(10, 'At most 10 reminders'),
  /** A new quotation's payment terms (ADR 080), e.g. "30 days from invoice"; '' for none. */
  paymentTerms: z
    .string({ error: 'Enter the payment terms' })
    .trim()
    .max(PAYMENT_TERMS_MAX, `Payment terms: at most ${PAYMENT_TERMS_MAX} characters`),
});
export const FOLLOW_UP_DEFAULTS = {
  followUpDays: FOLLOW_UP_DEFAULT_DAYS,
  followUpEveryDays: 7,
  followUpMax: 3,
  paymentTerms: '',
};
/** `PUT /quotations/settings`: what is left out keeps its value. */
export const CommercialSettingsBody = CommercialSettings.partial({
  followUpDays: true,
  followUpEveryDays: true,
  followUpMax: true,
  paymentTerms: true,
});
export type CommercialSettingsBody = z.infer<typeof CommercialSettingsBody>;
/** `PUT /quotations/:id/follow-up`: turn this quotation's reminders off (or on again). */
export const FollowUpBody = z.strictObject({ off: z.boolean({ error: 'Say whether reminders are off' }) });
export type CommercialSettings = z.infer<typeof CommercialSettings>;

/** A row of `/viewquotations` (no lines; amounts also as money for the table and exports). */
export const QuoteListRow = z.object({
  ...rowMeta,
  number: z.string(),
  revision: z.number().int(),
  label: z.string(),
  status: z.enum(QUOTE_STATUSES),
  customerId: z.string(),
  customerName: z.string().nullable(),
  siteName: z.string().nullable(),
  issueDate: z.string(),
  validUntil: z.string(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  totalCents: z.number().int(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** `due`: sent, still valid, unanswered for the account's follow-up days (ADR 049). */
  followUp: z.enum(FOLLOW_UP).nullable(),
  /** When the owner was e-mailed the reminder. */
  remindedAt: z.string().nullable(),
});
export type QuoteListRow = z.infer<typeof QuoteListRow>;

/** The filtered set's totals (`GET /quotations/totals`, same filters as the list). */
export const QuoteTotalsBody = z.object({
  count: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});
export type QuoteTotalsBody = z.infer<typeof QuoteTotalsBody>;

export const QuoteActionBody = z.strictObject({ version, note: nullableText(300) });
export const SendQuoteBody = z.strictObject({
  version,
  /** Default: the customer's first contact with an e-mail. */
  to: z.email({ error: 'Not a valid e-mail address' }).max(254).nullish(),
});

/** Win rate by month of sending: accepted ÷ (accepted + declined + expired) of those sent that month. */
export const WinRateMonth = z.object({
  month: z.string(),
  sent: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  expired: z.number().int(),
  open: z.number().int(),
  acceptedCents: z.number().int(),
  winRate: z.number().nullable(),
});
export const WinRateBody = z.object({ months: z.array(WinRateMonth) });
export type WinRateMonth = z.infer<typeof WinRateMonth>;

/** What the customer sees through the signed link (no ids of anything else). */
export const PublicQuote = z.object({
  accountName: z.string(),
  label: z.string(),
  status: z.enum(QUOTE_STATUSES),
  customerName: z.string(),
  siteName: z.string().nullable(),
  issueDate: z.string(),
  validUntil: z.string(),
  terms: z.string(),
  lines: z.array(
    QuoteLineRow.pick({
      description: true,
      unit: true,
      quantity: true,
      unitPriceCents: true,
      discountPct: true,
      vatPct: true,
      totalCents: true,
    }),
  ),
  ...totals,
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;
export const PublicQuoteAnswer = z.strictObject({
  token: z.string().min(10).max(2000),
  decision: z.enum(['accept', 'decline']),
  name: requiredText('Your name', 120),
});
export const PublicTokenQuery = z.object({ token: z.string().min(10).max(2000) });
