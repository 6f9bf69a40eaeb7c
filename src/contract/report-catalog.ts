import type { ColumnSpec } from './columns';
import type { ReportFilter, ReportId, ReportKey } from './report-keys';

/**
 * Standard reports (issue 13), declared once for the screen, the server and the files: what a
 * report is called, which parameters it takes, its columns (the same `ColumnSpec` the lists and
 * exports use, ADR 023), which column its subtotals break on and which columns add up. No zod here: the
 * route's search validator reads the ids (ADR 017); the run's schemas are `reports.ts`. The SQL
 * lives on the server, one set-based query per report (`server/modules/reports`).
 */

export { lineCells, linesOf, subtotalColumn, totaller, withTotals, type ReportLine } from './report-lines';
export {
  REPORT_FILTERS,
  REPORT_IDS,
  isReportKey,
  isCustomKey,
  type ReportFilter,
  type ReportId,
  type ReportKey,
} from './report-keys';

export interface ReportDeclaration {
  /** A standard report's id, or `custom:<id>` for a saved custom report (ADR 045). */
  id: ReportKey;
  title: string;
  description: string;
  group: 'Fuel' | 'Stock' | 'Fleet' | 'Control' | 'Custom';
  /** `range`: a date range (relative or custom); `days`: "not fuelled in N days". */
  period: 'range' | 'days';
  filters: readonly ReportFilter[];
  columns: readonly ColumnSpec[];
  /**
   * Subtotal levels, outermost first (e.g. store → product): a subtotal row after each run of equal
   * values of a level's column within its outer level (rows come sorted by the levels).
   */
  subtotalBy?: readonly string[];
  /** Columns summed in subtotals and the total. */
  sums: readonly string[];
  /** An optional chart above the preview (ADR 058). */
  chart?: ReportChart;
}

/**
 * A report's chart (ADR 058): the `y` column summed per value of the `x` column over the whole run (not
 * the preview's page), as bars (a value per group) or a line (a value per day, `x` sorted).
 */
export interface ReportChart {
  kind: 'bar' | 'line';
  x: string;
  y: string;
}
/** Charts with more points than this are not drawn (a bar per one of 2,000 trucks says nothing). */
export const CHART_POINTS = 60;

/** A standard report: its id is one of `REPORT_IDS`. */
export type StandardReport = ReportDeclaration & { id: ReportId };

const litres: ColumnSpec = { key: 'litres', title: 'Litres', kind: 'litres', decimals: 2 };
const cost: ColumnSpec = { key: 'cost', title: 'Cost', kind: 'money' };
const count: ColumnSpec = { key: 'dispenses', title: 'Dispenses', kind: 'number', decimals: 0 };

