import { z } from 'zod';
import { columnsOf } from './columns';
import { inputSchemas, optionalRef, requiredText, rowMeta } from './setup/fields';

/**
 * Field devices and site-controller commands (issue 15, ADR 040). A device authenticates with its
 * own key (`Authorization: Device <id>.<key>`, as gauge gateways do); people manage devices on
 * `/OTRDevices` and send commands on `/FAMSCommands` (both admin).
 */

export const FIELD_DEVICE_KINDS = ['controller', 'handheld', 'mobile'] as const;
export type FieldDeviceKind = (typeof FIELD_DEVICE_KINDS)[number];
export const FIELD_DEVICE_KIND_LABELS: Record<FieldDeviceKind, string> = {
  controller: 'Site controller',
  handheld: 'Handheld',
  mobile: 'Mobile unit (bowser, service truck)',
};

export const FieldDeviceFields = z.strictObject({
  kind: z.enum(FIELD_DEVICE_KINDS, { error: 'Choose a device type' }),
  serial: requiredText('Serial number', 80),
  name: requiredText('Name', 120),
  storeId: optionalRef('store'),
});
export const { create: FieldDeviceCreate, update: FieldDeviceUpdate } = inputSchemas(FieldDeviceFields, (v, ctx) => {
  if (v.kind === 'controller' && !v.storeId)
    ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'A site controller belongs to a store' });
});

export const FieldDeviceRow = z.object({
  ...rowMeta,
  kind: z.enum(FIELD_DEVICE_KINDS),
  serial: z.string(),
  name: z.string(),
  storeId: z.string().nullable(),
  storeCode: z.string().nullable(),
  /** Last 4 characters of the key; the key itself is shown once (create, rotation). */
  keyHint: z.string().nullable(),
  keyRotatedAt: z.string().nullable(),
  appVersion: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  lastLatitude: z.number().nullable(),
  lastLongitude: z.number().nullable(),
  lastPositionAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  key: z.string().optional(),
});
export type FieldDevice = z.infer<typeof FieldDeviceRow>;

export const FIELD_DEVICE_COLUMNS = columnsOf<FieldDevice>()([
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'kind', title: 'Type', kind: 'enum', labels: FIELD_DEVICE_KIND_LABELS },
  { key: 'serial', title: 'Serial', kind: 'text' },
  { key: 'storeCode', title: 'Store', kind: 'code' },
  { key: 'appVersion', title: 'Version', kind: 'text' },
  { key: 'lastContactAt', title: 'Last contact', kind: 'datetime' },
  { key: 'lastLatitude', title: 'Latitude', kind: 'number', decimals: 5, hidden: true },
  { key: 'lastLongitude', title: 'Longitude', kind: 'number', decimals: 5, hidden: true },
  { key: 'lastPositionAt', title: 'Position at', kind: 'datetime', hidden: true },
  { key: 'keyRotatedAt', title: 'Key rotated', kind: 'datetime', hidden: true },
  { key: 'retiredAt', title: 'Retired', kind: 'datetime' },
]);

export const FIELD_DEVICES_LIST = {
  path: '/field-devices',
  entity: 'field_device',
  title: 'Field devices',
  screen: '/OTRDevices',
  defaultSort: 'name',
  sort: ['name', 'kind', 'serial', 'lastContactAt', 'createdAt', 'updatedAt'],
  filters: ['kind', 'storeId', 'retired'],
  search: ['name', 'serial'],
} as const;

// ---------------------------------------------------------------------------------------------
// Commands (/FAMSCommands)

export const DEVICE_COMMAND_KINDS = [
  'resync_config',
  'reload_allocations',
  'restart',
  'set_pump_price',
  'open_pump',
  'close_pump',
  'firmware_url',
] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];
export const DEVICE_COMMAND_LABELS: Record<DeviceCommandKind, string> = {
  resync_config: 'Resync configuration',
  reload_allocations: 'Reload allocations',
  restart: 'Restart',
  set_pump_price: 'Set pump price',
  open_pump: 'Open pump',
  close_pump: 'Close pump',
  firmware_url: 'Update firmware',
};

