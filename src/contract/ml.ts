import { z } from 'zod';
import { columnsOf } from './columns';
import { BASELINE_MIN_FILLS } from './consumption';
import { LEAK_MIN_DAYS, LEAK_TARGET_LPH, LEAK_THRESHOLD_LPH, type LeakLimits } from './leak-test';
import { isoDate } from './setup/fields';
import { storableString } from './safe-input';

/**
 * `/MLUpload` (ThebigBoss, issue 15, ADR 052): a prospect's history scored by FAMS's own detection
 * in a sandbox (nothing written into any account), the labelled training set of the signed-in
 * account, and the account's calibrated detection thresholds, versioned with rollback.
 */

export const ML_PATH = '/ml';
export const ML_SCORE_PATH = `${ML_PATH}/score`;
export const ML_TRAINING_PATH = `${ML_PATH}/training-set`;
export const ML_THRESHOLDS_PATH = `${ML_PATH}/thresholds`;
export const mlReportFilePath = (id: string) => `${ML_SCORE_PATH}/${id}/file`;
export const mlActivatePath = (version: number) => `${ML_THRESHOLDS_PATH}/${version}/activate`;

/** A history file is scored in memory: small enough for that (a year of a mid-size fleet's fills). */
export const ML_MAX_BYTES = 5 * 1024 * 1024;
export const ML_MAX_ROWS = 50_000;
/** How long a sandbox report stays downloadable; expired ones are deleted on the next upload. */
export const ML_REPORT_TTL_HOURS = 24;
/** Anomalies a report keeps (the file and the screen show them all up to this). */
export const ML_MAX_ANOMALIES = 5_000;

export const ML_KINDS = ['dispenses', 'readings'] as const;
export type MlKind = (typeof ML_KINDS)[number];

export interface MlField {
  name: string;
  label: string;
  required: boolean;
  aliases: readonly string[];
}
const f = (name: string, label: string, required: boolean, ...aliases: string[]): MlField => ({
  name,
  label,
  required,
  aliases,
});

/**
 * The columns a history file needs, found by header (case, spaces and punctuation ignored; the
 * imports' matching). Dispenses: one row per fill. Readings: one row per tank reading, the day's
 * last one is its closing; deliveries and dispensed litres on a row count for its day (a daily
 * inventory sheet — day, closing, deliveries, sales — is one row per day).
 */
export const ML_FIELDS: Record<MlKind, readonly MlField[]> = {
  dispenses: [
    f('equipment', 'Equipment', true, 'fleetNo', 'fleet number', 'vehicle', 'registration', 'asset'),
    f('at', 'Date and time', true, 'dispensedAt', 'date', 'time', 'timestamp', 'transaction date'),
    f('litres', 'Litres', true, 'quantity', 'volume', 'qty'),
    f('meter', 'Meter', false, 'odometer', 'odo', 'km', 'hours', 'hour meter', 'mileage'),
    f('meterType', 'Meter type', false, 'unit', 'meter unit'),
    f('product', 'Product', false, 'fuel', 'grade'),
  ],
  readings: [
    f('tank', 'Tank', true, 'tank code', 'tank no', 'tank number'),
    f('at', 'Date and time', true, 'readAt', 'date', 'day', 'time', 'timestamp'),
    f('volume', 'Volume', true, 'closing', 'closing stock', 'reading', 'litres', 'stock', 'dip'),
    f('deliveries', 'Deliveries', false, 'receipts', 'delivered', 'received'),
    f('dispensed', 'Dispensed', false, 'sales', 'sold', 'issues', 'withdrawn'),
  ],
};

export const ScoreQuery = z.strictObject({
  kind: z.enum(ML_KINDS, { error: `kind is one of ${ML_KINDS.join(', ')}` }),
  fileName: z.string().trim().min(1, 'fileName is required').max(200),
});
export type ScoreQuery = z.infer<typeof ScoreQuery>;

