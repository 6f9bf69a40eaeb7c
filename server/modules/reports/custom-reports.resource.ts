import { sql } from 'drizzle-orm';
import {
  CUSTOM_REPORT_LIST,
  CustomReportCreate,
  CustomReportRow,
  CustomReportUpdate,
  type PublishRole,
} from '../../../src/contract/custom-reports';
import { DATASET_IDS, type DatasetId } from '../../../src/contract/datasets';
import { customReports as t, users } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/**
 * `/custom-reports` on the resource pattern (ADR 045): versions, audit, soft delete and restore, list
 * and export, all under `/CustomReport`'s rule. The declaration is stored as the contract's schema
 * parsed it; its owner is the row's creator.
 */
export const customReportsResource = defineResource({
  info: CUSTOM_REPORT_LIST,
  table: t,
  rules: screenRules(CUSTOM_REPORT_LIST.screen),
  schemas: { create: CustomReportCreate, update: CustomReportUpdate, row: CustomReportRow },
  extra: {
    ownerName: sql<string | null>`(select u.display_name from ${users} u where u.id = ${t.createdBy})`,
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
    ownerId: r.createdBy,
    ownerName: r.ownerName ?? null,
  }),
  toValues: (i) => ({
    title: i.title,
    description: i.description,
    dataset: i.dataset,
    declaration: { columns: i.columns, filters: i.filters, groupBy: i.groupBy, sort: i.sort },
    published: i.published,
    roles: [...new Set(i.roles)],
  }),
});
