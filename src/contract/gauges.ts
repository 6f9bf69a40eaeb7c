import { z } from 'zod';
import { columnsOf } from './columns';
import { calendarTime, measurable } from './safe-input';
import { inputSchemas, optionalRef, requiredText, rowMeta } from './setup/fields';

/**
 * Tank gauges (ATG) and their readings (issue 5). Devices are set up on `/iotSetup`: Veeder-Root
 * TLS-compatible consoles polled by the server over TCP (computer format i201/i202), or gateways
 * that push readings over HTTP with a per-device key. Every reading, whatever its source, is
 * stored by one server function (gauges/readings.service.ts) that converts heights to volumes,
 * corrects to 15 °C and raises the level exceptions below.
 */

export const GAUGE_PROTOCOLS = ['tls_tcp', 'http_push'] as const;
export type GaugeProtocol = (typeof GAUGE_PROTOCOLS)[number];
export const GAUGE_PROTOCOL_LABELS: Record<GaugeProtocol, string> = {
  tls_tcp: 'Veeder-Root TLS (TCP, polled)',
  http_push: 'HTTP push (device key)',
};

export const READING_SOURCES = ['gauge', 'dip', 'import'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

/** Water at the bottom of a tank above this height raises `water` (a common ATG high-water alarm: 2 in ≈ 50 mm). */
export const WATER_ALARM_MM = 50;
/** A tank whose newest reading is older than this is stale (its gauge, or the dips, stopped). */
export const STALE_READING_MS = 2 * 60 * 60 * 1000;
/** A polled device silent for more than this many intervals raises `stale_gauge`. */
export const STALE_DEVICE_INTERVALS = 3;
/** A gauge-seen delivery matches a receipt on the same tank within ±2 h … */
export const DELIVERY_MATCH_WINDOW_MS = 2 * 60 * 60 * 1000;
/** … whose litres are within 5 % (or 100 L, whichever is more) of the gauge's increase. */
export const DELIVERY_MATCH_TOLERANCE = { fraction: 0.05, minLitres: 100 } as const;
/** Readings per push request (and per storeReadings call from a request). */
export const MAX_PUSH_READINGS = 500;

/** Exceptions raised from readings and gauges; each is raised once while open (dedupe key). */
export const GAUGE_EXCEPTION_CODES = ['low_level', 'high_level', 'water', 'stale_gauge', 'unmatched_delivery'] as const;
export type GaugeExceptionCode = (typeof GAUGE_EXCEPTION_CODES)[number];

/** Dedupe keys: one open exception per tank (or device) and condition. */
export const gaugeDedupeKey = (code: GaugeExceptionCode, id: string) => `${code}:${id}`;

// ---------------------------------------------------------------------------------------------
// Devices (/iotSetup)

export const TankMapEntry = z.strictObject({
  /** The gauge's tank number: TLS "TT" 1–99, or the number a push gateway sends. */
  tankNumber: z
    .number({ error: 'Tank number must be a number' })
    .int('Whole numbers only')
    .min(1, 'From 1 to 99')
    .max(99, 'From 1 to 99'),
  tankId: z.uuid({ error: 'Choose a tank' }),
});
export type TankMapEntry = z.infer<typeof TankMapEntry>;

const host = z
  .string()
  .trim()
  .max(253, 'At most 253 characters')
  .regex(/^[A-Za-z0-9.:_-]*$/, 'A host name or IP address (letters, digits, . : - _)')
  .nullish()
  .transform((v) => (v ? v : null));
const port = z
  .number({ error: 'Port must be a number' })
  .int('Whole numbers only')
  .min(1, 'From 1 to 65535')
  .max(65535, 'From 1 to 65535')
  .nullish()
  .transform((v) => v ?? null);

export const GaugeDeviceFields = z.strictObject({
  name: requiredText('Name', 120),
  storeId: optionalRef('store'),
  protocol: z.enum(GAUGE_PROTOCOLS, { error: 'Choose a protocol' }),
  host,
  port,
  pollIntervalS: z
    .number({ error: 'Interval must be a number' })
    .int('Whole seconds')
    .min(10, 'At least 10 s')
    .max(86_400, 'At most 86 400 s (1 day)')
    .default(300),
  enabled: z.boolean().default(true),
  tankMap: z.array(TankMapEntry).max(99, 'At most 99 tanks').default([]),
});

export const { create: GaugeDeviceCreate, update: GaugeDeviceUpdate } = inputSchemas(GaugeDeviceFields, (v, ctx) => {
  if (v.protocol === 'tls_tcp') {
    if (!v.host) ctx.addIssue({ code: 'custom', path: ['host'], message: 'A TLS gauge needs a host' });
    if (!v.port) ctx.addIssue({ code: 'custom', path: ['port'], message: 'A TLS gauge needs a port (often 10001)' });
  }
  const numbers = new Set<number>();
  const tanks = new Set<string>();
  v.tankMap.forEach((m, i) => {
    if (numbers.has(m.tankNumber))
      ctx.addIssue({
        code: 'custom',
        path: ['tankMap', i, 'tankNumber'],
        message: `Tank number ${m.tankNumber} is mapped twice`,
      });
    if (tanks.has(m.tankId))
      ctx.addIssue({ code: 'custom', path: ['tankMap', i, 'tankId'], message: 'This tank is mapped twice' });
    numbers.add(m.tankNumber);
    tanks.add(m.tankId);
  });
});
export type GaugeDeviceCreate = z.input<typeof GaugeDeviceCreate>;
export type GaugeDeviceUpdate = z.input<typeof GaugeDeviceUpdate>;

export const GaugeDeviceRow = z.object({
  ...rowMeta,
  name: z.string(),
  storeId: z.string().nullable(),
  storeCode: z.string().nullable(),
  protocol: z.enum(GAUGE_PROTOCOLS),
  host: z.string().nullable(),
  port: z.number().nullable(),
  pollIntervalS: z.number(),
  enabled: z.boolean(),
  tankMap: z.array(z.object({ tankNumber: z.number(), tankId: z.string() })),
  tankCount: z.number(),
  /** Last 4 characters of the push key; the key itself is only ever shown once. */
  keyHint: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  failures: z.number(),
  nextPollAt: z.string().nullable(),
  /** Only in the answer to creating an HTTP push device or rotating its key: shown once. */
  key: z.string().optional(),
});
export type GaugeDevice = z.infer<typeof GaugeDeviceRow>;

/** `/iotSetup`'s device list: the table and its export (ADR 023). */
export const GAUGE_DEVICE_COLUMNS = columnsOf<GaugeDevice>()([
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'protocol', title: 'Protocol', kind: 'enum', labels: GAUGE_PROTOCOL_LABELS },
  { key: 'host', title: 'Host', kind: 'text' },
  { key: 'port', title: 'Port', kind: 'number', hidden: true },
  { key: 'storeCode', title: 'Store', kind: 'code' },
  { key: 'tankCount', title: 'Tanks', kind: 'number' },
  { key: 'pollIntervalS', title: 'Interval', kind: 'number' },
  { key: 'enabled', title: 'Enabled', kind: 'bool' },
  { key: 'lastContactAt', title: 'Last contact', kind: 'datetime' },
  { key: 'failures', title: 'Failures', kind: 'number' },
  { key: 'lastError', title: 'Last error', kind: 'text' },
  { key: 'nextPollAt', title: 'Next poll', kind: 'datetime', hidden: true },
  { key: 'updatedAt', title: 'Updated', kind: 'datetime', hidden: true },
]);

