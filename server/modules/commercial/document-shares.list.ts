import { sql } from 'drizzle-orm';
import type { DocumentShareRow } from '../../../src/contract/commercial/documents';
import { DOCUMENT_SHARES_LIST } from '../../../src/contract/commercial/resources';
import { customers, documents, documentShares as s } from '../../db/schema';
import { filter, iso, type ListSpec } from '../../lib/resource';

const titleOf = sql<string>`(select ${documents.title} from ${documents} where ${documents.id} = ${s.documentId})`;
const customerOf = sql<string>`(select ${customers.name} from ${customers} where ${customers.id} = ${s.customerId})`;

/** `/DocumentCustomer`: what is shared with which customer, and whether and when it was opened. */
export const documentSharesSpec: ListSpec = {
  from: s,
  fields: {
    id: s.id,
    version: s.version,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: s.deletedAt,
    documentId: s.documentId,
    title: titleOf,
    customerId: s.customerId,
    customerName: customerOf,
    sharedAt: s.sharedAt,
    sentTo: s.sentTo,
    firstOpenedAt: s.firstOpenedAt,
    lastOpenedAt: s.lastOpenedAt,
    openCount: s.openCount,
  },
  scope: (a) => sql`${s.accountId} = ${a.accountId}`,
  deletedAt: s.deletedAt,
  id: s.id,
  search: [titleOf, customerOf],
  sort: {
    sharedAt: s.sharedAt,
    title: sql`lower(${titleOf})`,
    customerName: sql`lower(${customerOf})`,
    lastOpenedAt: s.lastOpenedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  },
  defaultSort: DOCUMENT_SHARES_LIST.defaultSort,
  filters: {
    customerId: filter.uuid(s.customerId, false),
    documentId: filter.uuid(s.documentId, false),
    opened: filter.bool(sql`(${s.openCount} > 0)`),
  },
};

type Raw = Record<string, unknown>;
const at = (v: unknown) => iso(v as Date | string | null);

export const toShareRow = (r: Raw): DocumentShareRow => ({
  id: r.id as string,
  version: r.version as number,
  createdAt: at(r.createdAt)!,
  updatedAt: at(r.updatedAt)!,
  deletedAt: at(r.deletedAt),
  documentId: r.documentId as string,
  title: (r.title as string | null) ?? '',
  customerId: r.customerId as string,
  customerName: (r.customerName as string | null) ?? '',
  sharedAt: at(r.sharedAt)!,
  sentTo: r.sentTo as string | null,
  firstOpenedAt: at(r.firstOpenedAt),
  lastOpenedAt: at(r.lastOpenedAt),
  openCount: Number(r.openCount),
  opened: Number(r.openCount) > 0,
});