export const COMMAND_STATUSES = ['queued', 'delivered', 'acknowledged', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
export const COMMAND_STATUS_LABELS: Record<CommandStatus, string> = {
  queued: 'Queued',
  delivered: 'Delivered',
  acknowledged: 'Acknowledged',
  failed: 'Failed',
  expired: 'Expired',
};
/** A command not fetched by its controller within this time expires. */
export const COMMAND_DELIVERY_TIMEOUT_S = 15 * 60;
/** A fetched command not answered within this time expires (a controller answers in seconds). */
export const COMMAND_ANSWER_TIMEOUT_S = 2 * 60;
/** Controllers per send. */
export const MAX_COMMAND_TARGETS = 200;

const pump = z
  .number({ error: 'Pump must be a number' })
  .int('Whole numbers only')
  .min(1, 'From 1 to 99')
  .max(99, 'From 1 to 99');
const none = z.strictObject({}).default({});

/** Parameters per command kind. */
export const COMMAND_PARAMS = {
  resync_config: none,
  reload_allocations: none,
  restart: none,
  set_pump_price: z.strictObject({
    pump,
    price: z.number({ error: 'Price must be a number' }).positive('Above 0').max(1000, 'At most 1 000 a litre'),
  }),
  open_pump: z.strictObject({ pump }),
  close_pump: z.strictObject({ pump }),
  firmware_url: z.strictObject({
    url: z.url({ protocol: /^https$/, error: 'An https:// address' }).max(500, 'At most 500 characters'),
  }),
} satisfies Record<DeviceCommandKind, z.ZodType>;

/** One send: a command with its parameters (checked per kind, errors under `params.`) to many controllers. */
export const SendCommandBody = z
  .strictObject({
    deviceIds: z
      .array(z.uuid({ error: 'Choose a controller' }))
      .min(1, 'Choose at least one controller')
      .max(MAX_COMMAND_TARGETS, `At most ${MAX_COMMAND_TARGETS} controllers at once`),
    kind: z.enum(DEVICE_COMMAND_KINDS, { error: 'Choose a command' }),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((v, ctx) => {
    const params = COMMAND_PARAMS[v.kind].safeParse(v.params);
    if (!params.success)
      for (const issue of params.error.issues)
        ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
  });
export type SendCommandBody = z.input<typeof SendCommandBody>;

export const DeviceCommandRow = z.object({
  id: z.uuid(),
  batchId: z.uuid(),
  deviceId: z.uuid(),
  deviceName: z.string(),
  deviceSerial: z.string(),
  storeCode: z.string().nullable(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(COMMAND_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  expiresAt: z.string(),
  answer: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof DeviceCommandRow>;

export const SendCommandResponse = z.object({ batchId: z.uuid(), commands: z.array(DeviceCommandRow) });

export const DEVICE_COMMAND_COLUMNS = columnsOf<DeviceCommand>()([
  { key: 'createdAt', title: 'Sent', kind: 'datetime' },
  { key: 'deviceName', title: 'Controller', kind: 'text' },
  { key: 'storeCode', title: 'Store', kind: 'code' },
  { key: 'kind', title: 'Command', kind: 'enum', labels: DEVICE_COMMAND_LABELS },
  { key: 'status', title: 'Status', kind: 'enum', labels: COMMAND_STATUS_LABELS },
  { key: 'answer', title: 'Answer', kind: 'text' },
  { key: 'createdByName', title: 'Sent by', kind: 'text', hidden: true },
  { key: 'deliveredAt', title: 'Delivered', kind: 'datetime', hidden: true },
  { key: 'answeredAt', title: 'Answered', kind: 'datetime' },
  { key: 'expiresAt', title: 'Expires', kind: 'datetime', hidden: true },
]);

export const DEVICE_COMMANDS_LIST = {
  path: '/device-commands',
  entity: 'device_command',
  title: 'Controller commands',
  screen: '/FAMSCommands',
  defaultSort: '-createdAt',
  sort: ['createdAt', 'deviceName', 'kind', 'status', 'answeredAt'],
  filters: ['status', 'kind', 'deviceId', 'batchId', 'from', 'to'],
  search: ['deviceName', 'deviceSerial', 'answer'],
} as const;

// ---------------------------------------------------------------------------------------------
// The controller's side (Authorization: Device <id>.<key>)

/** What a controller says about itself on every call it makes (optional). */
export const ControllerHello = z.strictObject({
  appVersion: z.string().trim().max(60).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export const PendingCommand = z.object({
  id: z.uuid(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  params: z.record(z.string(), z.unknown()),
  expiresAt: z.string(),
});
export const PendingCommands = z.object({ commands: z.array(PendingCommand) });

export const CommandResultBody = z.strictObject({
  ok: z.boolean({ error: 'ok must be true or false' }),
  message: z.string().trim().max(500, 'At most 500 characters').default(''),
});
export const CommandResultResponse = z.object({ id: z.uuid(), status: z.enum(COMMAND_STATUSES) });
