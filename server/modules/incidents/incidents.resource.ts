import { sql } from 'drizzle-orm';
import {
  INCIDENT_ERRORS,
  INCIDENT_STATUS_LABELS,
  type IncidentStatus,
  INCIDENT_KINDS,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  INCIDENTS_LIST,
  IncidentCreate,
  IncidentRow,
  IncidentUpdate,
  type Incident,
  type IncidentPhoto,
  type LinkedException,
} from '../../../src/contract/incidents';
import { equipment, exceptions, incidentPhotos, incidents as t, stores, tanks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import { localDay, names } from '../records/records.sql';
import { screenRules } from '../setup/rules';
import { incidentChecks } from './incidents.repository';

/** 409 `incident_state`: the step or edit is not allowed in the incident's state. */
export const stateError = (status: IncidentStatus, what: string) =>
  new AppError(
    409,
    INCIDENT_ERRORS.state,
    `This incident is ${INCIDENT_STATUS_LABELS[status].toLowerCase()}; it cannot be ${what}. Reload to see its current state.`,
  );

/**
 * The row's own columns, qualified: inside a correlated subquery a bare column name would resolve
 * to the inner table's column of the same name (account_id, id).
 */
const own = (column: string) => sql.raw(`"incidents"."${column}"`);
const acc = own('account_id');
const storeZone = names.storeZone(acc, own('store_id'));
const storeCode = names.store(acc, own('store_id'));
const severityRank = sql`case ${t.severity} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

/** Photos as JSON, oldest first (the list shows the count, the form the thumbnails). */
const photos = sql<
  IncidentPhoto[]
>`(select coalesce(json_agg(json_build_object('id', p.id, 'contentType', p.content_type,
  'bytes', p.bytes, 'width', p.width, 'height', p.height, 'createdAt', p.created_at) order by p.created_at, p.id), '[]'::json)
  from ${incidentPhotos} p where p.account_id = ${acc} and p.incident_id = ${own('id')})`;
const photoCount = sql<number>`(select count(*)::int from ${incidentPhotos} p where p.account_id = ${acc} and p.incident_id = ${own('id')})`;
/** The linked exceptions of the same account (an id of another account never shows). */
const linked = sql<LinkedException[]>`(select coalesce(json_agg(json_build_object('id', x.id, 'code', x.code,
  'status', x.status, 'message', x.message, 'raisedAt', x.raised_at) order by x.raised_at), '[]'::json)
  from ${exceptions} x where x.account_id = ${acc} and x.id = any(${own('exception_ids')}))`;

/**
 * `/incidents`: the resource pattern (ADR 005) gives paging, filters, search, export, version
 * checks, audit and error mapping; the workflow steps and photos are in incidents.service.ts.
 */
export const incidentsResource = defineResource({
  info: INCIDENTS_LIST,
  table: t,
  rules: screenRules(INCIDENTS_LIST.screen),
  schemas: { create: IncidentCreate, update: IncidentUpdate, row: IncidentRow },
  extra: {
    storeCode,
    storeName: names.storeName(acc, own('store_id')),
    storeZone,
    tankCode: names.tank(acc, own('tank_id')),
    fleetNo: names.equipment(acc, own('equipment_id')),
    photos,
    photoCount,
    exceptions: linked,
  },
  search: [t.title, t.description, t.technician, t.company],
  sort: {
    occurredAt: t.occurredAt,
    severity: severityRank,
    status: t.status,
    type: t.type,
    title: sql`lower(${t.title})`,
    storeCode: sql`lower(${storeCode})`,
    cost: t.cost,
  },
  filters: {
    kind: filter.oneOf(t.kind, INCIDENT_KINDS),
    type: filter.oneOf(t.type, INCIDENT_TYPES),
    status: filter.oneOf(t.status, INCIDENT_STATUSES),
    severity: filter.oneOf(t.severity, INCIDENT_SEVERITIES),
    storeId: filter.uuid(t.storeId, false),
    tankId: filter.uuid(t.tankId),
    equipmentId: filter.uuid(t.equipmentId),
    from: localDay.from(t.occurredAt, storeZone),
    to: localDay.to(t.occurredAt, storeZone),
  },
  label: sql`${t.title}`,
  unique: {},
  references: [
    { field: 'storeId', target: stores, label: 'store', constraint: 'incidents_store_fk' },
    { field: 'tankId', target: tanks, label: 'tank', constraint: 'incidents_tank_fk' },
    { field: 'equipmentId', target: equipment, label: 'equipment', constraint: 'incidents_equipment_fk' },
  ],
  validate: (tx, input, { actor, before }) => {
    // A closed incident is a record of what happened: reopen it to change it.
    if (before?.status === 'closed') throw stateError('closed', 'edited; reopen it first');
    return incidentChecks(tx, actor.accountId, input);
  },
  toRow: (r): Incident => ({
    ...metaOf(r),
    kind: r.kind,
    type: r.type,
    severity: r.severity,
    status: r.status,
    storeId: r.storeId,
    storeCode: r.storeCode,
    storeName: r.storeName,
    storeZone: r.storeZone,
    tankId: r.tankId,
    tankCode: r.tankCode,
    equipmentId: r.equipmentId,
    fleetNo: r.fleetNo,
    occurredAt: iso(r.occurredAt),
    title: r.title,
    description: r.description,
    technician: r.technician,
    company: r.company,
    calledAt: iso(r.calledAt),
    arrivedAt: iso(r.arrivedAt),
    leftAt: iso(r.leftAt),
    cost: r.cost,
    exceptionIds: r.exceptionIds,
    exceptions: (r.exceptions ?? []).map((x) => ({ ...x, raisedAt: iso(x.raisedAt) })),
    closedAt: iso(r.closedAt),
    photos: (r.photos ?? []).map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    photoCount: r.photoCount,
  }),
  toValues: (i) => ({
    kind: i.kind,
    type: i.type,
    severity: i.severity,
    storeId: i.storeId,
    tankId: i.tankId,
    equipmentId: i.equipmentId,
    occurredAt: new Date(i.occurredAt),
    title: i.title,
    description: i.description,
    technician: i.technician,
    company: i.company,
    calledAt: i.calledAt ? new Date(i.calledAt) : null,
    arrivedAt: i.arrivedAt ? new Date(i.arrivedAt) : null,
    leftAt: i.leftAt ? new Date(i.leftAt) : null,
    cost: i.cost,
    exceptionIds: i.exceptionIds,
  }),
});
