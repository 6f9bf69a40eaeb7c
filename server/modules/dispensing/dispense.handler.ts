import { satisfies } from '../../../src/contract/access';
import { dispenseWarnings } from '../../../src/contract/dispense-warnings';
import { checkDispenseAllowed, type AllocationRule } from '../../../src/contract/setup/dispense-check';
import { DispenseInput, type Dispense } from '../../../src/contract/dispensing';
import { dispenses, f24Rules } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import { booksAfterEach, ml, seenInOrder } from './batch-order';
import { fieldRepository, storedHashes, type ExceptionRow } from './field.repository';
import type { DbOrTx } from '../../db/client';
import { dispenseHistory, insertDispenses, type HistoryAsk, type HistoryFound } from './history.repository';
import type { EquipmentRef, References, TankRef } from './reference.repository';
import { RecordError, repoOf, type IngestContext, type Item, type KindHandler } from './ingest.types';
import { exceptionRulesRepository } from '../exceptions/rules.repository';
import { rulesOf, type ExceptionRulesValue } from '../../../src/contract/exception-rules';
import { stockAlarm } from './stock';

interface Refs {
  tank: TankRef;
  eqp: EquipmentRef;
  costCentreId: string | null;
  allocations: AllocationRule[];
  /**
   * Set by `insertAll`: what the checks need, the history read before the insert, and the batch's
   * judgement made while the insert ran (`effectsAll` uses it when every record of it was stored).
   */
  checked?: { fact: Fact; found: HistoryFound; judged: Judged; at: number };
}

/** What the references say each record needs checked against. */
function refsOf(records: readonly Dispense[], found: References): (Refs | RecordError)[] {
  return records.map((d) => {
    const tank = found.tanks.get(d.tankId);
    if (!tank) return new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] });
    if (tank.storeId !== d.storeId)
      return new RecordError(422, 'The tank is not at this store.', {
        tankId: ['This tank is not at the chosen store'],
      });
    const eqp = found.equipment.get(d.equipmentId);
    if (!eqp) return new RecordError(422, 'Unknown equipment.', { equipmentId: ['Unknown equipment'] });
    if (d.employeeId && !found.employees.has(d.employeeId))
      return new RecordError(422, 'Unknown employee.', { employeeId: ['Unknown employee'] });
    if (d.costCentreId && !found.costCentres.has(d.costCentreId))
      return new RecordError(422, 'Unknown cost centre.', { costCentreId: ['Unknown cost centre'] });
    return {
      tank,
      eqp,
      costCentreId: d.costCentreId ?? eqp.costCentreId,
      allocations: found.allocationsOf(tank.productId),
    };
  });
}

const referenceAsk = (records: readonly Dispense[]) => {
  const given = (pick: (d: Dispense) => string | null) => records.map(pick).filter((id): id is string => id !== null);
  return {
    tanks: records.map((d) => d.tankId),
    equipment: records.map((d) => d.equipmentId),
    employees: given((d) => d.employeeId),
    costCentres: given((d) => d.costCentreId),
    allocations: true,
  };
};

async function prepareAll(ctx: IngestContext, records: readonly Dispense[]): Promise<(Refs | RecordError)[]> {
  return refsOf(records, await repoOf(ctx).references(referenceAsk(records)));
}

/**
 * Stored hashes and references in one query (ADR 016, third pass), with the account's exception
 * rules (kept for `rulesOfBatch`) and its webhooks of `dispense.recorded` (ADR 055).
 */
async function lookupAll(ctx: IngestContext, records: readonly Dispense[]) {
  const found = await repoOf(ctx).references({
    ...referenceAsk(records),
    hashes: { table: 'dispenses', ids: records.map((d) => d.id) },
    rulesAndWebhooks: 'dispense.recorded',
  });
  const { rules, webhooks } = found.rulesAndWebhooks!;
  ctx.cache?.set(RULES_KEY, Promise.resolve(rulesOf(rules)));
  return { known: found.hashes, refs: refsOf(records, found), webhooks };
}

