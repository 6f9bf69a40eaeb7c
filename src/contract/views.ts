import { z } from 'zod';
import { columnsOf } from './columns';
import { inCalendarRange, Month } from './safe-input';
import { BboxParam, Bounds, GpsCluster, ZoomParam } from './views-map';
import {
  checkRange,
  INTERVALS,
  isRealDate,
  ISO_DATE,
  MAX_GPS_DAYS,
  SERIES_GROUPS,
  SERIES_METRICS,
  type SeriesMetric,
} from './views-dates';

/**
 * Quick views and GPS (`/QuickChartView`, `/QuickCalendarView`, `/QuickViewGPSInformation`,
 * `/FilterGPSInformation`). Every date here is a store-local calendar day (YYYY-MM-DD): a record
 * belongs to the day its store's clock showed (`stores.timezone`), so a dispense at 23:30 in
 * Johannesburg is on that day whatever the server's or the browser's zone.
 *
 * Which figures, and where they count:
 * - dispensed: sum of `dispenses.litres` at the dispense's store. Reversals carry negative litres, so
 *   the sum is net of corrections; `dispenses` (the count) is +1 per dispense and −1 per reversal.
 * - received: sum of `receipts.litres` at the store of the receiving tank.
 * - transferred out / in: transfers at the store of the source tank (out) and of the receiving
 *   tank (in; transfers into a bowser have no "in"). The calendar cell shows "out".
 * - levels: per tank, the gross volume of its last reading of each day (`tank_readings`); a week or
 *   month shows the last daily value in it; a store or product sums its tanks.
 * Filters: `productId` is the dispense's product, else the tank's; `tankId` is the dispense's or
 * receipt's tank and, for transfers, the source tank (or the receiving tank for "in").
 */
export const VIEWS_PATHS = {
  series: '/views/series',
  calendar: '/views/calendar',
  day: '/views/day',
  dayRecords: '/views/day/records',
  gps: '/views/gps',
  gpsRecords: '/views/gps/records',
  map: '/views/map',
} as const;

export * from './views-dates';
export * from './views-map';

export const IsoDate = inCalendarRange(
  z.string().regex(ISO_DATE, 'Use a date as YYYY-MM-DD').refine(isRealDate, 'Not a real date'),
);
export { Month } from './safe-input';

// ---------------------------------------------------------------- chart series (/QuickChartView)

/** Two years of days is the longest range one chart reads. */
export const MAX_SERIES_DAYS = 731;

const filterIds = { storeId: z.uuid().optional(), tankId: z.uuid().optional(), productId: z.uuid().optional() };

const seriesFields = {
  metric: z.enum(SERIES_METRICS).default('dispensed'),
  groupBy: z.enum(SERIES_GROUPS).default('store'),
  interval: z.enum(INTERVALS).default('day'),
  from: IsoDate,
  to: IsoDate,
  ...filterIds,
};
/** `GET /api/v1/views/series` (rule quickReportViewers). */
export const SeriesQuery = z.strictObject(seriesFields).superRefine((v, ctx) => checkRange(v, ctx, MAX_SERIES_DAYS));
export type SeriesQuery = z.infer<typeof SeriesQuery>;
/** `GET /api/v1/views/series/export`: the same query and `format=csv|xlsx`. */
export const SeriesExportQuery = z
  .strictObject({ ...seriesFields, format: z.enum(['csv', 'xlsx']) })
  .superRefine((v, ctx) => checkRange(v, ctx, MAX_SERIES_DAYS));

