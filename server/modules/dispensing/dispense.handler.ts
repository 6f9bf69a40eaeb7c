import { and, eq } from 'drizzle-orm';
import { satisfies } from '../../../src/contract/access';
import { dispenseWarnings } from '../../../src/contract/dispense-warnings';
import { checkDispenseAllowed } from '../../../src/contract/setup/dispense-check';
import { DispenseInput, type Dispense } from '../../../src/contract/dispensing';
import { dispenses } from '../../db/schema';
import { storedHashes } from './field.repository';
import { RecordError, repoOf, type IngestContext, type KindHandler } from './ingest.types';
import { raiseStockAlarm } from './stock';

type Refs = NonNullable<Awaited<ReturnType<typeof loadRefs>>>;

async function loadRefs(ctx: IngestContext, d: Dispense) {
  const repo = repoOf(ctx);
  const tank = await repo.tank(d.tankId);
  if (!tank) throw new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] });
  if (tank.storeId !== d.storeId) throw new RecordError(422, 'The tank is not at this store.', { tankId: ['This tank is not at the chosen store'] });
  const eqp = await repo.equipment(d.equipmentId);
  if (!eqp) throw new RecordError(422, 'Unknown equipment.', { equipmentId: ['Unknown equipment'] });
  if (d.employeeId && !(await repo.exists('employees', d.employeeId))) throw new RecordError(422, 'Unknown employee.', { employeeId: ['Unknown employee'] });
  const costCentreId = d.costCentreId ?? eqp.costCentreId;
  if (d.costCentreId && !(await repo.exists('costCentres', d.costCentreId))) throw new RecordError(422, 'Unknown cost centre.', { costCentreId: ['Unknown cost centre'] });
  return { tank, eqp, costCentreId };
}

/** Dispenses: the tank loses the litres; business rules raise exceptions, never a refusal. */
export const dispenseHandler: KindHandler<Dispense, Refs> = {
  entity: 'dispense',
  schema: DispenseInput,
  allowed: (roles, d) => satisfies(roles, d.variant === 'FAMS24' ? 'fams24Basic' : 'famsAllBasic'),
  storedHashes: (ctx, ids) => storedHashes(ctx.tx, ctx.auth.accountId, dispenses, ids),
  async storedHash(ctx, id) {
    const [row] = await ctx.tx.select({ h: dispenses.payloadHash }).from(dispenses)
      .where(and(eq(dispenses.accountId, ctx.auth.accountId), eq(dispenses.id, id)));
    return row?.h;
  },
  prepare: loadRefs,
  async insert(ctx, d, refs, payloadHash) {
    const rows = await ctx.tx.insert(dispenses).values({
      accountId: ctx.auth.accountId, id: d.id, payloadHash, deviceId: d.deviceId, note: d.note, createdBy: ctx.auth.userId,
      variant: d.variant, storeId: d.storeId, tankId: d.tankId, productId: refs.tank.productId, equipmentId: d.equipmentId,
      employeeId: d.employeeId, costCentreId: refs.costCentreId, litres: d.litres, meter: d.meter, meterType: refs.eqp.meterType,
      dispensedAt: new Date(d.dispensedAt), gpsLat: d.gps?.lat ?? null, gpsLng: d.gps?.lng ?? null, gpsAccuracyM: d.gps?.accuracyM ?? null,
      employeeBy: d.employeeBy, acceptedWarnings: d.acceptedWarnings,
    }).onConflictDoNothing().returning({ id: dispenses.id });
    return rows.length === 1;
  },
  async effects(ctx, d, { tank, eqp, costCentreId }) {
    const repo = repoOf(ctx);
    const at = new Date(d.dispensedAt);
    await repo.move(d.tankId, at, -d.litres, 'dispense', d.id);
    const allocations = await repo.allocationsFor(tank.productId);
    const dispense = { ...d, productId: tank.productId, costCentreId, at };
    // The check picks the governing allocation; its subject's litres so far decide the limits.
    const { allocationId } = checkDispenseAllowed({ dispense, allocations, usedToday: 0, usedThisMonth: 0, timeZone: tank.timezone });
    const governing = allocations.find((a) => a.id === allocationId);
    const { previous: prev, used, bookStock } = await repo.afterDispense({
      equipmentId: d.equipmentId, tankId: d.tankId, at, id: d.id,
      usage: governing ? { subject: governing, productId: tank.productId, tz: tank.timezone } : null,
    });
    const known = [eqp.currentMeter, prev.meter].filter((m): m is number => m !== null);
    const warnings = dispenseWarnings({
      dispense, equipmentCapacity: eqp.capacity, meterType: eqp.meterType, lastMeter: known.length ? Math.max(...known) : null,
      lastFillAt: prev.lastAt, allocations, usedToday: used.day, usedThisMonth: used.month,
      f24Rule: d.variant === 'FAMS24' ? ((await repo.f24Rule(d.storeId)) ?? null) : null, timeZone: tank.timezone, now: ctx.now,
    });
    await repo.raise(warnings.map((w) => ({
      code: w.code, entity: 'dispense', entityId: d.id, storeId: d.storeId, tankId: d.tankId, equipmentId: d.equipmentId,
      message: w.message, severity: w.code === 'meter_rollback' || w.code === 'over_equipment_capacity' ? 'critical' as const : 'warning' as const,
      details: { litres: d.litres, meter: d.meter, dispensedAt: d.dispensedAt, acceptedOnDevice: d.acceptedWarnings.includes(w.code) },
    })));
    const stock = await raiseStockAlarm(repo, d.tankId, d.storeId, 'dispense', d.id, bookStock);
    return [...new Set([...warnings.map((w) => w.code), ...stock])].sort();
  },
};
