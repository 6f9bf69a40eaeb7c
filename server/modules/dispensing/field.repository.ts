import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { dispenses, exceptions, f24Rules, receipts, stockMovements, tankStock, transfers } from '../../db/schema';
import { ml } from './batch-order';
import { insertRows, rowsShape } from './bulk.repository';
import { executeText } from './prepared';
import { loadReferences, type ReferenceAsk } from './reference.repository';

/** `column = any($1::uuid[])`: one parameter for any number of ids (an IN list takes one each). */
const anyOf = (column: AnyPgColumn, ids: readonly string[]) => sql`${column} = any(${sql.param([...ids])}::uuid[])`;

/** A record that may leave its tank below zero: the litres (ml) the batch moved on it up to and with it. */
export interface StockAlarmAsk {
  tankId: string;
  storeId: string;
  entityId: string;
  movedMl: number;
}

export type StockKind = (typeof stockMovements.$inferInsert)['kind'];
export type ExceptionRow = Omit<typeof exceptions.$inferInsert, 'accountId'>;
export interface Movement {
  tankId: string;
  at: Date;
  litres: number;
  kind: StockKind;
  refId: string;
}

/**
 * Reads and writes of the field-record ingest; the only place here that touches Drizzle.
 * Everything takes the whole batch: one statement per step, whatever the number of records.
 * With a `cache`, the FAMS24 rules are read once per batch: ingest never writes them, so a
 * rolled-back record cannot leave a stale entry behind.
 */
