import { satisfies } from '../../../src/contract/access';
import { DispenseInput, type Dispense } from '../../../src/contract/dispensing';
import { rulesOf, type ExceptionRulesValue } from '../../../src/contract/exception-rules';
import { missingMeterVerdict } from '../../../src/contract/meter-rule';
import { dispenses } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { AuditEntry } from '../../lib/audit';
import { exceptionRulesRepository } from '../exceptions/rules.repository';
import { booksAfterEach } from './batch-order';
import { dispenseRows, factsOf, judge, type Fact, type Judged, type Refs } from './dispense.judge';
import { storedHashes, type ExceptionRow } from './field.repository';
import { dispenseHistory, insertDispenses, type HistoryFound } from './history.repository';
import type { References } from './reference.repository';
import { RecordError, repoOf, type IngestContext, type Item, type KindHandler } from './ingest.types';
import { stockAlarm } from './stock';

/**
 * What the references say each record needs checked against. ADR 076: a fill without the reading of
 * its equipment's meter is refused when its device asked for the reading (`missingMeterVerdict`), else
 * stored and raised (`dispenseWarnings`); a field device's record that names no employee is its
 * recording user's employee's (`found.recorderEmployee`).
 */
function refsOf(records: readonly Dispense[], found: References): (Refs | RecordError)[] {
  const recorder = found.recorderEmployee ?? null;
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
    const meter = missingMeterVerdict(eqp, d);
    if (meter?.action === 'refuse')
      return new RecordError(400, 'The meter reading is missing.', { meter: [meter.message] });
    const byRecorder = d.employeeId === null && recorder !== null;
    return {
      tank,
      eqp,
      costCentreId: d.costCentreId ?? eqp.costCentreId,
      employeeId: byRecorder ? recorder : d.employeeId,
      employeeBy: byRecorder ? 'signin' : d.employeeBy,
      allocations: found.allocationsOf(tank.productId),
    };
  });
}

const referenceAsk = (ctx: IngestContext, records: readonly Dispense[]) => {
  const given = (pick: (d: Dispense) => string | null) => records.map(pick).filter((id): id is string => id !== null);
  const recorder = ctx.recordedBy !== undefined && records.some((d) => d.employeeId === null);
  return {
    tanks: records.map((d) => d.tankId),
    equipment: records.map((d) => d.equipmentId),
    employees: given((d) => d.employeeId),
    costCentres: given((d) => d.costCentreId),
    allocations: true,
    ...(recorder ? { recorder: ctx.recordedBy } : {}),
  };
};

async function prepareAll(ctx: IngestContext, records: readonly Dispense[]): Promise<(Refs | RecordError)[]> {
  return refsOf(records, await repoOf(ctx).references(referenceAsk(ctx, records)));
}

/**
 * Stored hashes and references in one query (ADR 016, third pass), with the account's exception
 * rules (kept for `rulesOfBatch`) and its webhooks of `dispense.recorded` (ADR 055).
 */
async function lookupAll(ctx: IngestContext, records: readonly Dispense[]) {
  const found = await repoOf(ctx).references({
    ...referenceAsk(ctx, records),
    hashes: { table: 'dispenses', ids: records.map((d) => d.id) },
    rulesAndWebhooks: 'dispense.recorded',
  });
  const { rules, webhooks } = found.rulesAndWebhooks!;
  ctx.cache?.set(RULES_KEY, Promise.resolve(rulesOf(rules)));
  return { known: found.hashes, refs: refsOf(records, found), webhooks };
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
  // The insert's parameters made now, its statement run when the answered function is called.
  const prepareInsert = () =>
    insertDispenses(ctx.tx, dispenseRows(items, accountId, userId), {
      accountId,
      userId,
      entries: audit ? items.map(audit) : [],
    });
  // Until `inserting` is awaited its failure would be unhandled: the reading and judging may throw too.
  let inserting: Promise<Set<string>> | null = null;
  let reading: Promise<{ facts: Fact[]; found: HistoryFound[] }>;
  const side = ctx.beside?.() ?? null;
  if (side) {
    // ADR 067: the rows go in on the transaction's connection at once, while the history is read on a
    // side connection (a second backend: the second core) and the records judged here.
    inserting = prepareInsert()();
    inserting.catch(() => undefined);
    const read = async (db: DbOrTx, exclude: readonly string[]) => {
      const facts = await factsOf(ctx, items, db);
      const asks = facts.map((f) => f.ask);
      return { facts, found: await dispenseHistory(db, accountId, asks, exclude) };
    };
    // A side connection that fails (none could be opened, it was dropped) costs only the overlap: the
    // same reads run in the transaction, after the insert (one query at a time on its connection),
    // the batch's own rows left out; an insert that failed fails the reading with its own error.
    const insertDone = inserting;
    reading = read(side, []).catch(async () => {
      await insertDone;
      return read(
        ctx.tx,
        items.map((it) => it.record.id),
      );
    });
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
  // The insert's parameters made while the history query runs (one connection), the statement after it.
  const insertAfterReading = inserting ? null : prepareInsert();
  const { facts, found } = await reading;
  const rules = await rulesOfBatch(ctx);
  inserting ??= insertAfterReading!();
  inserting.catch(() => undefined);
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
      employeeId: refs.employeeId,
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
