import { satisfies } from '../../../src/contract/access';
import { dispenseWarnings } from '../../../src/contract/dispense-warnings';
import { checkDispenseAllowed, type AllocationRule } from '../../../src/contract/setup/dispense-check';
import { DispenseInput, type Dispense } from '../../../src/contract/dispensing';
import { dispenses } from '../../db/schema';
import { booksAfterEach, seenInOrder } from './batch-order';
import { insertRows } from './bulk.repository';
import { storedHashes, type ExceptionRow } from './field.repository';
import { dispenseHistory, type HistoryAsk } from './history.repository';
import type { EquipmentRef, TankRef } from './reference.repository';
import { RecordError, repoOf, type IngestContext, type Item, type KindHandler } from './ingest.types';
import { stockAlarm } from './stock';

interface Refs { tank: TankRef; eqp: EquipmentRef; costCentreId: string | null; allocations: AllocationRule[] }

async function prepareAll(ctx: IngestContext, records: readonly Dispense[]): Promise<(Refs | RecordError)[]> {
  const given = (pick: (d: Dispense) => string | null) => records.map(pick).filter((id): id is string => id !== null);
  const found = await repoOf(ctx).references({
    tanks: records.map((d) => d.tankId), equipment: records.map((d) => d.equipmentId),
    employees: given((d) => d.employeeId), costCentres: given((d) => d.costCentreId), allocations: true,
  });
  return records.map((d) => {
    const tank = found.tanks.get(d.tankId);
    if (!tank) return new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] });
    if (tank.storeId !== d.storeId) return new RecordError(422, 'The tank is not at this store.', { tankId: ['This tank is not at the chosen store'] });
    const eqp = found.equipment.get(d.equipmentId);
    if (!eqp) return new RecordError(422, 'Unknown equipment.', { equipmentId: ['Unknown equipment'] });
    if (d.employeeId && !found.employees.has(d.employeeId)) return new RecordError(422, 'Unknown employee.', { employeeId: ['Unknown employee'] });
    if (d.costCentreId && !found.costCentres.has(d.costCentreId)) return new RecordError(422, 'Unknown cost centre.', { costCentreId: ['Unknown cost centre'] });
    return { tank, eqp, costCentreId: d.costCentreId ?? eqp.costCentreId, allocations: found.allocationsOf(tank.productId) };
  });
}

async function insertAll(ctx: IngestContext, items: readonly Item<Dispense, Refs>[]) {
  // In id order: two batches sharing ids wait for each other's keys in the same order.
  const rows = [...items].sort((a, b) => (a.record.id < b.record.id ? -1 : 1)).map(({ record: d, refs, hash }) => ({
    accountId: ctx.auth.accountId, id: d.id, payloadHash: hash, deviceId: d.deviceId, note: d.note, createdBy: ctx.auth.userId,
    variant: d.variant, storeId: d.storeId, tankId: d.tankId, productId: refs.tank.productId, equipmentId: d.equipmentId,
    employeeId: d.employeeId, costCentreId: refs.costCentreId, litres: d.litres, meter: d.meter, meterType: refs.eqp.meterType,
    dispensedAt: new Date(d.dispensedAt), gpsLat: d.gps?.lat ?? null, gpsLng: d.gps?.lng ?? null, gpsAccuracyM: d.gps?.accuracyM ?? null,
    employeeBy: d.employeeBy, acceptedWarnings: d.acceptedWarnings,
  }));
  return { inserted: await insertRows(ctx.tx, dispenses, rows, { onConflictDoNothing: true }) };
}

/**
 * The tank loses the litres; every business rule broken raises an exception, never a refusal.
 * The history queries read what was stored before the batch; the batch's earlier records are
 * added as one-by-one ingest would have seen them (`batch-order.ts`).
 */