const FIRST_REPORTS: readonly StandardReport[] = [
  {
    id: 'fuel-by-cost-centre',
    title: 'Fuel by cost centre',
    description: 'Litres and cost per cost centre, for charging fuel to the business.',
    group: 'Fuel',
    period: 'range',
    filters: ['storeId', 'productId'],
    columns: [
      { key: 'costCentre', title: 'Cost centre', kind: 'code', name: 'costCentreName' },
      { key: 'equipmentCount', title: 'Equipment', kind: 'number', decimals: 0 },
      count,
      litres,
      cost,
    ],
    sums: ['dispenses', 'litres', 'cost'],
    chart: { kind: 'bar', x: 'costCentre', y: 'litres' },
  },
  {
    id: 'fuel-by-equipment',
    title: 'Fuel by equipment',
    description: 'Litres and cost per vehicle or machine, with its cost centre.',
    group: 'Fuel',
    period: 'range',
    filters: ['storeId', 'productId', 'costCentreId', 'equipmentId'],
    columns: [
      { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
      { key: 'description', title: 'Description', kind: 'text' },
      { key: 'costCentre', title: 'Cost centre', kind: 'code', name: 'costCentreName' },
      count,
      litres,
      cost,
    ],
    sums: ['dispenses', 'litres', 'cost'],
  },
  {
    id: 'fuel-by-employee',
    title: 'Fuel by employee',
    description: 'Litres dispensed per driver or operator.',
    group: 'Fuel',
    period: 'range',
    filters: ['storeId', 'productId', 'costCentreId', 'employeeId'],
    columns: [
      { key: 'employeeNumber', title: 'Employee no.', kind: 'text' },
      { key: 'employee', title: 'Employee', kind: 'text' },
      count,
      litres,
      cost,
    ],
    sums: ['dispenses', 'litres', 'cost'],
  },
  {
    id: 'fuel-by-store-product',
    title: 'Fuel by store and product',
    description: 'Litres and cost per fuel site and product, with a subtotal per site.',
    group: 'Fuel',
    period: 'range',
    filters: ['storeId', 'productId'],
    columns: [
      { key: 'store', title: 'Store', kind: 'code', name: 'storeName' },
      { key: 'product', title: 'Product', kind: 'code', name: 'productName' },
      count,
      litres,
      cost,
    ],
    subtotalBy: ['store'],
    sums: ['dispenses', 'litres', 'cost'],
    chart: { kind: 'bar', x: 'store', y: 'litres' },
  },
  {
    id: 'transfers',
    title: 'Transfers',
    description: 'Every transfer between tanks, by store-local day, with the litres moved.',
    group: 'Stock',
    period: 'range',
    filters: ['storeId', 'productId'],
    columns: [
      { key: 'day', title: 'Day', kind: 'date' },
      { key: 'fromStore', title: 'From store', kind: 'code' },
      { key: 'fromTank', title: 'From tank', kind: 'code' },
      { key: 'toStore', title: 'To store', kind: 'code' },
      { key: 'toTank', title: 'To tank', kind: 'code' },
      { key: 'product', title: 'Product', kind: 'code', name: 'productName' },
      litres,
    ],
    subtotalBy: ['day'],
    sums: ['litres'],
    chart: { kind: 'line', x: 'day', y: 'litres' },
  },
  {
    id: 'not-fuelled',
    title: 'Equipment not fuelled',
    description: 'Active equipment with no dispense in the last N days (or never).',
    group: 'Fleet',
    period: 'days',
    filters: ['costCentreId'],
    columns: [
      { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
      { key: 'description', title: 'Description', kind: 'text' },
      { key: 'costCentre', title: 'Cost centre', kind: 'code', name: 'costCentreName' },
      { key: 'lastFuelled', title: 'Last fuelled', kind: 'date' },
      { key: 'daysSince', title: 'Days since', kind: 'number', decimals: 0 },
    ],
    sums: [],
  },
];

/** 130 US gallons in litres: the fixed part of the EPA monthly leak-check allowance (40 CFR 280.43(a)). */
export const EPA_ALLOWANCE_LITRES = 492.1;
/** The variable part: 1 % of the month's throughput (dispensed litres). */
export const EPA_ALLOWANCE_SHARE = 0.01;

const tankCol: ColumnSpec = { key: 'tank', title: 'Tank', kind: 'code', name: 'tankName' };
const storeCol: ColumnSpec = { key: 'store', title: 'Store', kind: 'code', name: 'storeName' };
const L = (key: string, title: string): ColumnSpec => ({ key, title, kind: 'litres', decimals: 2 });

/** The second slice of issue 13's twelve (ADR 035): fleet use, the tanks' books, deliveries, limits, exceptions. */
const MORE_REPORTS: readonly StandardReport[] = [
  {
    id: 'consumption',
    title: 'Consumption per equipment',
    description:
      'L/100 km or L/h between the first and last meter reading of the period; "High"/"Low" where a unit uses over 30 % more or less than the median of its type.',
    group: 'Fleet',
    period: 'range',
    filters: ['storeId', 'productId', 'costCentreId'],
    columns: [
      { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
      { key: 'description', title: 'Description', kind: 'text' },
      { key: 'type', title: 'Type', kind: 'text' },
      { key: 'unit', title: 'Unit', kind: 'text' },
      { key: 'fills', title: 'Fills', kind: 'number', decimals: 0 },
      litres,
      { key: 'meterFrom', title: 'Meter from', kind: 'number', decimals: 1 },
      { key: 'meterTo', title: 'Meter to', kind: 'number', decimals: 1 },
      { key: 'used', title: 'Km or hours', kind: 'number', decimals: 1 },
      { key: 'rate', title: 'Rate', kind: 'number', decimals: 2 },
      { key: 'typeRate', title: 'Type median', kind: 'number', decimals: 2 },
      { key: 'outlier', title: 'Outlier', kind: 'text' },
    ],
    sums: ['fills', 'litres'],
  },
  {
    id: 'tank-reconciliation',
    title: 'Monthly tank reconciliation',
    description:
      'Per tank and store-local day: opening, receipts, dispenses, transfers, book, measured and over/short (EPA layout); the period line passes when the over/short is within 1 % of throughput + 130 gal (492.1 L).',
    group: 'Stock',
    period: 'range',
    filters: ['storeId', 'productId', 'tankId'],
    columns: [
      storeCol,
      tankCol,
      { key: 'day', title: 'Day', kind: 'text' },
      L('opening', 'Opening'),
      L('receipts', 'Receipts'),
      L('dispensed', 'Dispensed'),
      L('other', 'Transfers & adjustments'),
      L('book', 'Book'),
      L('measured', 'Measured'),
      L('variance', 'Over/short'),
      L('allowed', 'Allowed'),
      { key: 'result', title: 'Result', kind: 'text' },
    ],
    sums: [],
    chart: { kind: 'line', x: 'day', y: 'variance' },
  },
  {
    id: 'stock-movement',
    title: 'Stock movement per tank',
    description:
      'Per tank: book at the start, receipts, dispenses, transfers in and out, adjustments, book at the end and the last measurement; subtotals per store and product.',
    group: 'Stock',
    period: 'range',
    filters: ['storeId', 'productId', 'tankId'],
    columns: [
      storeCol,
      { key: 'product', title: 'Product', kind: 'code', name: 'productName' },
      tankCol,
      L('opening', 'Opening book'),
      L('receipts', 'Receipts'),
      L('dispensed', 'Dispensed'),
      L('transfersIn', 'Transfers in'),
      L('transfersOut', 'Transfers out'),
      L('adjustments', 'Adjustments'),
      L('closing', 'Closing book'),
      L('measured', 'Last measured'),
      L('variance', 'Measured − book'),
    ],
    subtotalBy: ['store', 'product'],
    sums: ['receipts', 'dispensed', 'transfersIn', 'transfersOut', 'adjustments'],
  },
  {
    id: 'deliveries',
    title: 'Deliveries against the gauge',
    description:
      'Each receipt beside the delivery its tank gauge measured, with the difference; deliveries the gauge saw without a receipt are listed too.',
    group: 'Stock',
    period: 'range',
    filters: ['storeId', 'productId', 'tankId'],
    columns: [
      { key: 'day', title: 'Day', kind: 'date' },
      storeCol,
      tankCol,
      { key: 'supplier', title: 'Supplier', kind: 'text' },
      { key: 'deliveryNote', title: 'Delivery note', kind: 'text' },
      L('litres', 'Receipt'),
      L('gaugeLitres', 'Gauge'),
      L('difference', 'Gauge − receipt'),
      { key: 'differencePct', title: 'Difference %', kind: 'percent', decimals: 2 },
    ],
    sums: ['litres', 'gaugeLitres', 'difference'],
  },
  {
    id: 'allocation-usage',
    title: 'Allocation usage against limits',
    description:
      'Per allocation: litres drawn in the period, the busiest day and month beside the daily and monthly limits, and how many days and months went over.',
    group: 'Fleet',
    period: 'range',
    filters: ['storeId', 'productId'],
    columns: [
      { key: 'subject', title: 'Subject', kind: 'text' },
      { key: 'product', title: 'Product', kind: 'code', name: 'productName' },
      { key: 'store', title: 'Store', kind: 'text' },
      L('litres', 'Litres'),
      L('dailyLimit', 'Daily limit'),
      L('peakDay', 'Busiest day'),
      { key: 'daysOver', title: 'Days over', kind: 'number', decimals: 0 },
      L('monthlyLimit', 'Monthly limit'),
      L('peakMonth', 'Busiest month'),
      { key: 'monthsOver', title: 'Months over', kind: 'number', decimals: 0 },
    ],
    sums: ['litres', 'daysOver', 'monthsOver'],
  },
  {
    id: 'exceptions-summary',
    title: 'Exceptions summary',
    description:
      'Exceptions raised in the period per type and severity, with how many are still open and how long resolving took.',
    group: 'Control',
    period: 'range',
    filters: ['storeId'],
    columns: [
      { key: 'type', title: 'Type', kind: 'text' },
      { key: 'severity', title: 'Severity', kind: 'text' },
      { key: 'raised', title: 'Raised', kind: 'number', decimals: 0 },
      { key: 'open', title: 'Open', kind: 'number', decimals: 0 },
      { key: 'acknowledged', title: 'Acknowledged', kind: 'number', decimals: 0 },
      { key: 'resolved', title: 'Resolved', kind: 'number', decimals: 0 },
      { key: 'hoursToResolve', title: 'Hours to resolve (median)', kind: 'number', decimals: 1 },
    ],
    sums: ['raised', 'open', 'acknowledged', 'resolved'],
    chart: { kind: 'bar', x: 'type', y: 'raised' },
  },
];

export const REPORTS: readonly StandardReport[] = [...FIRST_REPORTS, ...MORE_REPORTS];

export const reportById = (id: string): StandardReport | undefined => REPORTS.find((r) => r.id === id);

/** Longest custom range of one run. */
export const MAX_REPORT_DAYS = 400;
/** Most rows of one preview page (the screen pages through the rest, ADR 058); the files hold every row. */
export const PREVIEW_ROWS = 500;
