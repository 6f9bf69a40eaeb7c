import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  FOLLOW_UP_DEFAULTS,
  type CommercialSettings,
  type QuoteStatus,
  type WinRateMonth,
} from '../../../src/contract/commercial/quotations';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  auditLog,
  catalogueItems,
  commercialSettings,
  customers,
  customerSites,
  quoteCounters,
  quotationLines,
  quotations as q,
} from '../../db/schema';

/** A sent quotation past its validity date reads as expired (ADR 039); the row keeps `sent`. */
export const effectiveStatus = sql<QuoteStatus>`(case when ${q.status} = 'sent' and ${q.validUntil} < current_date then 'expired' else ${q.status} end)`;
const setting = (col: AnyPgColumn, fallback: number) =>
  sql<number>`coalesce((select ${col} from ${commercialSettings} where ${commercialSettings.accountId} = ${q.accountId}), ${fallback})`;
/** The account's follow-up days (ADR 049), the default without a settings row. */
export const followUpDaysOf = setting(commercialSettings.followUpDays, FOLLOW_UP_DEFAULTS.followUpDays);
const everyDaysOf = setting(commercialSettings.followUpEveryDays, FOLLOW_UP_DEFAULTS.followUpEveryDays);
const maxOf = setting(commercialSettings.followUpMax, FOLLOW_UP_DEFAULTS.followUpMax);
/**
 * `due` for a sent, still valid quotation unanswered for the account's follow-up days, whose
 * reminders are not turned off; else null (the list's column and filter).
 */
export const followUpOf = sql<
  'due' | null
>`(case when ${q.status} = 'sent' and ${q.validUntil} >= current_date and not ${q.followUpOff} and ${q.sentAt} + make_interval(days => ${followUpDaysOf}) <= now() then 'due' end)`;
/**
 * The next reminder is due (ADR 059): due for follow-up, fewer than the account's most reminders
 * sent, and reminder n+1's day reached: sent + after + n × every days.
 */
export const reminderDueOf = sql<boolean>`(${followUpOf} = 'due' and ${q.reminderCount} < ${maxOf} and ${q.sentAt} + make_interval(days => ${followUpDaysOf} + ${q.reminderCount} * ${everyDaysOf}) <= now())`;
export const customerNameOf = sql<
  string | null
>`(select ${customers.name} from ${customers} where ${customers.id} = ${q.customerId})`;
export const siteNameOf = sql<
  string | null
>`(select ${customerSites.name} from ${customerSites} where ${customerSites.id} = ${q.siteId})`;

const fields = {
  id: q.id,
  accountId: q.accountId,
  version: q.version,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
  deletedAt: q.deletedAt,
  number: q.number,
  revision: q.revision,
  previousId: q.previousId,
  storedStatus: q.status,
  status: effectiveStatus,
  customerId: q.customerId,
  customerName: customerNameOf,
  siteId: q.siteId,
  siteName: siteNameOf,
  issueDate: q.issueDate,
  validUntil: q.validUntil,
  terms: q.terms,
  paymentTerms: q.paymentTerms,
  notes: q.notes,
  grossCents: q.grossCents,
  discountCents: q.discountCents,
  netCents: q.netCents,
  vatCents: q.vatCents,
  totalCents: q.totalCents,
  sentAt: q.sentAt,
  sentTo: q.sentTo,
  answeredAt: q.answeredAt,
  answeredBy: q.answeredBy,
  followUpOff: q.followUpOff,
};
export type QuoteValues = Omit<typeof q.$inferInsert, 'id' | 'accountId'>;
export type LineValues = Omit<typeof quotationLines.$inferInsert, 'accountId' | 'quotationId'>;

