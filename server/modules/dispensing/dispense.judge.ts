/**
 * How a dispense batch is judged (the dispense handler's checks, apart from its statements): each
 * record's facts and history asks, its rows, and every business rule each record breaks in batch order.
 */
import { dispenseWarnings } from '../../../src/contract/dispense-warnings';
import { checkDispenseAllowed, type AllocationRule } from '../../../src/contract/setup/dispense-check';
import type { Dispense } from '../../../src/contract/dispensing';
import type { ExceptionRulesValue } from '../../../src/contract/exception-rules';
import type { DbOrTx } from '../../db/client';
import type { f24Rules } from '../../db/schema';
import { ml, seenInOrder } from './batch-order';
import { fieldRepository, type ExceptionRow } from './field.repository';
import type { DispenseRow, HistoryAsk, HistoryFound } from './history.repository';
import { repoOf, type IngestContext, type Item } from './ingest.types';
import type { EquipmentRef, TankRef } from './reference.repository';

export interface Refs {
  tank: TankRef;
  eqp: EquipmentRef;
  costCentreId: string | null;
  /** The record's employee, else (a field device's record, ADR 076) its recording user's employee. */
  employeeId: string | null;
  employeeBy: Dispense['employeeBy'];
  allocations: AllocationRule[];
  /**
   * Set by `insertAll`: what the checks need, the history read before the insert, and the batch's
   * judgement made while the insert ran (`effectsAll` uses it when every record of it was stored).
   */
  checked?: { fact: Fact; found: HistoryFound; judged: Judged; at: number };
}

/**
 * The batch's rows as `insertDispenses` writes them, in id order: two batches sharing ids wait for
 * each other's keys in the same order.
 */
export const dispenseRows = (
  items: readonly Item<Dispense, Refs>[],
  accountId: number,
  userId: number,
): DispenseRow[] =>
  [...items]
    .sort((a, b) => (a.record.id < b.record.id ? -1 : 1))
    .map(({ record: d, refs, hash }) => ({
      accountId,
      id: d.id,
      payloadHash: hash,
      deviceId: d.deviceId,
      note: d.note,
      createdBy: userId,
      variant: d.variant,
      storeId: d.storeId,
      tankId: d.tankId,
      productId: refs.tank.productId,
      equipmentId: d.equipmentId,
      employeeId: refs.employeeId,
      costCentreId: refs.costCentreId,
      litres: d.litres,
      meter: d.meter,
      meterType: refs.eqp.meterType,
      dispensedAt: new Date(d.dispensedAt),
      gpsLat: d.gps?.lat ?? null,
      gpsLng: d.gps?.lng ?? null,
      gpsAccuracyM: d.gps?.accuracyM ?? null,
      employeeBy: refs.employeeBy,
      acceptedWarnings: d.acceptedWarnings,
    }));

export interface Fact {
  d: Dispense;
  refs: Refs;
  at: Date;
  allocations: AllocationRule[];
  dispense: Dispense & { productId: string; costCentreId: string | null; at: Date };
  f24Rule: F24Rule | null;
  ask: HistoryAsk;
}
type F24Rule = typeof f24Rules.$inferSelect;

/**
 * Per record: the dispense as the checks see it, its governing allocation's subject, what its history
 * must answer. `db`: where the FAMS24 rules are read (beside the transaction while it inserts).
 */
export async function factsOf(
  ctx: IngestContext,
  items: readonly Item<Dispense, Refs>[],
  db: DbOrTx = ctx.tx,
): Promise<Fact[]> {
  const f24 = items.some((it) => it.record.variant === 'FAMS24')
    ? await fieldRepository(db, ctx.auth.accountId, ctx.cache).f24Rules(items.map((it) => it.record.storeId))
    : () => null;
  return items.map(({ record: d, refs }) => {
    const at = new Date(d.dispensedAt);
    const { allocations } = refs;
    const dispense = {
      ...d,
      employeeId: refs.employeeId,
      productId: refs.tank.productId,
      costCentreId: refs.costCentreId,
      at,
    };
    const f24Rule = d.variant === 'FAMS24' ? f24(d.storeId) : null;
    // The check picks the governing allocation; its subject's litres so far decide the limits.
    const { allocationId } = checkDispenseAllowed({
      dispense,
      allocations,
      usedToday: 0,
      usedThisMonth: 0,
      timeZone: refs.tank.timezone,
    });
    const governing = allocations.find((a) => a.id === allocationId);
    const ask: HistoryAsk = {
      equipmentId: d.equipmentId,
      at,
      meter: d.meter !== null,
      lastFill: f24Rule?.minMinutesBetweenFills != null,
      timeZone: refs.tank.timezone,
      usage: governing
        ? {
            column: governing.equipmentId ? 'equipment' : governing.employeeId ? 'employee' : 'cost_centre',
            id: (governing.equipmentId ?? governing.employeeId ?? governing.costCentreId)!,
            productId: refs.tank.productId,
          }
        : null,
    };
    return { d, refs, at, allocations, dispense, f24Rule, ask };
  });
}

