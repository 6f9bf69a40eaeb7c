import { sql } from 'drizzle-orm';
import {
  EXCEPTION_AGES,
  EXCEPTION_CODES,
  EXCEPTION_LISTS,
  EXCEPTION_SEVERITIES,
  EXCEPTION_STATUSES,
  RESOLUTION_REASONS,
  type ExceptionListName,
  type ExceptionRow,
} from '../../../src/contract/exceptions';
import { dispenses, equipment, exceptions as x, tanks } from '../../db/schema';
import { filter, iso, refMatches, type FilterSpec, type ListSpec } from '../../lib/resource';
import { idList, localDay, names, num, qualified } from '../records/records.sql';

/**
 * The two exception lists on the one list protocol: `/exceptions` (open and acknowledged, the
 * working list) and `/exceptions/history` (resolved). The employee is the one of the dispense
 * that raised the exception; other exceptions have none.
 */
// Exceptions without a store (none today) count their days in UTC.
const zone = sql<string>`coalesce(${names.storeZone(x.accountId, x.storeId)}, 'UTC')`;
const ofDispense = (column: string) =>
  sql`(select d.${sql.raw(column)} from ${dispenses} d where ${x.entity} = 'dispense' and d.account_id = ${x.accountId} and d.id = ${x.entityId})`;
const employeeId = ofDispense('employee_id');
const severityRank = sql`case ${x.severity} when 'critical' then 3 when 'warning' then 2 else 1 end`;
const hoursToResolve = sql<
  string | null
>`round((extract(epoch from (${x.resolvedAt} - ${x.raisedAt})) / 3600)::numeric, 1)`;

const fields = qualified({
  id: x.id,
  code: x.code,
  severity: x.severity,
  status: x.status,
  message: x.message,
  entity: x.entity,
  entityId: x.entityId,
  raisedAt: x.raisedAt,
  storeId: x.storeId,
  storeCode: names.store(x.accountId, x.storeId),
  tankId: x.tankId,
  tankCode: names.tank(x.accountId, x.tankId),
  equipmentId: x.equipmentId,
  fleetNo: names.equipment(x.accountId, x.equipmentId),
  employeeId,
  employeeName: names.employee(x.accountId, employeeId),
  assignedTo: x.assignedTo,
  assignedToName: names.user(x.assignedTo),
  acknowledgedAt: x.acknowledgedAt,
  resolvedAt: x.resolvedAt,
  resolvedByName: names.user(x.resolvedBy),
  reason: x.resolutionReason,
  resolution: x.resolution,
  hoursToResolve,
});

const employeeFilter: FilterSpec = {
  build: (v) => {
    const ids = idList(v);
    if ('error' in ids) return ids;
    return sql`(${x.entity} = 'dispense' and ${x.entityId} in (select d.id from ${dispenses} d where d.account_id = ${x.accountId} and d.employee_id in (${ids})))`;
  },
};

const age = filter.custom((v) => {
  const keys = Object.keys(EXCEPTION_AGES);
  if (v.length !== 1 || !keys.includes(v[0])) return { error: `Use one of ${keys.join(', ')}` };
  return sql`${x.raisedAt} < now() - ${`${parseInt(v[0], 10)} days`}::interval`;
});

const common = {
  code: filter.oneOf(x.code, EXCEPTION_CODES),
  severity: filter.oneOf(x.severity, EXCEPTION_SEVERITIES),
  storeId: filter.uuid(x.storeId),
  tankId: filter.uuid(x.tankId),
  equipmentId: filter.uuid(x.equipmentId),
  employeeId: employeeFilter,
};
// The message by its trigram index; fleet no. and tank code through the ids (ADR 034).
const search = [
  x.message,
  refMatches(x.equipmentId, equipment, [equipment.fleetNo]),
  refMatches(x.tankId, tanks, [tanks.code]),
];

const unresolved = sql`${x.status} in ('open', 'acknowledged')`;

export const EXCEPTION_SPECS: Record<ExceptionListName, ListSpec> = {
  open: {
    from: x,
    fields,
    id: x.id,
    search,
    scope: (actor) => sql`${x.accountId} = ${actor.accountId} and ${unresolved}`,
    sort: { raisedAt: x.raisedAt, severity: severityRank, code: x.code },
    defaultSort: EXCEPTION_LISTS.open.defaultSort,
    filters: {
      ...common,
      status: filter.oneOf(
        x.status,
        EXCEPTION_STATUSES.filter((s) => s !== 'resolved'),
      ),
      assignedTo: filter.custom((v) =>
        v.length === 1 && v[0] === 'null'
          ? sql`${x.assignedTo} is null`
          : v.every((i) => /^\d{1,15}$/.test(i))
            ? sql`${x.assignedTo} in (${sql.join(
                v.map((i) => sql`${Number(i)}`),
                sql`, `,
              )})`
            : { error: 'Use user ids, or null for nobody' },
      ),
      age,
      entity: filter.exact(x.entity),
    } satisfies Record<(typeof EXCEPTION_LISTS.open.filters)[number], FilterSpec>,
  },
  history: {
    from: x,
    fields,
    id: x.id,
    search: [...search, x.resolution],
    scope: (actor) => sql`${x.accountId} = ${actor.accountId} and ${x.status} = 'resolved'`,
    sort: { resolvedAt: x.resolvedAt, raisedAt: x.raisedAt, severity: severityRank, code: x.code, hoursToResolve },
    defaultSort: EXCEPTION_LISTS.history.defaultSort,
    filters: {
      ...common,
      reason: filter.oneOf(x.resolutionReason, RESOLUTION_REASONS),
      resolvedBy: filter.int(x.resolvedBy),
      from: localDay.from(x.resolvedAt, zone),
      to: localDay.to(x.resolvedAt, zone),
    } satisfies Record<(typeof EXCEPTION_LISTS.history.filters)[number], FilterSpec>,
  },
};

export type ExceptionRaw = Omit<ExceptionRow, 'raisedAt' | 'acknowledgedAt' | 'resolvedAt' | 'hoursToResolve'> & {
  raisedAt: Date | string;
  acknowledgedAt: Date | string | null;
  resolvedAt: Date | string | null;
  hoursToResolve: string | number | null;
};

const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export const exceptionRow = (r: ExceptionRaw): ExceptionRow => ({
  ...r,
  raisedAt: iso(r.raisedAt),
  acknowledgedAt: isoOrNull(r.acknowledgedAt),
  resolvedAt: isoOrNull(r.resolvedAt),
  hoursToResolve: num(r.hoursToResolve),
  assignedTo: r.assignedTo === null ? null : Number(r.assignedTo),
});
