/**
 * The report screen's URL keys (report ids, filters, relative ranges) in a module of their own:
 * `/ReportList`'s search validator runs in the entry every page loads, and a contract module is one
 * chunk, so importing these from report-catalog.ts / report-range.ts put the report declarations
 * and the calendar arithmetic in every page's first download (ADR 017, fifth pass). The old
 * modules re-export them.
 */

export const REPORT_IDS = [
  'fuel-by-equipment',
  'fuel-by-cost-centre',
  'fuel-by-employee',
  'fuel-by-store-product',
  'transfers',
  'not-fuelled',
  'consumption',
  'tank-reconciliation',
  'stock-movement',
  'deliveries',
  'allocation-usage',
  'exceptions-summary',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/**
 * A saved custom report runs through the same engine as the standard ones under the key
 * `custom:<its uuid>` (ADR 045); a standard report's key is its id.
 */
export const CUSTOM_PREFIX = 'custom:';
export type CustomReportKey = `custom:${string}`;
export type ReportKey = ReportId | CustomReportKey;
const CUSTOM_KEY = /^custom:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCustomKey = (s: unknown): s is CustomReportKey => typeof s === 'string' && CUSTOM_KEY.test(s);
export const isReportKey = (s: unknown): s is ReportKey => REPORT_IDS.includes(s as ReportId) || isCustomKey(s);
/** The custom report's id in a `custom:<id>` key. */
export const customIdOf = (key: CustomReportKey) => key.slice(CUSTOM_PREFIX.length).toLowerCase();
export const customKeyOf = (id: string): CustomReportKey => `custom:${id}`;

/** Filters a report may offer, beside its date range. */
export const REPORT_FILTERS = ['storeId', 'productId', 'tankId', 'equipmentId', 'costCentreId', 'employeeId'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const RELATIVE_RANGES = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'last7Days',
  'monthToDate',
  'lastMonth',
  'last30Days',
  'quarterToDate',
  'lastQuarter',
  'yearToDate',
  'lastYear',
  'custom',
] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];