/** The only code that touches the quotation tables; every statement names the account. */
export function quotationsRepository(db: DbOrTx) {
  const mine = (accountId: number, id: string) => and(eq(q.accountId, accountId), eq(q.id, id));
  return {
    /** The next number of the account's year: the counter row is bumped and stays locked until commit. */
    async nextSeq(accountId: number, year: number): Promise<number> {
      const [row] = await db
        .insert(quoteCounters)
        .values({ accountId, year, last: 1 })
        .onConflictDoUpdate({
          target: [quoteCounters.accountId, quoteCounters.year],
          set: { last: sql`${quoteCounters.last} + 1` },
        })
        .returning({ last: quoteCounters.last });
      return row.last;
    },

    async find(accountId: number, id: string, lock = false) {
      const query = db.select(fields).from(q).where(mine(accountId, id));
      const [row] = lock ? await query.for('update') : await query;
      if (!row) return undefined;
      const lines = await db
        .select()
        .from(quotationLines)
        .where(and(eq(quotationLines.accountId, accountId), eq(quotationLines.quotationId, id)))
        .orderBy(asc(quotationLines.position));
      return { ...row, lines };
    },

    async insert(accountId: number, values: QuoteValues): Promise<string> {
      const [row] = await db
        .insert(q)
        .values({ ...values, accountId })
        .returning({ id: q.id });
      return row.id;
    },

    async update(accountId: number, id: string, userId: number | null, values: Partial<QuoteValues>) {
      await db
        .update(q)
        .set({ ...values, version: sql`${q.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
        .where(mine(accountId, id));
    },

    async replaceLines(accountId: number, quotationId: string, lines: LineValues[]) {
      await db
        .delete(quotationLines)
        .where(and(eq(quotationLines.accountId, accountId), eq(quotationLines.quotationId, quotationId)));
      if (lines.length) await db.insert(quotationLines).values(lines.map((l) => ({ ...l, accountId, quotationId })));
    },

    /** The highest revision of a number (a new revision takes the next). */
    async lastRevision(accountId: number, number: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number>`max(${q.revision})::int` })
        .from(q)
        .where(and(eq(q.accountId, accountId), eq(q.number, number)));
      return row?.max ?? 0;
    },

    async customer(accountId: number, id: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.accountId, accountId), eq(customers.id, id), isNull(customers.deletedAt)));
      return row;
    },

    async site(accountId: number, id: string) {
      const [row] = await db
        .select()
        .from(customerSites)
        .where(and(eq(customerSites.accountId, accountId), eq(customerSites.id, id), isNull(customerSites.deletedAt)));
      return row;
    },

    /** Which of these price-list items are live rows of the account. */
    async catalogueIds(accountId: number, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: catalogueItems.id })
        .from(catalogueItems)
        .where(
          and(
            eq(catalogueItems.accountId, accountId),
            inArray(catalogueItems.id, ids),
            isNull(catalogueItems.deletedAt),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async account(accountId: number) {
      const [row] = await db
        .select({ name: accounts.name, currency: accounts.currency, card: accounts.card, logoFile: accounts.logoFile })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row;
    },

    /** The account's reminder sequence (the defaults without a row). */
    async followUpSettings(accountId: number): Promise<CommercialSettings> {
      const [row] = await db
        .select({
          followUpDays: commercialSettings.followUpDays,
          followUpEveryDays: commercialSettings.followUpEveryDays,
          followUpMax: commercialSettings.followUpMax,
          paymentTerms: commercialSettings.paymentTerms,
        })
        .from(commercialSettings)
        .where(eq(commercialSettings.accountId, accountId));
      return row ?? { ...FOLLOW_UP_DEFAULTS };
    },

    async setFollowUpSettings(accountId: number, v: CommercialSettings) {
      await db
        .insert(commercialSettings)
        .values({ accountId, ...v })
        .onConflictDoUpdate({ target: commercialSettings.accountId, set: { ...v, updatedAt: sql`now()` } });
    },

    /** A quotation's reminders on or off; not an edit of the quotation (its version stays). */
    setFollowUpOff: (accountId: number, id: string, off: boolean) =>
      db.update(q).set({ followUpOff: off }).where(mine(accountId, id)).returning({ id: q.id }),

    /** The reminders sent for a quotation, from its audit log (ADR 059). */
    async reminders(accountId: number, id: string) {
      const rows = await db
        .select({ at: auditLog.at, after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.accountId, accountId),
            eq(auditLog.entity, 'quotation'),
            eq(auditLog.entityId, id),
            eq(auditLog.action, 'follow_up_reminder'),
          ),
        )
        .orderBy(auditLog.at);
      return rows.map((r, i) => {
        const a = (r.after ?? {}) as { to?: string; reminder?: number };
        return { n: a.reminder ?? i + 1, at: r.at.toISOString(), to: a.to ?? null };
      });
    },

    /** Sent quotations by month of sending, with how they ended (the current revision of each). */
    async winRate(accountId: number, months: number): Promise<WinRateMonth[]> {
      const res = await db.execute<{
        month: string;
        sent: number;
        accepted: number;
        declined: number;
        expired: number;
        open: number;
        accepted_cents: string;
      }>(sql`
        with s as (
          select to_char(date_trunc('month', ${q.sentAt}), 'YYYY-MM') as month, ${effectiveStatus} as st, ${q.totalCents} as total
          from ${q}
          where ${q.accountId} = ${accountId} and ${q.deletedAt} is null and ${q.sentAt} is not null
            and ${q.status} <> 'superseded'
            and ${q.sentAt} >= date_trunc('month', now()) - make_interval(months => ${months - 1})
        )
        select month, count(*)::int as sent,
          count(*) filter (where st = 'accepted')::int as accepted,
          count(*) filter (where st = 'declined')::int as declined,
          count(*) filter (where st = 'expired')::int as expired,
          count(*) filter (where st = 'sent')::int as open,
          coalesce(sum(total) filter (where st = 'accepted'), 0)::text as accepted_cents
        from s group by month order by month`);
      return res.rows.map((r) => {
        const decided = r.accepted + r.declined + r.expired;
        return {
          month: r.month,
          sent: r.sent,
          accepted: r.accepted,
          declined: r.declined,
          expired: r.expired,
          open: r.open,
          acceptedCents: Number(r.accepted_cents),
          winRate: decided ? Math.round((r.accepted / decided) * 1000) / 10 : null,
        };
      });
    },
  };
}
export type QuoteRaw = NonNullable<Awaited<ReturnType<ReturnType<typeof quotationsRepository>['find']>>>;