interface Fact {
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
async function factsOf(
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
    const dispense = { ...d, productId: refs.tank.productId, costCentreId: refs.costCentreId, at };
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

/**
 * The history of every record (one query that does not see the batch's own rows) and ONE statement
 * for the rows (`on conflict do nothing`) with the audit entries (`audit`) of the rows inserted. With
 * a side connection the two run at once, on two backends (ADR 067); without one, the history is read
 * in the transaction just before the insert. While PostgreSQL inserts, the records are judged here
 * as if all were stored (ADR 063); `effectsAll` uses that judgement when every record was stored,
 * else judges the stored ones again.
 */
async function insertAll(
  ctx: IngestContext,
  items: readonly Item<Dispense, Refs>[],
  audit?: (item: Item<Dispense, Refs>) => AuditEntry,
) {
  const { accountId, userId } = ctx.auth;
  // In id order: two batches sharing ids wait for each other's keys in the same order.
  const rowsOf = () =>
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
        employeeId: d.employeeId,
        costCentreId: refs.costCentreId,
        litres: d.litres,
        meter: d.meter,
        meterType: refs.eqp.meterType,
        dispensedAt: new Date(d.dispensedAt),
        gpsLat: d.gps?.lat ?? null,
        gpsLng: d.gps?.lng ?? null,
        gpsAccuracyM: d.gps?.accuracyM ?? null,
        employeeBy: d.employeeBy,
        acceptedWarnings: d.acceptedWarnings,
      }));
  const insertOf = () =>
    insertDispenses(ctx.tx, rowsOf(), { accountId, userId, entries: audit ? items.map(audit) : [] });
  // Until `inserting` is awaited its failure would be unhandled: the reading and judging may throw too.
  let inserting: Promise<Set<string>> | null = null;
  let reading: Promise<{ facts: Fact[]; found: HistoryFound[] }>;
  const side = ctx.beside?.() ?? null;
  if (side) {
    // ADR 067: the rows go in on the transaction's connection at once, while the history is read on a
    // side connection (a second backend: the second core) and the records judged here.
    inserting = insertOf()();
    inserting.catch(() => undefined);
    const read = async (db: DbOrTx, exclude: readonly string[]) => {
      const facts = await factsOf(ctx, items, db);
      const asks = facts.map((f) => f.ask);
      return { facts, found: await dispenseHistory(db, accountId, asks, exclude) };
    };
    // A side connection that fails (none could be opened, it was dropped) costs only the overlap: the
    // same reads run in the transaction, after the insert, the batch's own rows left out.
    reading = read(side, []).catch(() =>
      read(
        ctx.tx,
        items.map((it) => it.record.id),
      ),
    );
  } else {
    // One connection: the history first (the rows are not in it), the insert's parameters made while it runs.
    const facts = await factsOf(ctx, items);
    reading = dispenseHistory(
      ctx.tx,
      accountId,
      facts.map((f) => f.ask),
      [],
    ).then((found) => ({ facts, found }));
  }
  reading.catch(() => undefined);
  const insert = inserting ? null : insertOf();
  const { facts, found } = await reading;
  const rules = await rulesOfBatch(ctx);
  if (!inserting) {
    inserting = insert!();
    inserting.catch(() => undefined);
  }
  const judged = judge(ctx, facts, found, rules);
  const inserted = await inserting;
  items.forEach((it, k) => {
    it.refs.checked = { fact: facts[k], found: found[k], judged, at: k };
  });
  return { inserted, audited: !!audit };
}

/** The account's exception rules, read once per batch (the batch's cache) whatever its size. */
function rulesOfBatch(ctx: IngestContext): Promise<ExceptionRulesValue> {
  let found = ctx.cache?.get(RULES_KEY) as Promise<ExceptionRulesValue> | undefined;
  if (!found) {
    found = exceptionRulesRepository(ctx.tx).rulesFor(ctx.auth.accountId);
    ctx.cache?.set(RULES_KEY, found);
  }
  return found;
}
const RULES_KEY = 'exception-rules';

/** What a batch's records raise and move, judged in batch order (`judge`). */
interface Judged {
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
function judge(
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

/**
 * The tank loses the litres; every business rule broken raises an exception, never a refusal.
 * The history read what was stored before the batch; the batch's earlier records are added as
 * one-by-one ingest would have seen them (`judge`, `batch-order.ts`). When `insertAll` judged
 * exactly these records (all of its batch was stored), its judgement is used as it is.
 */
async function effectsAll(ctx: IngestContext, items: readonly Item<Dispense, Refs>[]): Promise<string[][]> {
  const repo = repoOf(ctx);
  const checked = items.every((it) => it.refs.checked) ? items.map((it) => it.refs.checked!) : null;
  const facts = checked ? checked.map((c) => c.fact) : await factsOf(ctx, items);
  const whole =
    checked && checked[0] && checked[0].judged.count === items.length
      ? checked.every((c, k) => c.judged === checked[0].judged && c.at === k)
      : false;
  let judged: Judged;
  if (whole) judged = checked![0].judged;
  else {
    // Without insertAll's reading (a caller that inserted otherwise): read now, the batch's own rows left out.
    const found = checked
      ? checked.map((c) => c.found)
      : await dispenseHistory(
          ctx.tx,
          ctx.auth.accountId,
          facts.map((f) => f.ask),
          items.map((it) => it.record.id),
        );
    judged = judge(ctx, facts, found, await rulesOfBatch(ctx));
  }
  const { warnings, moves } = judged;
  const { books: bookNow, alarmed } = await judged.stock();
  const books = booksAfterEach(moves, bookNow, (k) => facts[k].d.tankId);
  const alarms = facts.map(({ d }, k) => stockAlarm(books[k], d.tankId, d.storeId, 'dispense', d.id));
  const stockAlarms = alarms.filter((a): a is ExceptionRow => a !== null);
  if (stockAlarms.length && !alarmed) await repo.raise(stockAlarms);
  return facts.map((_, k) =>
    [...new Set([...warnings[k].map((w) => w.code), ...(alarms[k] ? [alarms[k].code] : [])])].sort(),
  );
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
  lookupAll,
  insertAll,
  effectsAll,
  webhook: {
    event: 'dispense.recorded',
    data: ({ record: d, refs }, exceptions) => ({
      id: d.id,
      variant: d.variant,
      storeId: d.storeId,
      tankId: d.tankId,
      productId: refs.tank.productId,
      equipmentId: d.equipmentId,
      employeeId: d.employeeId,
      costCentreId: refs.costCentreId,
      litres: d.litres,
      meter: d.meter,
      dispensedAt: d.dispensedAt,
      deviceId: d.deviceId,
      exceptions,
    }),
  },
  // One record through the same steps, for a correction's replacement (records/correction.service.ts).
  async prepare(ctx, d) {
    const [refs] = await prepareAll(ctx, [d]);
    if (refs instanceof RecordError) throw refs;
    return refs;
  },
  insert: async (ctx, d, refs, hash) => (await insertAll(ctx, [{ record: d, refs, hash }])).inserted.size === 1,
  effects: async (ctx, d, refs) => (await effectsAll(ctx, [{ record: d, refs, hash: '' }]))[0],
};