export const ANOMALY_CODES = ['consumption_outlier', 'leak_suspected', 'meter_rollback'] as const;
export type AnomalyCode = (typeof ANOMALY_CODES)[number];
export const ANOMALY_LABELS: Record<AnomalyCode, string> = {
  consumption_outlier: 'Fuel use far over usual',
  leak_suspected: 'Leak suspected',
  meter_rollback: 'Meter went backwards',
};

export const Anomaly = z.object({
  code: z.enum(ANOMALY_CODES),
  /** The equipment or tank as the file names it. */
  subject: z.string(),
  /** When: the fill's time as the file gives it, or the leak test window's last day. */
  at: z.string(),
  /** The file's row (spreadsheet numbering) of the fill; null for a tank's test. */
  row: z.number().int().nullable(),
  /** The figure judged (L/100 km, L/h or the meter) and what it was judged against. */
  value: z.number().nullable(),
  baseline: z.number().nullable(),
  score: z.number().nullable(),
  message: z.string(),
});
export type Anomaly = z.infer<typeof Anomaly>;

export const ANOMALY_COLUMNS = columnsOf<Anomaly>()([
  { key: 'code', title: 'Anomaly', kind: 'enum', labels: ANOMALY_LABELS, priority: 1 },
  { key: 'subject', title: 'Equipment or tank', kind: 'text', priority: 1 },
  { key: 'at', title: 'When', kind: 'text', priority: 2 },
  { key: 'row', title: 'File row', kind: 'number', decimals: 0, priority: 3 },
  { key: 'value', title: 'Value', kind: 'number', decimals: 2, priority: 2 },
  { key: 'baseline', title: 'Usual', kind: 'number', decimals: 2, priority: 3 },
  { key: 'score', title: 'Score', kind: 'number', decimals: 2, priority: 3 },
  { key: 'message', title: 'What', kind: 'text', priority: 2 },
]);

export const MlReport = z.object({
  id: z.uuid(),
  kind: z.enum(ML_KINDS),
  fileName: z.string(),
  rowsRead: z.number().int(),
  /** Rows left out (a bad number or time), with the first reasons. */
  rowsSkipped: z.number().int(),
  skipped: z.array(z.string()),
  /** Equipment (dispenses) or tanks (readings) in the file. */
  subjects: z.number().int(),
  anomalies: z.array(Anomaly),
  thresholdsVersion: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MlReport = z.infer<typeof MlReport>;

export const ReportFileQuery = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: 'format is csv or xlsx' }).default('csv'),
});

// ---------------------------------------------------------------------------------------------
// Training set

export const TRAINING_KINDS = ['equipment', 'tank'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];
/** At most a year per file: a training set of a larger fleet is asked for per year. */
export const TRAINING_MAX_DAYS = 366;

export const TrainingQuery = z
  .strictObject({
    kind: z.enum(TRAINING_KINDS, { error: 'kind is equipment or tank' }),
    from: isoDate,
    to: isoDate,
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= TRAINING_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${TRAINING_MAX_DAYS} days` });
  });
export type TrainingQuery = z.infer<typeof TrainingQuery>;

/** The label of a day: the outcome of its exceptions (genuine wins over a false alarm, both over open). */
export const TRAINING_LABELS = ['none', 'genuine', 'false_alarm', 'unresolved'] as const;
export type TrainingLabel = (typeof TRAINING_LABELS)[number];

/** The training set's columns, in file order (the API test checks the header). */
export const TRAINING_COLUMNS: Record<TrainingKind, readonly string[]> = {
  equipment: [
    'equipment_id',
    'fleet_no',
    'day',
    'meter_type',
    'fills',
    'litres',
    'max_fill_litres',
    'distance',
    'rate',
    'exceptions',
    'codes',
    'label',
  ],
  tank: [
    'tank_id',
    'tank',
    'day',
    'opening',
    'receipts',
    'dispensed',
    'transfers_out',
    'transfers_in',
    'book_closing',
    'measured_closing',
    'variance',
    'exceptions',
    'codes',
    'label',
  ],
};

// ---------------------------------------------------------------------------------------------
// Detection thresholds per account, versioned

/**
 * The detection's statistical constants an account may calibrate (the outlier z-score and minimum
 * excess stay exception rules an admin sets on `/Exceptions`, ADR 027: one place each).
 */
export interface DetectionThresholdsValue {
  /** Leak test: FAIL at or over this loss (L/h). */
  leakThresholdLph: number;
  /** Leak test: INCONCLUSIVE when the data cannot detect this loss (L/h). */
  leakTargetLph: number;
  /** Leak test: days with a reading it needs. */
  leakMinDays: number;
  /** Consumption outliers: earlier fills a vehicle needs before it has a baseline. */
  baselineMinFills: number;
}

/** Version 0: today's constants, what applies until a version is uploaded (and after rolling back to it). */
export const DEFAULT_THRESHOLDS: DetectionThresholdsValue = {
  leakThresholdLph: LEAK_THRESHOLD_LPH,
  leakTargetLph: LEAK_TARGET_LPH,
  leakMinDays: LEAK_MIN_DAYS,
  baselineMinFills: BASELINE_MIN_FILLS,
};

const num = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: enter a number` })
    .min(min, `${label}: at least ${min}`)
    .max(max, `${label}: at most ${max}`);