export const GAUGE_DEVICES_LIST = {
  path: '/gauge-devices',
  entity: 'gauge_device',
  title: 'Gauge devices',
  screen: '/iotSetup',
  defaultSort: 'name',
  sort: ['name', 'protocol', 'lastContactAt', 'failures', 'pollIntervalS', 'createdAt', 'updatedAt'],
  filters: ['protocol', 'enabled', 'storeId'],
  search: ['name', 'host'],
} as const;

/** `Authorization: Device <deviceId>.<key>` for `POST /api/v1/gauges/readings`. */
export const DEVICE_AUTH_SCHEME = 'Device';
export const deviceAuthorization = (deviceId: string, key: string) => `${DEVICE_AUTH_SCHEME} ${deviceId}.${key}`;

// ---------------------------------------------------------------------------------------------
// Readings

// Heights and temperatures are stored in `real`, litres in numeric(12,3): a non-zero value below
// 0.001 would be kept as 0 or underflow (issue 10). A gauge's own precision is otherwise kept.
const when = calendarTime('The reading time');
const mm = (label: string) =>
  measurable(
    z
      .number({ error: `${label} must be a number` })
      .min(0, 'Must be 0 or more')
      .max(100_000, 'At most 100 000 mm'),
    label,
    0.001,
  );

