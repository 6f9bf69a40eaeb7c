import { sql } from 'drizzle-orm';
import {
  COMMAND_STATUSES,
  DEVICE_COMMAND_COLUMNS,
  DEVICE_COMMAND_KINDS,
  DEVICE_COMMANDS_LIST,
  DeviceCommandRow,
  type DeviceCommand,
} from '../../../src/contract/devices';
import { API_ROOT } from '../../../src/contract/constants';
import type { DbOrTx } from '../../db/client';
import { deviceCommands as c } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';
import { commandsRepository } from './commands.repository';

// Plain SQL names: in a one-table select Drizzle leaves columns unqualified, which would be
// ambiguous inside these subqueries (as in gauges/devices.repository.ts).
const ofDevice = (expr: string) =>
  sql.raw(`(select ${expr} from field_devices fd left join stores s on s.account_id = fd.account_id and s.id = fd.store_id
    where fd.account_id = device_commands.account_id and fd.id = device_commands.device_id)`);
const deviceName = sql<string>`${ofDevice('fd.name')}`;
const deviceSerial = sql<string>`${ofDevice('fd.serial')}`;
const storeCode = sql<string | null>`${ofDevice('s.code')}`;
const createdByName = sql<string | null>`(select u.display_name from users u where u.id = device_commands.created_by)`;

/** `/FAMSCommands`' history: every command of the account, newest first, on the shared list. */
const spec: ListSpec = {
  from: c,
  fields: {
    id: c.id,
    batchId: c.batchId,
    deviceId: c.deviceId,
    deviceName,
    deviceSerial,
    storeCode,
    kind: c.kind,
    params: c.params,
    status: c.status,
    createdAt: c.createdAt,
    createdByName,
    deliveredAt: c.deliveredAt,
    answeredAt: c.answeredAt,
    expiresAt: c.expiresAt,
    answer: c.answer,
  },
  scope: (actor) => sql`${c.accountId} = ${actor.accountId}`,
  id: c.id,
  search: [deviceName, deviceSerial, c.answer],
  sort: {
    createdAt: c.createdAt,
    deviceName: sql`lower(${deviceName})`,
    kind: c.kind,
    status: c.status,
    answeredAt: c.answeredAt,
  },
  defaultSort: DEVICE_COMMANDS_LIST.defaultSort,
  filters: {
    status: filter.oneOf(c.status, COMMAND_STATUSES),
    kind: filter.oneOf(c.kind, DEVICE_COMMAND_KINDS),
    deviceId: filter.uuid(c.deviceId, false),
    batchId: filter.uuid(c.batchId, false),
    from: filter.from(c.createdAt),
    to: filter.to(c.createdAt),
  } satisfies Record<(typeof DEVICE_COMMANDS_LIST.filters)[number], unknown>,
};

type Raw = Omit<DeviceCommand, 'createdAt' | 'deliveredAt' | 'answeredAt' | 'expiresAt'> & {
  createdAt: Date;
  deliveredAt: Date | null;
  answeredAt: Date | null;
  expiresAt: Date;
};

export function commandsEndpoint(db: DbOrTx): ListEndpoint<DeviceCommand> {
  const info = DEVICE_COMMANDS_LIST;
  const base = specList<Raw, DeviceCommand>(db, spec, (r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    deliveredAt: iso(r.deliveredAt),
    answeredAt: iso(r.answeredAt),
    expiresAt: iso(r.expiresAt),
  }));
  const expire = commandsRepository(db).expireDue;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: DeviceCommandRow,
    fileBase: info.path.slice(1),
    title: info.title,
    columns: DEVICE_COMMAND_COLUMNS,
    async list(actor, query) {
      await expire(actor.accountId);
      return base.list(actor, query);
    },
    chunks: base.chunks,
  };
}
