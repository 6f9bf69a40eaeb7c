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
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { litresCol, moneyCol } from './columns';
import { dispenses } from './field';
import { costCentres } from './setup-fleet';
import { products } from './setup-sites';

/** The account's SAP posting header values (`/SAP`, ADR 044, docs/sap-postings.md). */
export const sapSettings = pgTable('sap_settings', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  companyCode: text('company_code').notNull(),
  documentType: text('document_type').notNull().default('SA'),
  /** The G/L account credited by each export (fuel stock or clearing). */
  offsetAccount: text('offset_account').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});

/** A FAMS cost centre → SAP cost centre and the G/L account its fuel is charged to. */
export const sapCostCentreMap = pgTable(
  'sap_cost_centre_map',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    costCentreId: uuid('cost_centre_id').notNull(),
    sapCostCentre: text('sap_cost_centre').notNull(),
    glAccount: text('gl_account').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.costCentreId] }),
    foreignKey({
      name: 'sap_cost_centre_map_cc_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
  ],
);

/** A FAMS product → SAP material number. */
export const sapProductMap = pgTable(
  'sap_product_map',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    productId: uuid('product_id').notNull(),
    material: text('material').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productId] }),
    foreignKey({
      name: 'sap_product_map_product_fk',
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }),
  ],
);

/** One SAP export: who, when, which period, its figures and the file as written (re-download). */
export const sapExports = pgTable(
  'sap_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    reExport: boolean('re_export').notNull().default(false),
    lines: integer('lines').notNull(),
    dispenses: integer('dispenses').notNull(),
    litres: litresCol('litres').notNull(),
    total: moneyCol('total').notNull(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [index('sap_exports_account_created').on(t.accountId, t.createdAt)],
);

/** Which export posted a dispense: the guard against posting it twice (a re-export moves it). */
export const sapPosted = pgTable(
  'sap_posted',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    dispenseId: uuid('dispense_id').notNull(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => sapExports.id),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.dispenseId] }),
    foreignKey({
      name: 'sap_posted_dispense_fk',
      columns: [t.accountId, t.dispenseId],
      foreignColumns: [dispenses.accountId, dispenses.id],
    }),
    index('sap_posted_export').on(t.exportId),
  ],
);