export const SeriesPoint = z.object({
  /** First day of the bucket. */
  bucket: z.string(),
  litres: z.number(),
  /** Records behind a flow (net of reversals); null for levels. */
  count: z.number().int().nullable(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const Series = z.object({
  /** The store, tank or product id. */
  key: z.string(),
  label: z.string(),
  /** Flows: the sum over the range. Levels: the volume in the last bucket that has one. */
  total: z.number(),
  /** Only buckets with data, in order. */
  points: z.array(SeriesPoint),
});
export type Series = z.infer<typeof Series>;

export const SeriesResponse = z.object({
  metric: z.enum(SERIES_METRICS),
  groupBy: z.enum(SERIES_GROUPS),
  interval: z.enum(INTERVALS),
  from: z.string(),
  to: z.string(),
  /** Every bucket of the range, data or not. */
  buckets: z.array(z.string()),
  /** Largest total first. */
  series: z.array(Series),
});
export type SeriesResponse = z.infer<typeof SeriesResponse>;

/** The figures behind a chart as rows (the export, and the table under the chart). */
export interface SeriesRow {
  bucket: string;
  group: string;
  groupId: string;
  litres: number;
  count: number | null;
}

export function seriesRows(res: Pick<SeriesResponse, 'series'>): SeriesRow[] {
  const rows = res.series.flatMap((s) =>
    s.points.map((p) => ({ bucket: p.bucket, group: s.label, groupId: s.key, litres: p.litres, count: p.count })),
  );
  return rows.sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : a.group.localeCompare(b.group)));
}

/**
 * A series on every bucket, for drawing: a flow is 0 where nothing happened; a level is null
 * where the tank had no reading (the line breaks instead of dropping to zero).
 */
export function fillSeries(
  points: readonly SeriesPoint[],
  buckets: readonly string[],
  metric: SeriesMetric,
): { bucket: string; litres: number | null }[] {
  const at = new Map(points.map((p) => [p.bucket, p.litres]));
  return buckets.map((bucket) => ({ bucket, litres: at.get(bucket) ?? (metric === 'levels' ? null : 0) }));
}

// ---------------------------------------------------------------- calendar (/QuickCalendarView)

const DayFigures = z.object({
  dispensed: z.number(),
  received: z.number(),
  transferredOut: z.number(),
  transferredIn: z.number(),
  /** Net of reversals (a reversal counts −1). */
  dispenses: z.number().int(),
  receipts: z.number().int(),
  transfers: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFigures>;
export const ZERO_FIGURES: DayFigures = {
  dispensed: 0,
  received: 0,
  transferredOut: 0,
  transferredIn: 0,
  dispenses: 0,
  receipts: 0,
  transfers: 0,
};

/** Adds figures (totals of a month, of a day's rows). */
export function sumFigures(rows: readonly DayFigures[]): DayFigures {
  const out = { ...ZERO_FIGURES };
  for (const r of rows) for (const k of Object.keys(out) as (keyof DayFigures)[]) out[k] = round3(out[k] + r[k]);
  return out;
}
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** `GET /api/v1/views/calendar` (rule quickReportViewers); no store = every store. */
export const CalendarQuery = z.strictObject({ month: Month, ...filterIds });
export type CalendarQuery = z.infer<typeof CalendarQuery>;
/** `GET /api/v1/views/calendar/export`: the month's days as a file. */
export const CalendarExportQuery = CalendarQuery.extend({ format: z.enum(['csv', 'xlsx']) });

export const CalendarDay = DayFigures.extend({ date: z.string() });
export type CalendarDay = z.infer<typeof CalendarDay>;
export const CalendarResponse = z.object({
  month: z.string(),
  /** Every day of the month, in order. */
  days: z.array(CalendarDay),
  totals: DayFigures,
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;

/** `GET /api/v1/views/day`: one day's figures by store and product (the drill-down's summary). */
export const DayQuery = z.strictObject({ date: IsoDate, ...filterIds });
export type DayQuery = z.infer<typeof DayQuery>;
export const DaySummaryRow = DayFigures.extend({
  storeId: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
});
export type DaySummaryRow = z.infer<typeof DaySummaryRow>;
export const DayResponse = z.object({ date: z.string(), rows: z.array(DaySummaryRow), totals: DayFigures });
export type DayResponse = z.infer<typeof DayResponse>;

export const RECORD_KINDS = ['dispense', 'receipt', 'transfer'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * `GET /api/v1/views/day/records` (the list protocol, + `/export`): dispenses, receipts and
 * transfers as one list. `f.date` is a store-local day; a transfer is listed at its source store.
 */
export const DayRecordRow = z.object({
  id: z.uuid(),
  kind: z.enum(RECORD_KINDS),
  at: z.string(),
  date: z.string(),
  /** The store's zone, to read `at` on its clock. */
  timezone: z.string(),
  storeId: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  tankCode: z.string(),
  productName: z.string(),
  litres: z.number(),
  /** Equipment (dispense), supplier and delivery note (receipt), destination (transfer). */
  detail: z.string(),
  /** A reversal of an earlier dispense (negative litres). */
  reversal: z.boolean(),
});
export type DayRecordRow = z.infer<typeof DayRecordRow>;

/** The lists of this area, as the list component and the server's list engine read them. */
export const VIEWS_LISTS = {
  dayRecords: {
    path: VIEWS_PATHS.dayRecords,
    title: 'Records of the day',
    screen: '/QuickCalendarView',
    defaultSort: 'at',
    sort: ['at', 'kind', 'litres', 'storeCode'],
    filters: ['date', 'storeId', 'productId', 'tankId', 'kind'],
    search: ['detail', 'storeCode', 'tankCode', 'productName'],
  },
  gpsRecords: {
    path: VIEWS_PATHS.gpsRecords,
    title: 'GPS records',
    screen: '/FilterGPSInformation',
    defaultSort: '-at',
    sort: ['at', 'litres', 'fleetNo', 'storeCode'],
    filters: ['from', 'to', 'storeId', 'equipmentId'],
    search: ['fleetNo', 'registration', 'storeCode', 'storeName'],
  },
} as const;

// ---------------------------------------------------------------- GPS (/QuickViewGPSInformation,
// /FilterGPSInformation)

/**
 * Single dispenses one map answer carries at most (the latest in view are kept); also the most
 * clusters and single dispenses one clustered answer carries together.
 */
export const GPS_POINT_LIMIT = 5000;

/**
 * `GET /api/v1/views/gps` (rule editor): GPS-stamped dispenses (not reversals, not reversed).
 * With `zoom` below GPS_DETAIL_ZOOM the dispenses in `bbox` (default: the world) come grouped
 * into grid clusters (views-map.ts); without `zoom`, or from GPS_DETAIL_ZOOM on, one by one.
 * `focus` adds one dispense (a link from the list) whatever the filters and the viewport.
 */
export const GpsQuery = z
  .strictObject({
    from: IsoDate,
    to: IsoDate,
    storeId: z.uuid().optional(),
    equipmentId: z.uuid().optional(),
    zoom: ZoomParam.optional(),
    bbox: BboxParam.optional(),
    focus: z.uuid().optional(),
  })
  .superRefine((v, ctx) => checkRange(v, ctx, MAX_GPS_DAYS));
export type GpsQuery = z.infer<typeof GpsQuery>;
/** What a client sends (`bbox` as its text). */
export type GpsQueryInput = z.input<typeof GpsQuery>;

export const GpsPoint = z.object({
  id: z.uuid(),
  at: z.string(),
  /** The store's zone: times read in it, like the day. */
  timezone: z.string(),
  date: z.string(),
  litres: z.number(),
  storeId: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  equipmentId: z.string(),
  fleetNo: z.string(),
  registration: z.string().nullable(),
  productName: z.string(),
  tankCode: z.string(),
  employeeName: z.string().nullable(),
  accuracyM: z.number().nullable(),
});
export type GpsPoint = z.infer<typeof GpsPoint>;

export const GpsFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: GpsPoint,
});
export type GpsFeature = z.infer<typeof GpsFeature>;

/**
 * A GeoJSON FeatureCollection (RFC 7946) of single dispenses, with foreign members: the clusters,
 * the counts and whether it was capped. Clustered, `features` are the cells holding one dispense
 * and the clusters' counts plus the features make `inView`.
 */
export const GpsResponse = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(GpsFeature),
  clusters: z.array(GpsCluster),
  /** The zoom the clusters were made for; null when the dispenses are sent one by one. */
  zoom: z.number().int().nullable(),
  /** Matching dispenses anywhere (the filters, not the viewport). */
  total: z.number().int(),
  /** Matching dispenses in the viewport. */
  inView: z.number().int(),
  /** Where the matching dispenses are (for "fit to the data"); null when there are none. */
  extent: Bounds.nullable(),
  /** The dispense asked for with `focus`, when it exists in this account. */
  focus: GpsFeature.nullable(),
  limit: z.number().int(),
  truncated: z.boolean(),
  /** Set when capped: what was left out and how to narrow the filters. */
  message: z.string().nullable(),
});
export type GpsResponse = z.infer<typeof GpsResponse>;

export const GpsRecordRow = GpsPoint.extend({ lat: z.number(), lng: z.number() });
export type GpsRecordRow = z.infer<typeof GpsRecordRow>;

export function cappedMessage(total: number, limit: number): string | null {
  if (total <= limit) return null;
  return `Showing the latest ${limit.toLocaleString('en')} of ${total.toLocaleString('en')} GPS-stamped dispenses. Narrow the dates, or choose a store or an equipment, to see the rest.`;
}

/**
 * `GET /api/v1/views/map` (rule editor): the tile style (`MAP_STYLE_URL`; null = the built-in blank
 * style that needs no network) and the stores that have a location, for the map's second layer.
 */
export const MapConfig = z.object({
  styleUrl: z.string().nullable(),
  stores: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), lat: z.number(), lng: z.number() })),
});
export type MapConfig = z.infer<typeof MapConfig>;