async function effectsAll(ctx: IngestContext, items: readonly Item<Dispense, Refs>[]): Promise<string[][]> {
  const repo = repoOf(ctx);
  const f24 = items.some((it) => it.record.variant === 'FAMS24') ? await repo.f24Rules(items.map((it) => it.record.storeId)) : () => null;
  const facts = items.map(({ record: d, refs }) => {
    const at = new Date(d.dispensedAt);
    const { allocations } = refs;
    const dispense = { ...d, productId: refs.tank.productId, costCentreId: refs.costCentreId, at };
    const f24Rule = d.variant === 'FAMS24' ? f24(d.storeId) : null;
    // The check picks the governing allocation; its subject's litres so far decide the limits.
    const { allocationId } = checkDispenseAllowed({ dispense, allocations, usedToday: 0, usedThisMonth: 0, timeZone: refs.tank.timezone });
    const governing = allocations.find((a) => a.id === allocationId);
    const ask: HistoryAsk = {
      equipmentId: d.equipmentId, at, meter: d.meter !== null, lastFill: f24Rule?.minMinutesBetweenFills != null, timeZone: refs.tank.timezone,
      usage: governing ? {
        column: governing.equipmentId ? 'equipment' : governing.employeeId ? 'employee' : 'cost_centre',
        id: (governing.equipmentId ?? governing.employeeId ?? governing.costCentreId)!, productId: refs.tank.productId,
      } : null,
    };
    return { d, refs, at, allocations, dispense, f24Rule, ask };
  });
  const asks = facts.map((f) => f.ask);
  const found = await dispenseHistory(ctx.tx, ctx.auth.accountId, asks, items.map((it) => it.record.id));
  const seen = seenInOrder(facts.map((f) => f.dispense), asks, found);
  const warnings = facts.map(({ refs, allocations, dispense, f24Rule }, k) => {
    const known = [refs.eqp.currentMeter, seen[k].meter].filter((m): m is number => m !== null);
    return dispenseWarnings({
      dispense, equipmentCapacity: refs.eqp.capacity, meterType: refs.eqp.meterType, lastMeter: known.length ? Math.max(...known) : null,
      lastFillAt: seen[k].lastFillAt, allocations, usedToday: seen[k].usedDay, usedThisMonth: seen[k].usedMonth,
      f24Rule, timeZone: refs.tank.timezone, now: ctx.now,
    });
  });

  // Stock last: from here to the commit the batch holds its tanks' `tank_stock` rows.
  const moves = facts.map(({ d, at }) => [{ tankId: d.tankId, at, litres: -d.litres, kind: 'dispense' as const, refId: d.id }]);
  await repo.moveMany(moves.flat());
  const books = booksAfterEach(moves, await repo.bookStocks(facts.map((f) => f.d.tankId)), (k) => facts[k].d.tankId);

  const raised: ExceptionRow[] = [];
  const codes = facts.map(({ d }, k) => {
    raised.push(...warnings[k].map((w) => ({
      code: w.code, entity: 'dispense', entityId: d.id, storeId: d.storeId, tankId: d.tankId, equipmentId: d.equipmentId,
      message: w.message, severity: w.code === 'meter_rollback' || w.code === 'over_equipment_capacity' ? 'critical' as const : 'warning' as const,
      details: { litres: d.litres, meter: d.meter, dispensedAt: d.dispensedAt, acceptedOnDevice: d.acceptedWarnings.includes(w.code) },
    })));
    const alarm = stockAlarm(books[k], d.tankId, d.storeId, 'dispense', d.id);
    if (alarm) raised.push(alarm);
    return [...new Set([...warnings[k].map((w) => w.code), ...(alarm ? [alarm.code] : [])])].sort();
  });
  await repo.raise(raised);
  return codes;
}

/** Dispenses: the tank loses the litres; business rules raise exceptions, never a refusal. */
export const dispenseHandler: KindHandler<Dispense, Refs> & {
  prepare(ctx: IngestContext, d: Dispense): Promise<Refs>;
  insert(ctx: IngestContext, d: Dispense, refs: Refs, payloadHash: string): Promise<boolean>;
  effects(ctx: IngestContext, d: Dispense, refs: Refs): Promise<string[]>;
} = {
  entity: 'dispense',
  schema: DispenseInput,
  allowed: (roles, d) => satisfies(roles, d.variant === 'FAMS24' ? 'fams24Basic' : 'famsAllBasic'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, dispenses, ids),
  prepareAll,
  insertAll,
  effectsAll,
  // One record through the same steps, for a correction's replacement (records/correction.service.ts).
  async prepare(ctx, d) {
    const [refs] = await prepareAll(ctx, [d]);
    if (refs instanceof RecordError) throw refs;
    return refs;
  },
  insert: async (ctx, d, refs, hash) => (await insertAll(ctx, [{ record: d, refs, hash }])).inserted.size === 1,
  effects: async (ctx, d, refs) => (await effectsAll(ctx, [{ record: d, refs, hash: '' }]))[0],
};
