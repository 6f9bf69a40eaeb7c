import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { live, lower, masterColumns } from './columns';
import { customers } from './commercial';

/**
 * The account's documents (issue 16, ADR 043): the record the admin edits; its files are the
 * versions in `document_files`, the current one copied here so lists need no join.
 */
export const documents = pgTable(
  'documents',
  {
    ...masterColumns(),
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresOn: date('expires_on', { mode: 'string' }),
    description: text('description').notNull().default(''),
    staffVisible: boolean('staff_visible').notNull().default(false),
    system: boolean('system').notNull().default(false),
    systemRoles: text('system_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currentVersion: integer('current_version'),
    fileName: text('file_name'),
    mime: text('mime'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
  },
  (t) => [
    unique('documents_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('documents_title_uq').on(t.accountId, lower(t.title)).where(live(t.deletedAt)),
    // System documents are read across accounts by /Documents.
    index('documents_system_ix')
      .on(t.id)
      .where(sql`${t.system} and ${live(t.deletedAt)}`),
  ],
);

/** Every uploaded file of a document; a new upload adds a version, old ones stay downloadable. */
export const documentFiles = pgTable(
  'document_files',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    documentId: uuid('document_id').notNull(),
    versionNo: integer('version_no').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'document_files_pk', columns: [t.accountId, t.documentId, t.versionNo] }),
    foreignKey({
      name: 'document_files_document_fk',
      columns: [t.accountId, t.documentId],
      foreignColumns: [documents.accountId, documents.id],
    }),
  ],
);

/**
 * A document shared with one customer: the signed link opens it (the current version) and each
 * opening is counted. Soft-deleted = the sharing was withdrawn; the link then refuses.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    ...masterColumns(),
    documentId: uuid('document_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
    sentTo: text('sent_to'),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [
    unique('document_shares_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('document_shares_pair_uq').on(t.accountId, t.documentId, t.customerId),
    index('document_shares_customer_ix').on(t.accountId, t.customerId),
    foreignKey({
      name: 'document_shares_document_fk',
      columns: [t.accountId, t.documentId],
      foreignColumns: [documents.accountId, documents.id],
    }),
    foreignKey({
      name: 'document_shares_customer_fk',
      columns: [t.accountId, t.customerId],
      foreignColumns: [customers.accountId, customers.id],
    }),
  ],
);
