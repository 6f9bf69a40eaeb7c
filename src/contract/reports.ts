import { z } from 'zod';
import { COLUMN_KINDS } from './columns';
import { isCalendarDay } from './pivot';
import { isReportKey, PREVIEW_ROWS, REPORT_FILTERS, type ReportKey } from './report-catalog';
import { RELATIVE_RANGES } from './report-range';
import { ReportDefaults } from './report-settings';
import { inCalendarRange } from './safe-input';

/** The schemas of a report run (the declarations are `report-catalog.ts`). */
export * from './report-catalog';

/** A report's key: a standard report's id or `custom:<uuid>` (ADR 045). */
export const ReportKeySchema = z.custom<ReportKey>(isReportKey, { error: 'There is no such report' });

const Day = (label: string) =>
  inCalendarRange(z.string().refine(isCalendarDay, `${label}: use a real date (YYYY-MM-DD)`), label);

/**
 * The parameters of a run; which ones a report reads is in its declaration. A relative range is
 * resolved on the account's clock (its stores' zone, as the exports' local times), and rows are
 * filtered on each store's own local days.
 */
export const ReportParams = z
  .strictObject({
    range: z.enum(RELATIVE_RANGES, { error: 'Choose a period' }).default('lastMonth'),
    from: Day('From').optional(),
    to: Day('To').optional(),
    days: z.coerce
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(1, 'Days must be at least 1')
      .max(3650, 'Days must be at most 3650')
      .default(30),
    storeId: z.uuid('Not a store').optional(),
    productId: z.uuid('Not a product').optional(),
    tankId: z.uuid('Not a tank').optional(),
    equipmentId: z.uuid('Not an equipment').optional(),
    costCentreId: z.uuid('Not a cost centre').optional(),
    employeeId: z.uuid('Not an employee').optional(),
  })
  .superRefine((p, ctx) => {
    if (p.range !== 'custom') return;
    if (!p.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'From is required for a custom range' });
    if (!p.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is required for a custom range' });
    if (p.from && p.to && p.to < p.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From' });
  });
export type ReportParams = z.input<typeof ReportParams>;

const FILTER_NOUNS = {
  storeId: 'store',
  productId: 'product',
  tankId: 'tank',
  equipmentId: 'equipment',
  costCentreId: 'cost centre',
  employeeId: 'employee',
} as const;

/**
 * The filters of a run that its report does not declare, as field errors (ADR 050): a report runs
 * with its own parameters only, so a store chosen for a report without a store filter is a 400
 * rather than a run that silently ignores it.
 */
export function undeclaredFilters(
  decl: { filters: readonly (typeof REPORT_FILTERS)[number][] },
  p: Partial<Record<(typeof REPORT_FILTERS)[number], string | undefined>>,
): Record<string, string[]> | null {
  const extra = REPORT_FILTERS.filter((f) => p[f] && !decl.filters.includes(f));
  return extra.length
    ? Object.fromEntries(extra.map((f) => [f, [`This report has no ${FILTER_NOUNS[f]} filter`]]))
    : null;
}
/** The preview's page (from 1) and rows per page, beside the run's parameters (ADR 058). */
export const PreviewPage = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1).default(1),
  size: z.coerce
    .number({ error: 'Size must be a number' })
    .int('Size must be a whole number')
    .min(1, 'Size must be at least 1')
    .max(PREVIEW_ROWS, `Size must be at most ${PREVIEW_ROWS}`)
    .default(PREVIEW_ROWS),
});
export type PreviewPage = z.output<typeof PreviewPage>;

/** The parameters as the server reads them (defaults applied). */
export type ReportRunParams = z.output<typeof ReportParams>;

const ReportLineSchema = z.object({
  kind: z.enum(['row', 'subtotal', 'total']),
  values: z.record(z.string(), z.unknown()),
  level: z.number().int().optional(),
});

/** A run's answer: the resolved period, the lines (rows, subtotals, total) and the row count. */
export const ReportRun = z.object({
  report: ReportKeySchema,
  title: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  generatedAt: z.string(),
  rowCount: z.number(),
  /** True when the preview holds fewer rows than the run found (the files hold all). */
  truncated: z.boolean(),
  /** The preview's page (from 1) and its size in rows (ADR 058); subtotals and the total come with their page. */
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The page's rows with the subtotals that close on it, and the run's total (always, for the whole run). */
  lines: z.array(ReportLineSchema),
  /** The report's chart over the whole run, when it declares one and has at most `CHART_POINTS` points. */
  chart: z
    .object({
      kind: z.enum(['bar', 'line']),
      x: z.string(),
      y: z.string(),
      points: z.array(z.object({ x: z.string(), y: z.number() })),
    })
    .nullable()
    .default(null),
});
export type ReportRun = z.infer<typeof ReportRun>;

const ColumnSpecSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(COLUMN_KINDS),
  decimals: z.number().optional(),
});

export const ReportSummary = z.object({
  id: ReportKeySchema,
  title: z.string(),
  description: z.string(),
  group: z.string(),
  /** The account's default parameters (`/StandardReportListBold`). */
  defaults: ReportDefaults.default({}),
  /** A custom report's columns and summed columns (a standard report's are in the contract's catalogue). */
  custom: z
    .object({
      columns: z.array(ColumnSpecSchema),
      sums: z.array(z.string()),
      /** The run-time filters its dataset offers (store, product …), as a standard report's. */
      filters: z.array(z.enum(REPORT_FILTERS)).default([]),
      subtotalBy: z.array(z.string()).default([]),
    })
    .optional(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
export const ReportCatalog = z.object({ reports: z.array(ReportSummary) });

/** The files a run can be downloaded as. */
export const ReportFormat = z.enum(['csv', 'xlsx', 'pdf'], { error: 'format: csv, xlsx or pdf' });
export type ReportFormat = z.infer<typeof ReportFormat>;

/**
 * Every report key of the account with the title its lists show (ADR 050): the standard reports
 * under the account's names and every custom report saved in it, deleted ones too (old runs and
 * schedules keep their name). `/ReportHistory`'s and `/ReportSchedule`'s report filters read it.
 */
export const REPORT_TITLES_PATH = '/reports/titles';
export const ReportTitles = z.object({
  reports: z.array(z.object({ id: ReportKeySchema, title: z.string(), deleted: z.boolean() })),
});
export type ReportTitles = z.infer<typeof ReportTitles>;
