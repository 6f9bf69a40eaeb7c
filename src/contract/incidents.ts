import { z } from 'zod';
import { columnsOf } from './columns';
import { calendarTime } from './safe-input';
import {
  inputSchemas,
  money,
  nullableText,
  optionalRef,
  optionalText,
  requiredText,
  rowMeta,
  uuidRef,
  version,
} from './setup/fields';
import type { ListInfo } from './setup/resources';

/**
 * `/IncidentReport`: incidents (spill, leak, contamination, pump or gauge fault, safety, other) and
 * call-outs (a technician called to a site) against a store, optionally one of its tanks or a
 * piece of equipment. States (a step the state does not allow is 409 `incident_state`):
 *
 *   open ──start──▶ in_progress ──close──▶ closed ──reopen──▶ open
 *     └──────────────close───────────────────▲
 *
 * Photos are uploaded one by one into the file store (`POST /incidents/:id/photos`, the image
 * itself as the body), checked by content (JPEG, PNG, WebP) and size, kept with a thumbnail.
 */

export const INCIDENT_KINDS = ['incident', 'callout'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABELS: Record<IncidentKind, string> = { incident: 'Incident', callout: 'Call-out' };

export const INCIDENT_TYPES = [
  'spill',
  'leak',
  'contamination',
  'pump_fault',
  'gauge_fault',
  'safety',
  'other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  spill: 'Spill',
  leak: 'Leak',
  contamination: 'Contamination',
  pump_fault: 'Pump fault',
  gauge_fault: 'Gauge fault',
  safety: 'Safety',
  other: 'Other',
};

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const INCIDENT_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  closed: 'Closed',
};

/** The workflow's steps: the state each starts from and the state it leads to. */
export const INCIDENT_STEPS = {
  start: { from: ['open'], to: 'in_progress', label: 'Start work' },
  close: { from: ['open', 'in_progress'], to: 'closed', label: 'Close' },
  reopen: { from: ['closed'], to: 'open', label: 'Reopen' },
} as const satisfies Record<string, { from: readonly IncidentStatus[]; to: IncidentStatus; label: string }>;
export type IncidentStep = keyof typeof INCIDENT_STEPS;
export const INCIDENT_STEP_NAMES = Object.keys(INCIDENT_STEPS) as IncidentStep[];

/** The steps a state allows (the buttons the screen offers). */
export const stepsFrom = (status: IncidentStatus): IncidentStep[] =>
  INCIDENT_STEP_NAMES.filter((s) => (INCIDENT_STEPS[s].from as readonly string[]).includes(status));

export const INCIDENT_ERRORS = { state: 'incident_state', photo: 'photo_refused' } as const;

/** Most exceptions one incident links to. */
export const MAX_LINKED_EXCEPTIONS = 20;
/** Most photos of one incident. */
export const MAX_PHOTOS = 12;
/** Largest photo accepted (bytes); a phone's camera JPEG is 2–6 MB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photo content types, recognised by their first bytes (the declared type is not trusted). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** Longest side of a thumbnail (px). */
export const THUMB_PX = 320;
/** Longest side a stored photo is reduced to (px); larger camera photos are resized. */
export const PHOTO_MAX_PX = 2048;

/** The type of an image from its first bytes, or null (not a JPEG, PNG or WebP). */
export function sniffImage(b: Uint8Array): PhotoType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const time = (label: string) =>
  calendarTime(label)
    .nullish()
    .transform((v) => v ?? null);