export function fieldRepository(db: DbOrTx, accountId: number, cache: Map<string, Promise<unknown>> = new Map()) {
  const mine = (t: { accountId: AnyPgColumn }) => eq(t.accountId, accountId);

  /** Rows by key, one query for the keys not read before in this batch; absent keys are left out. */
  async function byKey<R>(
    kind: string,
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, R>>,
  ): Promise<Map<string, R>> {
    const want = [...new Set(keys)];
    const missing = want.filter((k) => !cache.has(`${kind}:${k}`));
    if (missing.length) {
      const loaded = load(missing);
      // A failed load is not kept: a later read (e.g. in the transaction after a side connection
      // failed, ADR 067) loads again.
      loaded.catch(() => {
        for (const k of missing) cache.delete(`${kind}:${k}`);
      });
      for (const k of missing)
        cache.set(
          `${kind}:${k}`,
          loaded.then((m) => m.get(k)),
        );
    }
    const out = new Map<string, R>();
    for (const k of want) {
      const row = (await cache.get(`${kind}:${k}`)) as R | undefined;
      if (row !== undefined) out.set(k, row);
    }
    return out;
  }

  /**
   * One row per movement, one statement; the statement trigger of migration 0008 then moves each
   * tank's book in `tank_stock` once, tanks in one order for every batch (two batches lock the same
   * rows in the same order, so they queue instead of deadlocking).
   */
  async function moveMany(movements: readonly Movement[]) {
    await insertRows(
      db,
      stockMovements,
      movements.map((m) => ({ accountId, ...m })),
    );
  }

  /** The tanks' book stock now (litres, exact as stored). */
  async function bookStocks(tankIds: readonly string[]): Promise<Map<string, string>> {
    if (!tankIds.length) return new Map();
    const rows = await db
      .select({ tankId: tankStock.tankId, s: tankStock.bookLitres })
      .from(tankStock)
      .where(and(mine(tankStock), anyOf(tankStock.tankId, [...new Set(tankIds)])));
    return new Map(rows.map((r) => [r.tankId, String(r.s)]));
  }

  /**
   * The movements, and exceptions already known (`raised`), in ONE statement that first locks the
   * moved tanks' `tank_stock` rows in tank order (`for update`: the row as last committed) and
   * reads their book before the movements; the statement trigger then adds the movements to those
   * rows, so the book after is the book read plus this statement's movements — no second read.
   * From here to the commit the batch holds the rows. A tank without a row yet (its first
   * movement: the trigger makes the row) is read after the statement, as `bookStocks`.
   * Answers each moved tank's book after the movements (exact, as text).
   *
   * With `alarms` (ADR 016, fourth pass), the same statement also raises `negative_book_stock` for
   * each record that leaves its tank below zero: the book read under the lock plus `movedMl`, the
   * litres moved on that tank by the batch up to and with that record. So COMMIT follows the
   * statement at once and the tanks are held no longer. The text and details are those of
   * `stockAlarm` (stock.ts), which the caller still uses for the record's codes; `alarmed` says
   * whether they were written here (not when a tank had no row yet: its book is read afterwards).
   */
  function moveAndRaise(
    movements: readonly Movement[],
    raised: readonly ExceptionRow[],
    alarms?: { entity: string; of: readonly StockAlarmAsk[] },
  ): Promise<{ books: Map<string, string>; alarmed: boolean }> {
    return prepareMoveAndRaise(movements, raised, alarms)();
  }

  /**
   * `moveAndRaise` in two steps (ADR 063): its parameters made now, the statement run when the
   * answered function is called — so a caller can make them while an earlier statement runs.
   */
  function prepareMoveAndRaise(
    movements: readonly Movement[],
    raised: readonly ExceptionRow[],
    alarms?: { entity: string; of: readonly StockAlarmAsk[] },
  ): () => Promise<{ books: Map<string, string>; alarmed: boolean }> {
    const tankIds = [...new Set(movements.map((m) => m.tankId))].sort();
    if (!tankIds.length)
      return async () => {
        if (raised.length)
          await insertRows(
            db,
            exceptions,
            raised.map((r) => ({ ...r, accountId })),
          );
        return { books: new Map(), alarmed: false };
      };
    const exceptionKeys = raised.length ? keysOf(raised) : null;
    const withAlarms = !!alarms?.of.length;
    const params: unknown[] = [accountId, tankIds];
    const text = moveAndRaiseText(exceptionKeys, withAlarms);
    params.push(...rowsShape(stockMovements, MOVEMENT_KEYS).params(movements.map((m) => ({ accountId, ...m }))));
    if (exceptionKeys)
      params.push(...rowsShape(exceptions, exceptionKeys).params(raised.map((r) => ({ ...r, accountId }))));
    if (alarms && withAlarms) {
      const of = alarms.of;
      params.push(
        alarms.entity,
        of.map((a) => a.tankId),
        of.map((a) => a.storeId),
        of.map((a) => a.entityId),
        of.map((a) => a.movedMl),
        tankIds.length,
      );
    }
    return async () => {
      const { rows } = await executeText<{ tank_id: string; book: string }>(db, text, params);
      if (rows.length < tankIds.length) return { books: await bookStocks(tankIds), alarmed: false };
      const moved = new Map<string, number>();
      for (const m of movements) moved.set(m.tankId, (moved.get(m.tankId) ?? 0) + ml(m.litres));
      return {
        books: new Map(rows.map((r) => [r.tank_id, String((ml(r.book) + (moved.get(r.tank_id) ?? 0)) / 1000)])),
        alarmed: withAlarms,
      };
    };
  }

  return {
    /** Everything the batch's records refer to, in one query (reference.repository.ts). */
    references: (ask: ReferenceAsk) => loadReferences(db, accountId, ask),

    /** The FAMS24 rule of each store, else the account default. */
    async f24Rules(storeIds: readonly string[]) {
      type Row = typeof f24Rules.$inferSelect;
      const found = await byKey<Row | null>('f24', storeIds, async (missing) => {
        const rows = await db
          .select()
          .from(f24Rules)
          .where(and(mine(f24Rules), isNull(f24Rules.deletedAt)));
        const fallback = rows.find((r) => r.storeId === null) ?? null;
        return new Map(missing.map((s) => [s, rows.find((r) => r.storeId === s) ?? fallback]));
      });
      return (storeId: string) => found.get(storeId) ?? null;
    },

    moveMany,
    async move(tankId: string, at: Date, litres: number, kind: StockKind, refId: string) {
      await moveMany([{ tankId, at, litres, kind, refId }]);
    },

    bookStocks,
    moveAndRaise,
    prepareMoveAndRaise,

    async raise(rows: readonly ExceptionRow[]) {
      await insertRows(
        db,
        exceptions,
        rows.map((r) => ({ ...r, accountId })),
      );
    },

    /** Exception codes already raised by these records, sorted, by record id. */
    async exceptionCodes(entityIds: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (!entityIds.length) return out;
      const rows = await db
        .select({ id: exceptions.entityId, code: exceptions.code })
        .from(exceptions)
        .where(and(mine(exceptions), anyOf(exceptions.entityId, entityIds)));
      for (const r of rows) out.set(r.id!, [...new Set([...(out.get(r.id!) ?? []), r.code])].sort());
      return out;
    },
  };
}
export type FieldRepository = ReturnType<typeof fieldRepository>;

