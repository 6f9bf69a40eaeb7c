import { sql } from 'drizzle-orm';
import { FOLLOW_UP, QUOTE_STATUSES, quoteLabel, type QuoteListRow } from '../../../src/contract/commercial/quotations';
import { QUOTATIONS_LIST } from '../../../src/contract/commercial/resources';
import type { ListQuery } from '../../../src/contract/list';
import type { DbOrTx } from '../../db/client';
import { quotations as q } from '../../db/schema';
import { filter, iso, listConditions, type Actor, type ListSpec } from '../../lib/resource';
import { parseCents } from '../../../src/contract/commercial/quote-math';
import { customerNameOf, effectiveStatus, followUpOf, siteNameOf } from './quotations.repository';

/** `f.minTotal` / `f.maxTotal`: an amount (2 decimals) compared with the total in cents. */
const amount = (op: '>=' | '<=') =>
  filter.custom((v) => {
    const c = v.length === 1 ? parseCents(v[0]) : null;
    return c === null ? { error: 'Use one amount, e.g. 1500 or 1500.50' } : sql`${q.totalCents} ${sql.raw(op)} ${c}`;
  });

/** `/viewquotations`: every quotation of the account, filterable by status, customer, date and value. */
export const quotationsSpec: ListSpec = {
  from: q,
  fields: {
    id: q.id,
    version: q.version,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    deletedAt: q.deletedAt,
    number: q.number,
    revision: q.revision,
    status: effectiveStatus,
    customerId: q.customerId,
    customerName: customerNameOf,
    siteName: siteNameOf,
    issueDate: q.issueDate,
    validUntil: q.validUntil,
    netCents: q.netCents,
    vatCents: q.vatCents,
    totalCents: q.totalCents,
    sentAt: q.sentAt,
    answeredAt: q.answeredAt,
    followUp: followUpOf,
    remindedAt: q.remindedAt,
  },
  scope: (a) => sql`${q.accountId} = ${a.accountId}`,
  deletedAt: q.deletedAt,
  id: q.id,
  search: [q.number, customerNameOf, siteNameOf],
  sort: {
    issueDate: q.issueDate,
    validUntil: q.validUntil,
    number: sql`${q.number} || lpad(${q.revision}::text, 4, '0')`,
    customerName: sql`lower(${customerNameOf})`,
    total: q.totalCents,
    status: effectiveStatus,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  },
  defaultSort: QUOTATIONS_LIST.defaultSort,
  filters: {
    status: filter.oneOf(effectiveStatus, QUOTE_STATUSES),
    followUp: filter.oneOf(followUpOf, FOLLOW_UP),
    customerId: filter.uuid(q.customerId, false),
    from: filter.custom((v) =>
      v.length === 1 && /^\d{4}-\d{2}-\d{2}$/.test(v[0])
        ? sql`${q.issueDate} >= ${v[0]}::date`
        : { error: 'Use one date (YYYY-MM-DD)' },
    ),
    to: filter.custom((v) =>
      v.length === 1 && /^\d{4}-\d{2}-\d{2}$/.test(v[0])
        ? sql`${q.issueDate} <= ${v[0]}::date`
        : { error: 'Use one date (YYYY-MM-DD)' },
    ),
    minTotal: amount('>='),
    maxTotal: amount('<='),
  },
};

type Raw = Record<string, unknown> & {
  number: string;
  revision: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
};

const day = (v: unknown) => (typeof v === 'string' ? v : iso(v as Date).slice(0, 10));

export const toListRow = (r: Raw): QuoteListRow => ({
  id: r.id as string,
  version: r.version as number,
  createdAt: iso(r.createdAt as Date),
  updatedAt: iso(r.updatedAt as Date),
  deletedAt: iso(r.deletedAt as Date | null),
  number: r.number,
  revision: r.revision,
  label: quoteLabel(r),
  status: r.status as QuoteListRow['status'],
  customerId: r.customerId as string,
  customerName: r.customerName as string | null,
  siteName: r.siteName as string | null,
  issueDate: day(r.issueDate),
  validUntil: day(r.validUntil),
  net: Number(r.netCents) / 100,
  vat: Number(r.vatCents) / 100,
  total: Number(r.totalCents) / 100,
  totalCents: Number(r.totalCents),
  sentAt: iso(r.sentAt as Date | null),
  answeredAt: iso(r.answeredAt as Date | null),
  followUp: (r.followUp as QuoteListRow['followUp']) ?? null,
  remindedAt: iso(r.remindedAt as Date | null),
});

/** The totals of the filtered set (the list's filters, search and deleted switch). */
export async function quotationTotals(db: DbOrTx, actor: Actor, query: ListQuery) {
  const where = listConditions(quotationsSpec, actor, query);
  const [row] = (
    await db.execute<{ count: number; net: string; vat: string; total: string }>(sql`
      select count(*)::int as count, coalesce(sum(${q.netCents}), 0)::text as net,
        coalesce(sum(${q.vatCents}), 0)::text as vat, coalesce(sum(${q.totalCents}), 0)::text as total
      from ${q} where ${where}`)
  ).rows;
  return { count: row.count, netCents: Number(row.net), vatCents: Number(row.vat), totalCents: Number(row.total) };
}