/** One reading a push gateway sends; at least a height or a gross volume. */
export const PushReading = z
  .strictObject({
    tankNumber: z.number({ error: 'Tank number must be a number' }).int().min(1).max(99),
    readAt: when,
    productHeightMm: mm('Product height')
      .nullish()
      .transform((v) => v ?? null),
    waterHeightMm: mm('Water height')
      .nullish()
      .transform((v) => v ?? null),
    temperatureC: measurable(
      z
        .number({ error: 'Temperature must be a number' })
        .min(-50, 'Temperature out of range')
        .max(80, 'Temperature out of range'),
      'Temperature',
      0.001,
    )
      .nullish()
      .transform((v) => v ?? null),
    grossLitres: measurable(
      z.number({ error: 'Gross litres must be a number' }).min(0).max(999_999_999),
      'Gross litres',
      0.001,
    )
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((r) => r.productHeightMm !== null || r.grossLitres !== null, {
    path: ['productHeightMm'],
    message: 'Give a product height or a gross volume',
  });
export type PushReading = z.input<typeof PushReading>;

export const PushBody = z.strictObject({
  readings: z
    .array(PushReading)
    .min(1, 'No readings')
    .max(MAX_PUSH_READINGS, `At most ${MAX_PUSH_READINGS} readings per request`),
});
export type PushBody = z.input<typeof PushBody>;

export const PushResponse = z.object({
  /** Stored now. */
  created: z.number(),
  /** Already stored (same tank, source and time): not stored twice. */
  duplicates: z.number(),
  /** Exception codes raised by these readings. */
  exceptions: z.array(z.string()),
});
export type PushResponse = z.infer<typeof PushResponse>;

/** One tank of a TLS inventory (i201), as the console reports it (metric: litres, mm, °C). */
export const InventoryTank = z.object({
  tankNumber: z.number(),
  tankId: z.string().nullable(),
  tankLabel: z.string().nullable(),
  productCode: z.string(),
  volume: z.number(),
  tcVolume: z.number(),
  ullage: z.number(),
  heightMm: z.number(),
  waterMm: z.number(),
  temperatureC: z.number(),
  waterVolume: z.number(),
});
export type InventoryTank = z.infer<typeof InventoryTank>;

export const GaugeDelivery = z.object({
  tankNumber: z.number(),
  tankId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  startVolume: z.number(),
  endVolume: z.number(),
  litres: z.number(),
});
export type GaugeDelivery = z.infer<typeof GaugeDelivery>;

/** `POST /gauge-devices/:id/test`: polls the gauge now (and stores what it read). */
export const TestConnectionResult = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  consoleTime: z.string().nullable(),
  elapsedMs: z.number(),
  inventory: z.array(InventoryTank),
  deliveries: z.array(GaugeDelivery),
  /** Readings stored by this poll (the rest were stored before or belong to unmapped tanks). */
  stored: z.number(),
});
export type TestConnectionResult = z.infer<typeof TestConnectionResult>;
