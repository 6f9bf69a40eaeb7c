import { sql } from 'drizzle-orm';
import { satisfies } from '../../../src/contract/access';
import {
  DocumentCreate,
  DocumentRow,
  DocumentUpdate,
  EXPIRY_STATES,
  EXPIRY_WARNING_DAYS,
  type ExpiryState,
} from '../../../src/contract/commercial/documents';
import { COMMERCIAL_RESOURCES } from '../../../src/contract/commercial/resources';
import { documents as t, documentShares } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/** Expired, expiring within EXPIRY_WARNING_DAYS, valid, or no expiry date (the server's date). */
export const expiryOf = sql<ExpiryState>`case
  when ${t.expiresOn} is null then 'none'
  when ${t.expiresOn} < current_date then 'expired'
  when ${t.expiresOn} < current_date + ${EXPIRY_WARNING_DAYS}::int then 'expiring'
  else 'valid' end`;

// Qualified by hand: inside a subquery Drizzle may print the outer columns without their table.
const shares = (opened: boolean) =>
  sql<number>`(select count(*)::int from ${documentShares} s where s.account_id = "documents"."account_id" and s.document_id = "documents"."id" and s.deleted_at is null${opened ? sql` and s.open_count > 0` : sql``})`;

/**
 * `/Documentlist`: the account's documents on the resource pattern (versions, audit, soft delete,
 * restore). The files are added by the upload endpoint (documents.service.ts), not by this body.
 */
export const documentsResource = defineResource({
  info: COMMERCIAL_RESOURCES.documents,
  table: t,
  rules: screenRules('/Documentlist'),
  schemas: { create: DocumentCreate, update: DocumentUpdate, row: DocumentRow },
  extra: { expiry: expiryOf, shareCount: shares(false), openedCount: shares(true) },
  search: [t.title, t.category, sql`array_to_string(${t.tags}, ' ')`],
  sort: { title: sql`lower(${t.title})`, category: sql`lower(${t.category})`, expiresOn: t.expiresOn },
  filters: {
    category: filter.text(t.category),
    expiry: filter.oneOf(expiryOf, EXPIRY_STATES),
    system: filter.bool(t.system),
  },
  label: sql`${t.title}`,
  unique: { documents_title_uq: { field: 'title', message: 'Another document already has this title' } },
  references: [],
  // Only a ThebigBoss publishes to every account.
  async validate(_tx, input, { actor, before }): Promise<Record<string, string[]> | undefined> {
    if ((input.system || before?.system) && !satisfies(actor.roles, 'thebigBoss'))
      return { system: ['Only a ThebigBoss can publish or change a system document'] };
    if (!input.system && input.systemRoles.length) return { systemRoles: ['Roles apply to system documents only'] };
    return undefined;
  },
  toRow: (r): DocumentRow => ({
    ...metaOf(r),
    title: r.title,
    category: r.category,
    tags: r.tags,
    expiresOn: r.expiresOn,
    description: r.description,
    staffVisible: r.staffVisible,
    system: r.system,
    systemRoles: r.systemRoles,
    expiry: r.expiry,
    currentVersion: r.currentVersion,
    fileName: r.fileName,
    mime: r.mime,
    sizeBytes: r.sizeBytes === null ? null : Number(r.sizeBytes),
    shareCount: r.shareCount,
    openedCount: r.openedCount,
  }),
  toValues: (i) => ({
    title: i.title,
    category: i.category,
    tags: i.tags,
    expiresOn: i.expiresOn,
    description: i.description,
    staffVisible: i.staffVisible,
    system: i.system,
    systemRoles: i.systemRoles,
  }),
});