const MOVEMENT_KEYS = ['accountId', 'tankId', 'at', 'litres', 'kind', 'refId'] as const;
type ExceptionKey = keyof typeof exceptions.$inferInsert & string;

/** The keys the rows carry (a key some row lacks is written NULL there, as `insertRows` does), sorted. */
function keysOf(rows: readonly object[]): ExceptionKey[] {
  const keys = new Set<string>(['accountId']);
  for (const r of rows) for (const k in r) keys.add(k);
  return [...keys].sort() as ExceptionKey[];
}

const moveAndRaiseTexts = new Map<string, string>();
/**
 * `moveAndRaise`'s statement for one shape (the exceptions' columns, alarms or not), built once
 * (ADR 063). Parameters: `$1` account, `$2` the moved tanks (sorted), then the movements'
 * (`rowsShape`), then the exceptions', then the alarms' (entity, tank, store, record, moved ml, the
 * number of tanks).
 */
function moveAndRaiseText(exceptionKeys: ExceptionKey[] | null, alarms: boolean): string {
  const id = `${exceptionKeys?.join(',') ?? '-'}|${alarms ? 1 : 0}`;
  const known = moveAndRaiseTexts.get(id);
  if (known) return known;
  let next = 3;
  const move = rowsShape(stockMovements, MOVEMENT_KEYS, { from: next });
  next += MOVEMENT_KEYS.length;
  const raise = exceptionKeys ? rowsShape(exceptions, exceptionKeys, { from: next }) : null;
  next += exceptionKeys?.length ?? 0;
  // The negative_book_stock alarms read the locked books `b`: only when every moved tank had its row
  // (else nothing, and the caller raises them after reading the books). The stock is exact (numeric,
  // millilitres added), printed without trailing zeros as JavaScript prints `stockAlarm`'s rounded number.
  const stock = `trim_scale((b.book_litres * 1000 + x.moved_ml) / 1000)`;
  const alarm = alarms
    ? `insert into exceptions (account_id, code, entity, entity_id, store_id, tank_id, severity, message, details)
      select $1::bigint, 'negative_book_stock', $${next}::text, x.entity_id, x.store_id, x.tank_id, 'warning',
        'The tank''s book stock is now ' || ${stock}::text || ' L (below zero)', jsonb_build_object('bookStock', ${stock})
      from unnest($${next + 1}::uuid[], $${next + 2}::uuid[], $${next + 3}::uuid[], $${next + 4}::bigint[])
        with ordinality as x(tank_id, store_id, entity_id, moved_ml, i)
      join b on b.tank_id = x.tank_id
      where b.book_litres * 1000 + x.moved_ml < 0 and (select count(*) from b) = $${next + 5}::bigint
      order by x.i`
    : null;
  const text = `with b as (
      select tank_id, book_litres from tank_stock where account_id = $1::bigint and tank_id = any($2::uuid[])
      order by account_id, tank_id for update
    ), m as (${move.text})${raise ? `, e as (${raise.text})` : ''}${alarm ? `, al as (${alarm})` : ''}
    select tank_id, book_litres::text as book from b`;
  moveAndRaiseTexts.set(id, text);
  return text;
}

/** Stored payload hashes of many field records of one table (a replayed batch in one query). */
export async function storedHashes(
  db: DbOrTx,
  accountId: number,
  table: typeof dispenses | typeof transfers | typeof receipts,
  ids: readonly string[],
) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: table.id, h: table.payloadHash })
    .from(table)
    .where(and(eq(table.accountId, accountId), anyOf(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.h]));
}