// ---------------------------------------------------------------- Columns (the tables and their exports, ADR 023)

export const DAY_RECORD_KIND_LABELS: Record<RecordKind, string> = {
  dispense: 'Dispense',
  receipt: 'Receipt',
  transfer: 'Transfer',
};

/** Times are the store's clock (`timezone`), as the screens show them. */
export const VIEWS_COLUMNS = {
  dayRecords: columnsOf<DayRecordRow>()([
    { key: 'at', title: 'Time', kind: 'datetime', zone: 'timezone' },
    { key: 'kind', title: 'Kind', kind: 'enum', labels: DAY_RECORD_KIND_LABELS },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
    { key: 'tankCode', title: 'Tank', kind: 'code' },
    { key: 'productName', title: 'Product', kind: 'text' },
    { key: 'litres', title: 'Litres', kind: 'litres' },
    { key: 'detail', title: 'Equipment / supplier / to', kind: 'text' },
    { key: 'reversal', title: 'Reversal', kind: 'bool', hidden: true },
  ]),
  gpsRecords: columnsOf<GpsRecordRow>()([
    { key: 'at', title: 'Time', kind: 'datetime', zone: 'timezone' },
    { key: 'fleetNo', title: 'Equipment', kind: 'text' },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
    { key: 'productName', title: 'Product', kind: 'text' },
    { key: 'tankCode', title: 'Tank', kind: 'code', hidden: true },
    { key: 'litres', title: 'Litres', kind: 'litres' },
    { key: 'lat', title: 'Latitude', kind: 'number', decimals: 5 },
    { key: 'lng', title: 'Longitude', kind: 'number', decimals: 5 },
    { key: 'accuracyM', title: 'Accuracy (m)', kind: 'number', decimals: 0, hidden: true },
    { key: 'employeeName', title: 'Employee', kind: 'text', hidden: true },
    { key: 'registration', title: 'Registration', kind: 'text', hidden: true },
  ]),
} as const;
