import { and, eq, isNull } from 'drizzle-orm';
import type { IncidentKind, IncidentSeverity, IncidentStatus, IncidentType } from '../../src/contract/incidents';
import type { Tx } from '../db/client';
import { auditLog, equipment, incidents, stores, tanks } from '../db/schema';

/**
 * The incidents and call-outs of Demo Fuels' last two months (ADR 068): what a fuel manager logs
 * beside the records — a dripping nozzle, a spill, a stuck probe, a drive-off, the leak at N3-24
 * being chased, water in the diesel this week. Times are days before `now`, at local working hours.
 */
interface DemoIncident {
  kind: IncidentKind;
  type: IncidentType;
  severity: IncidentSeverity;
  status: IncidentStatus;
  store: string;
  tank?: string;
  fleetNo?: string;
  /** Days before now, and the hour (UTC) it happened. */
  daysAgo: number;
  hour: number;
  title: string;
  description: string;
  callout?: { technician: string; company: string; calledH: number; arrivedH?: number; leftH?: number; cost?: number };
  /** Days after it happened that it was closed. */
  closedAfter?: number;
}

const DEMO_INCIDENTS: DemoIncident[] = [
  {
    kind: 'callout',
    type: 'pump_fault',
    severity: 'medium',
    status: 'closed',
    store: 'DBN01',
    tank: 'T1',
    daysAgo: 41,
    hour: 6,
    title: 'Pump 2 nozzle dripping after each fill',
    description: 'Attendant reported diesel dripping from the nozzle after every fill. Nozzle seal replaced.',
    callout: {
      technician: 'Sipho Ndlovu',
      company: 'PumpTech Services',
      calledH: 0.5,
      arrivedH: 3.5,
      leftH: 5,
      cost: 1850,
    },
    closedAfter: 1,
  },
  {
    kind: 'incident',
    type: 'spill',
    severity: 'high',
    status: 'closed',
    store: 'JHB01',
    tank: 'T1',
    daysAgo: 63,
    hour: 9,
    title: 'About 20 L of diesel spilled at the pump island',
    description:
      "The nozzle was knocked out of a truck's tank during the fill. Spill kit used, drain covered, soaked sand removed by the waste contractor.",
    closedAfter: 1,
  },
  {
    kind: 'callout',
    type: 'gauge_fault',
    severity: 'medium',
    status: 'closed',
    store: 'CPT01',
    tank: 'T2',
    daysAgo: 19,
    hour: 7,
    title: 'Probe reading stuck for six hours',
    description:
      'The gauge showed the same level all morning while the pump sold 1,200 L. Probe float freed and recalibrated.',
    callout: { technician: 'Leon van Wyk', company: 'TankSense', calledH: 1, arrivedH: 26, leftH: 27.5, cost: 2400 },
    closedAfter: 2,
  },
  {
    kind: 'incident',
    type: 'safety',
    severity: 'low',
    status: 'closed',
    store: 'N1-24',
    tank: 'T1',
    fleetNo: 'DF-0036',
    daysAgo: 9,
    hour: 3,
    title: 'Truck drove off with the nozzle still in its tank',
    description:
      'The breakaway coupling parted as designed; no fuel lost. Hose and coupling checked before the pump was used again.',
    closedAfter: 0,
  },
  {
    kind: 'callout',
    type: 'leak',
    severity: 'critical',
    status: 'in_progress',
    store: 'N3-24',
    tank: 'T1',
    daysAgo: 2,
    hour: 8,
    title: 'Tank T1 losing fuel: tightness test booked',
    description:
      'The book runs ahead of the gauge by 40–50 L a day at a quiet site (see the leak exception and the reconciliation). Tank tightness test booked; fills moved to T2 where possible.',
    callout: { technician: 'Johan Pretorius', company: 'Tank Integrity SA', calledH: 1 },
  },
  {
    kind: 'incident',
    type: 'contamination',
    severity: 'medium',
    status: 'open',
    store: 'PTA01',
    tank: 'T1',
    daysAgo: 1,
    hour: 5,
    title: 'Water found in the diesel at the morning dip',
    description: 'Water-finding paste showed 8 mm of water. 40 L drained from the sump; sample sent to the supplier.',
  },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Writes the account's demo incidents, logged (and closed) by `userId`, each with its audit entries. */
export async function seedDemoIncidents(tx: Tx, accountId: number, userId: number, now: number) {
  // One after another: one transaction is one connection (pg 9 refuses concurrent queries on it).
  const storeRows = await tx
    .select({ id: stores.id, code: stores.code })
    .from(stores)
    .where(eq(stores.accountId, accountId));
  const tankRows = await tx
    .select({ id: tanks.id, code: tanks.code, storeId: tanks.storeId })
    .from(tanks)
    .where(and(eq(tanks.accountId, accountId), isNull(tanks.deletedAt)));
  const eqRows = await tx
    .select({ id: equipment.id, fleetNo: equipment.fleetNo })
    .from(equipment)
    .where(eq(equipment.accountId, accountId));
  const storeOf = new Map(storeRows.map((s) => [s.code, s.id]));
  const rows = DEMO_INCIDENTS.flatMap((d) => {
    const storeId = storeOf.get(d.store);
    if (!storeId) return [];
    const occurred = Math.floor((now - d.daysAgo * DAY) / DAY) * DAY + d.hour * HOUR;
    const at = (h: number | undefined) => (h === undefined ? null : new Date(Math.min(occurred + h * HOUR, now)));
    const closedAt = d.closedAfter === undefined ? null : at(d.closedAfter * 24 + 8);
    return [
      {
        accountId,
        kind: d.kind,
        type: d.type,
        severity: d.severity,
        status: d.status,
        storeId,
        tankId: tankRows.find((t) => t.storeId === storeId && t.code === d.tank)?.id ?? null,
        equipmentId: eqRows.find((e) => e.fleetNo === d.fleetNo)?.id ?? null,
        occurredAt: new Date(occurred),
        title: d.title,
        description: d.description,
        technician: d.callout?.technician ?? null,
        company: d.callout?.company ?? null,
        calledAt: at(d.callout?.calledH),
        arrivedAt: at(d.callout?.arrivedH),
        leftAt: at(d.callout?.leftH),
        cost: d.callout?.cost ?? null,
        closedAt,
        closedBy: closedAt ? userId : null,
        createdAt: at(0.5)!,
        updatedAt: closedAt ?? at(0.5)!,
        createdBy: userId,
        updatedBy: userId,
      },
    ];
  });
  if (!rows.length) return 0;
  const written = await tx.insert(incidents).values(rows).returning({ id: incidents.id });
  await tx.insert(auditLog).values(
    rows.flatMap((r, k) => [
      {
        accountId,
        userId,
        at: r.createdAt,
        action: 'create',
        entity: 'incident',
        entityId: written[k].id,
        after: { title: r.title },
      },
      ...(r.closedAt
        ? [
            {
              accountId,
              userId,
              at: r.closedAt,
              action: 'close',
              entity: 'incident',
              entityId: written[k].id,
              before: { status: 'open' },
              after: { status: 'closed' },
            },
          ]
        : []),
    ]),
  );
  return rows.length;
}