/** What a batch's records raise and move, judged in batch order (`judge`). */
export interface Judged {
  /** The records judged, in order (the batch's stored records, or all of them before the insert). */
  count: number;
  warnings: ReturnType<typeof dispenseWarnings>[];
  /** Each record's stock movements. */
  moves: { tankId: string; at: Date; litres: number; kind: 'dispense'; refId: string }[][];
  /** The stock statement (`moveAndRaise`) with its parameters made: the movements, exceptions and alarms. */
  stock: ReturnType<ReturnType<typeof repoOf>['prepareMoveAndRaise']>;
}

/**
 * Every business rule each record breaks, as one-by-one ingest would have seen it: the history read
 * what was stored before the batch; the batch's earlier records are added (`batch-order.ts`).
 * Pure: no query (the rules and the history are given).
 */
export function judge(
  ctx: IngestContext,
  facts: readonly Fact[],
  found: readonly HistoryFound[],
  rules: ExceptionRulesValue,
): Judged {
  const seen = seenInOrder(
    facts.map((f) => f.dispense),
    facts.map((f) => f.ask),
    found,
  );
  const warnings = facts.map(({ refs, allocations, dispense, f24Rule }, k) => {
    const known = [refs.eqp.currentMeter, seen[k].meter].filter((m): m is number => m !== null);
    return dispenseWarnings({
      dispense,
      equipmentCapacity: refs.eqp.capacity,
      meterType: refs.eqp.meterType,
      hasMeter: refs.eqp.hasMeter,
      lastMeter: known.length ? Math.max(...known) : null,
      lastFillAt: seen[k].lastFillAt,
      allocations,
      usedToday: seen[k].usedDay,
      usedThisMonth: seen[k].usedMonth,
      f24Rule,
      timeZone: refs.tank.timezone,
      now: ctx.now,
      rules,
    });
  });
  const raised: ExceptionRow[] = facts.flatMap(({ d }, k) =>
    warnings[k].map((w) => ({
      code: w.code,
      entity: 'dispense',
      entityId: d.id,
      storeId: d.storeId,
      tankId: d.tankId,
      equipmentId: d.equipmentId,
      message: w.message,
      severity:
        w.code === 'meter_rollback' || w.code === 'over_equipment_capacity'
          ? ('critical' as const)
          : ('warning' as const),
      details: {
        litres: d.litres,
        meter: d.meter,
        dispensedAt: d.dispensedAt,
        acceptedOnDevice: d.acceptedWarnings.includes(w.code),
      },
    })),
  );
  // The movements and the rules' exceptions in one statement that locks the tanks' `tank_stock`
  // rows (run by effectsAll, last: from there to the commit the batch holds them).
  const moves = facts.map(({ d, at }) => [
    { tankId: d.tankId, at, litres: -d.litres, kind: 'dispense' as const, refId: d.id },
  ]);
  // Each record's tank after it: the batch's moves on that tank up to and with the record (the
  // statement adds the locked book and raises the alarms itself).
  const movedSoFar = new Map<string, number>();
  const belowZero = facts.map(({ d }) => {
    movedSoFar.set(d.tankId, (movedSoFar.get(d.tankId) ?? 0) + ml(-d.litres));
    return { tankId: d.tankId, storeId: d.storeId, entityId: d.id, movedMl: movedSoFar.get(d.tankId)! };
  });
  const stock = repoOf(ctx).prepareMoveAndRaise(moves.flat(), raised, { entity: 'dispense', of: belowZero });
  return { count: facts.length, warnings, moves, stock };
}
