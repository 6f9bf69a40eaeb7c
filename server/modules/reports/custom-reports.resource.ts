import { inArray, sql } from 'drizzle-orm';
import {
  CUSTOM_REPORT_LIST,
  CustomReportCreate,
  CustomReportRow,
  CustomReportUpdate,
  type PublishRole,
} from '../../../src/contract/custom-reports';
import { DATASET_IDS, type DatasetId } from '../../../src/contract/datasets';
import { accounts, customReports as t, users } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/**
 * `/custom-reports` on the resource pattern (ADR 045): versions, audit, soft delete and restore, list
 * and export, all under `/CustomReport`'s rule. The declaration is stored as the contract's schema
 * parsed it; its owner is the row's creator. The accounts it is published to besides its own are a
 * column of the row (ADR 064), so publishing changes are versioned and audited with the report.
 */
export const customReportsResource = defineResource({
  info: CUSTOM_REPORT_LIST,
  table: t,
  rules: screenRules(CUSTOM_REPORT_LIST.screen),
  schemas: { create: CustomReportCreate, update: CustomReportUpdate, row: CustomReportRow },
  extra: {
    ownerName: sql<string | null>`(select u.display_name from ${users} u where u.id = ${t.createdBy})`,
    // The chosen accounts' names in the order of `accounts` (ADR 064); an account gone reads "#<id>".
    accountNames: sql<string[]>`array(select coalesce(a.name, '#' || x.id::text)
      from unnest(${t.accounts}) with ordinality x(id, n) left join ${accounts} a on a.id = x.id order by x.n)`,
  },
  search: [t.title, t.description],
  sort: { title: sql`lower(${t.title})`, dataset: t.dataset },
  filters: { dataset: filter.oneOf(t.dataset, DATASET_IDS), published: filter.bool(t.published) },
  label: sql`${t.title}`,
  unique: {},
  references: [],
  toRow: (r): CustomReportRow => ({
    ...metaOf(r),
    title: r.title,
    description: r.description,
    dataset: r.dataset as DatasetId,
    columns: r.declaration.columns,
    filters: r.declaration.filters,
    groupBy: r.declaration.groupBy,
    sort: r.declaration.sort,
    published: r.published,
    roles: r.roles as PublishRole[],
    accounts: r.accounts,
    accountNames: r.accountNames ?? [],
    ownerId: r.createdBy,
    ownerName: r.ownerName ?? null,
  }),
  toValues: (i, actor) => ({
    title: i.title,
    description: i.description,
    dataset: i.dataset,
    declaration: { columns: i.columns, filters: i.filters, groupBy: i.groupBy, sort: i.sort },
    published: i.published,
    roles: [...new Set(i.roles)],
    // Its own account needs no entry: there it is published to the roles as before (ADR 045).
    accounts: [...new Set(i.accounts)].filter((id) => id !== actor.accountId).sort((a, b) => a - b),
  }),
  /** The chosen accounts exist (an id that does not is a field error, not a report published nowhere). */
  async validate(tx, input) {
    const ids = [...new Set(input.accounts ?? [])];
    if (!ids.length) return undefined;
    const found = new Set(
      (await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids))).map((a) => a.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    return missing.length ? { accounts: [`There is no account ${missing.join(', ')}`] } : undefined;
  },
});