const IncidentFields = z.strictObject({
  kind: z.enum(INCIDENT_KINDS, { error: 'Choose incident or call-out' }),
  type: z.enum(INCIDENT_TYPES, { error: 'Choose a type' }),
  severity: z.enum(INCIDENT_SEVERITIES, { error: 'Choose a severity' }),
  storeId: uuidRef('store'),
  tankId: optionalRef('tank'),
  equipmentId: optionalRef('equipment'),
  occurredAt: calendarTime('When'),
  title: requiredText('Title', 120),
  description: optionalText(4000),
  /** Call-outs: who came and when. */
  technician: nullableText(120),
  company: nullableText(120),
  calledAt: time('Called at'),
  arrivedAt: time('Arrived at'),
  leftAt: time('Left at'),
  cost: money('Cost')
    .nullish()
    .transform((v) => v ?? null),
  /** Ids of the account's exceptions this incident is about. */
  exceptionIds: z
    .array(z.uuid({ error: 'Not an exception id' }))
    .max(MAX_LINKED_EXCEPTIONS, `At most ${MAX_LINKED_EXCEPTIONS} exceptions`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

export const { create: IncidentCreate, update: IncidentUpdate } = inputSchemas(IncidentFields, (v, ctx) => {
  const order: [keyof typeof v, string][] = [
    ['calledAt', 'Called at'],
    ['arrivedAt', 'Arrived at'],
    ['leftAt', 'Left at'],
  ];
  let prev: { at: string; label: string } | null = null;
  for (const [key, label] of order) {
    const at = v[key] as string | null;
    if (!at) continue;
    if (prev && Date.parse(at) < Date.parse(prev.at))
      ctx.addIssue({ code: 'custom', path: [key], message: `${label} must be after ${prev.label.toLowerCase()}` });
    prev = { at, label };
  }
  if (v.kind === 'callout' && !v.technician && !v.company)
    ctx.addIssue({ code: 'custom', path: ['technician'], message: 'Name the technician or the company' });
});
export type IncidentCreate = z.input<typeof IncidentCreate>;
export type IncidentUpdate = z.input<typeof IncidentUpdate>;

export const StepInput = z.strictObject({ version });
export type StepInput = z.infer<typeof StepInput>;

export const IncidentPhoto = z.object({
  id: z.uuid(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type IncidentPhoto = z.infer<typeof IncidentPhoto>;

export const LinkedException = z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.string(),
  message: z.string(),
  raisedAt: z.string(),
});
export type LinkedException = z.infer<typeof LinkedException>;

export const IncidentRow = z.object({
  ...rowMeta,
  kind: z.enum(INCIDENT_KINDS),
  type: z.enum(INCIDENT_TYPES),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  storeId: z.uuid(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  storeZone: z.string().nullable(),
  tankId: z.uuid().nullable(),
  tankCode: z.string().nullable(),
  equipmentId: z.uuid().nullable(),
  fleetNo: z.string().nullable(),
  occurredAt: z.string(),
  title: z.string(),
  description: z.string(),
  technician: z.string().nullable(),
  company: z.string().nullable(),
  calledAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  cost: z.number().nullable(),
  exceptionIds: z.array(z.uuid()),
  exceptions: z.array(LinkedException),
  closedAt: z.string().nullable(),
  photos: z.array(IncidentPhoto),
  photoCount: z.number().int(),
});
export type Incident = z.infer<typeof IncidentRow>;

export const INCIDENTS_LIST = {
  path: '/incidents',
  entity: 'incident',
  title: 'Incidents and call-outs',
  screen: '/IncidentReport',
  defaultSort: '-occurredAt',
  sort: ['occurredAt', 'severity', 'status', 'type', 'title', 'storeCode', 'cost', 'createdAt', 'updatedAt'],
  filters: ['kind', 'type', 'status', 'severity', 'storeId', 'tankId', 'equipmentId', 'from', 'to'],
  search: ['title', 'description', 'technician', 'company'],
} as const satisfies ListInfo;

export const INCIDENT_COLUMNS = columnsOf<Incident>()([
  { key: 'occurredAt', title: 'When', kind: 'datetime', zone: 'storeZone' },
  { key: 'kind', title: 'Kind', kind: 'enum', labels: INCIDENT_KIND_LABELS },
  { key: 'type', title: 'Type', kind: 'enum', labels: INCIDENT_TYPE_LABELS },
  { key: 'severity', title: 'Severity', kind: 'enum', labels: INCIDENT_SEVERITY_LABELS },
  { key: 'status', title: 'Status', kind: 'enum', labels: INCIDENT_STATUS_LABELS },
  { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
  { key: 'tankCode', title: 'Tank', kind: 'text' },
  { key: 'fleetNo', title: 'Equipment', kind: 'text' },
  { key: 'title', title: 'Title', kind: 'text' },
  { key: 'description', title: 'Description', kind: 'text', hidden: true },
  { key: 'technician', title: 'Technician', kind: 'text', hidden: true },
  { key: 'company', title: 'Company', kind: 'text', hidden: true },
  { key: 'calledAt', title: 'Called', kind: 'datetime', zone: 'storeZone', hidden: true },
  { key: 'arrivedAt', title: 'Arrived', kind: 'datetime', zone: 'storeZone', hidden: true },
  { key: 'leftAt', title: 'Left', kind: 'datetime', zone: 'storeZone', hidden: true },
  { key: 'cost', title: 'Cost', kind: 'money' },
  { key: 'photoCount', title: 'Photos', kind: 'number' },
  { key: 'exceptionIds', title: 'Exceptions', kind: 'list', hidden: true },
  { key: 'closedAt', title: 'Closed', kind: 'datetime', zone: 'storeZone', hidden: true },
]);

/** URL of a photo (`thumb` = the thumbnail), relative to the API root. */
export const photoPath = (incidentId: string, photoId: string, size: 'full' | 'thumb' = 'full') =>
  `${INCIDENTS_LIST.path}/${incidentId}/photos/${photoId}${size === 'thumb' ? '/thumb' : ''}`;