/** Each threshold in words (the file's names are the keys). */
export const THRESHOLD_LABELS: Record<keyof DetectionThresholdsValue, string> = {
  leakThresholdLph: 'Leak threshold (L/h)',
  leakTargetLph: 'Leak target (L/h)',
  leakMinDays: 'Leak test days',
  baselineMinFills: 'Baseline fills',
};
const L = THRESHOLD_LABELS;

export const DetectionThresholds = z
  .strictObject({
    leakThresholdLph: num(L.leakThresholdLph, 0.05, 5),
    leakTargetLph: num(L.leakTargetLph, 0.1, 10),
    leakMinDays: num(L.leakMinDays, 14, 45).int(`${L.leakMinDays}: a whole number`),
    baselineMinFills: num(L.baselineMinFills, 3, 100).int(`${L.baselineMinFills}: a whole number`),
  })
  .superRefine((t, ctx) => {
    if (t.leakThresholdLph > t.leakTargetLph)
      ctx.addIssue({
        code: 'custom',
        path: ['leakThresholdLph'],
        message: 'The leak threshold cannot exceed the target',
      });
  }) satisfies z.ZodType<DetectionThresholdsValue>;
export type DetectionThresholds = z.infer<typeof DetectionThresholds>;

export const THRESHOLD_NAMES = Object.keys(DEFAULT_THRESHOLDS) as Array<keyof DetectionThresholdsValue>;

/** A stored version merged over the defaults (a threshold added later gets its default). */
export function thresholdsOf(stored: unknown): DetectionThresholdsValue {
  const merged = { ...DEFAULT_THRESHOLDS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const ok = DetectionThresholds.safeParse(merged);
  return ok.success ? ok.data : DEFAULT_THRESHOLDS;
}

/** The leak test's and the outlier test's limits under an account's thresholds. */
export const leakLimitsOf = (t: DetectionThresholdsValue): LeakLimits => ({
  thresholdLph: t.leakThresholdLph,
  targetLph: t.leakTargetLph,
  minDays: t.leakMinDays,
});

export const ThresholdsUploadQuery = z.strictObject({
  fileName: z.string().trim().min(1, 'fileName is required').max(200),
  note: storableString('Note').max(200).optional(),
});

export const ThresholdVersion = z.object({
  version: z.number().int(),
  values: DetectionThresholds,
  note: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ThresholdVersion = z.infer<typeof ThresholdVersion>;

export const ThresholdsView = z.object({
  active: z.number().int(),
  defaults: DetectionThresholds,
  /** Newest first, version 0 (the defaults) last. */
  versions: z.array(ThresholdVersion),
});
export type ThresholdsView = z.infer<typeof ThresholdsView>;

export const VersionParams = z.strictObject({
  version: z.coerce.number({ error: 'version is a number' }).int().min(0).max(1_000_000),
});
