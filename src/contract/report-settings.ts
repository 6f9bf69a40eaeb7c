import { z } from 'zod';
import { REPORT_IDS } from './report-catalog';
import { RELATIVE_RANGES } from './report-range';
import { storableString } from './safe-input';

/**
 * Which standard reports an account's users see (ADR 035). `/StandardReportAdminList`
 * (ThebigBoss) enables each report per account type, globally; `/StandardReportListBold` (the
 * account's admin) hides reports, renames them and sets their default parameters. `/ReportList`
 * offers what both allow, under the account's names, opened with its defaults.
 */

/** Defaults of a report's parameters: a relative period (never two fixed dates) and the days of "not fuelled". */
export const ReportDefaults = z.strictObject({
  range: z
    .enum(RELATIVE_RANGES, { error: 'Choose a period' })
    .refine((r) => r !== 'custom', 'Choose a relative period (such as last month), not two fixed dates')
    .optional(),
  days: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(3650, 'Days must be at most 3650')
    .optional(),
});
export type ReportDefaults = z.infer<typeof ReportDefaults>;

export const ReportSettingUpdate = z.strictObject({
  hidden: z.boolean({ error: 'Say whether the report is hidden' }),
  displayName: storableString('Display name')
    .trim()
    .max(120, 'At most 120 characters')
    .nullish()
    .transform((v) => v || null),
  defaults: ReportDefaults.default({}),
});
export type ReportSettingUpdate = z.input<typeof ReportSettingUpdate>;

/** One report as the account's admin sets it up. */
export const ReportSettingRow = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  group: z.string(),
  hidden: z.boolean(),
  displayName: z.string().nullable(),
  defaults: ReportDefaults,
});
export type ReportSettingRow = z.infer<typeof ReportSettingRow>;
export const ReportSettingList = z.object({ reports: z.array(ReportSettingRow) });

const accountType = storableString('Account type')
  .trim()
  .min(1, 'An account type is required')
  .max(60, 'At most 60 characters');

export const CatalogueUpdate = z.strictObject({
  /** null = every account type. */
  accountTypes: z.array(accountType).max(50, 'At most 50 account types').nullable(),
});
export type CatalogueUpdate = z.input<typeof CatalogueUpdate>;

export const CatalogueRow = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  group: z.string(),
  accountTypes: z.array(z.string()).nullable(),
});
export type CatalogueRow = z.infer<typeof CatalogueRow>;
/** The catalogue and the account types in use (for the choices). */
export const CatalogueList = z.object({ reports: z.array(CatalogueRow), accountTypes: z.array(z.string()) });

export const REPORT_SETTINGS_PATH = '/report-settings';
export const REPORT_CATALOGUE_PATH = '/report-catalogue';
