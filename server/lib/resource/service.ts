import { sql } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract/list';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { audit } from '../audit';
import { assertWithinLimit, LIMITED_ENTITIES } from '../plan-limits';
import { notFound } from '../errors';
import { deletedError, fieldError, mapDbError, notDeletedError, staleError, type ConstraintMap } from './errors';
import { listChunks, type ListOptions } from './list-engine';
import { resourceListSpec, resourceRepository } from './repository';
import { accountZone } from './zone';
import type { Actor, MasterTable, RawOf, ResourceDef, WriteAction } from './types';

export interface WriteOptions {
  /** Run inside the caller's transaction (as a savepoint), e.g. an import batch or a copy. */
  tx?: Tx;
}

/**
 * The generic service of one resource: every write runs in one transaction with its audit entry,
 * checks the version it was based on, and turns constraint violations into field errors.
 */
export function resourceService<
  T extends MasterTable,
  E,
  Row extends { id: string },
  Create,
  Update extends { version: number },
>(db: Db, def: ResourceDef<T, E, Row, Create, Update>) {
  type Raw = RawOf<T, E> & { id: string; version: number; deletedAt: Date | null };
  const spec = resourceListSpec(def);
  const repo = (x: DbOrTx) => resourceRepository(x, def, spec);
  const toRow = (raw: Raw) => def.toRow(raw);
  const constraints: ConstraintMap = {
    unique: def.unique,
    references: Object.fromEntries(
      def.references
        .filter((r) => r.constraint)
        .map((r) => [r.constraint!, { field: r.field, message: `Choose an existing ${r.label}` }]),
    ),
  };

  async function inTx<R>(fn: (tx: Tx) => Promise<R>, outer?: Tx): Promise<R> {
    try {
      // Inside a caller's transaction a savepoint keeps one failed row from aborting the batch.
      return outer ? await outer.transaction(fn) : await db.transaction(fn);
    } catch (e) {
      throw mapDbError(e, constraints);
    }
  }

  /** References that are new or changed must point at live rows of this account. */
  async function check(tx: Tx, actor: Actor, input: Create, values: Record<string, unknown>, before: Raw | null) {
    const refErrors: Record<string, string[]> = {};
    for (const r of def.references) {
      const v = values[r.field];
      if (v === null || v === undefined || (before && (before as Record<string, unknown>)[r.field] === v)) continue;
      if (!(await repo(tx).exists(actor, r.target, String(v)))) refErrors[r.field] = [`Choose an existing ${r.label}`];
    }
    const other = (await def.validate?.(tx, input, { actor, before })) ?? {};
    if (Object.keys(refErrors).length) throw fieldError('invalid_reference', { ...refErrors, ...other });
    if (Object.keys(other).length) throw fieldError('validation', other);
  }

  /** A create or restore of a limited resource stays within the account's plan (ADR 038). */
  async function withinPlan(tx: Tx, actor: Actor) {
    const key = LIMITED_ENTITIES[def.info.entity];
    if (key) await assertWithinLimit(tx, actor.accountId, key);
  }

  async function locked(tx: Tx, actor: Actor, id: string): Promise<Raw> {
    if (!(await repo(tx).lock(actor, id))) throw notFound();
    return (await repo(tx).byId<Raw>(actor, id))!;
  }

  async function finish(tx: Tx, actor: Actor, action: WriteAction, id: string, before: Raw | null): Promise<Row> {
    const after = (await repo(tx).byId<Raw>(actor, id))!;
    await def.afterWrite?.(tx, { action, actor, before, after });
    const row = toRow(after);
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action,
      entity: def.info.entity,
      entityId: id,
      before: before ? toRow(before) : null,
      after: row,
    });
    return row;
  }

  function guard(before: Raw, version: number | undefined) {
    if (before.deletedAt) throw deletedError(toRow(before));
    if (version !== undefined && before.version !== version) throw staleError(toRow(before));
  }

  return {
    def,
    spec,
    toRow,

    async list(actor: Actor, query: ListQuery, opts?: ListOptions) {
      const r = await repo(db).list<Raw>(actor, query, opts);
      return { items: r.rows.map(toRow), total: r.total, page: r.page, pageSize: r.pageSize, next: r.next };
    },

    /** Every row of the filtered set, a chunk at a time (keyset paging; memory stays flat). */
    /** The account's time zone (exports' default). */
    zone: (actor: Actor) => accountZone(db, actor.accountId),

    async *exportChunks(actor: Actor, query: ListQuery, extraKeys: readonly string[]): AsyncGenerator<Row[]> {
      for await (const rows of listChunks<Raw>(db, spec, actor, query, extraKeys)) yield rows.map(toRow);
    },

    async get(actor: Actor, id: string): Promise<Row> {
      const raw = await repo(db).byId<Raw>(actor, id);
      if (!raw) throw notFound();
      return toRow(raw);
    },

    async create(actor: Actor, input: Create, opts: WriteOptions = {}): Promise<Row> {
      const values = (await def.toValues(input, actor)) as Record<string, unknown>;
      return inTx(async (tx) => {
        await check(tx, actor, input, values, null);
        await withinPlan(tx, actor);
        const id = await repo(tx).insert(actor, values);
        return finish(tx, actor, 'create', id, null);
      }, opts.tx);
    },

    /** Full update: the body is the whole record plus the `version` it was based on. */
    async update(actor: Actor, id: string, body: Update, opts: WriteOptions = {}): Promise<Row> {
      const { version, ...input } = body;
      const values = (await def.toValues(input as unknown as Create, actor)) as Record<string, unknown>;
      return inTx(async (tx) => {
        const before = await locked(tx, actor, id);
        guard(before, version);
        await check(tx, actor, input as unknown as Create, values, before);
        await repo(tx).update(actor, id, values);
        return finish(tx, actor, 'update', id, before);
      }, opts.tx);
    },

    /**
     * Changes a few columns (the FAMS24 screens' flags). The caller computes the values from the
     * current row; references among them are still checked.
     */
    async patch(
      actor: Actor,
      id: string,
      version: number,
      values: (before: Raw) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>,
    ): Promise<Row> {
      return inTx(async (tx) => {
        const before = await locked(tx, actor, id);
        guard(before, version);
        const v = (await values(before)) as Record<string, unknown>;
        for (const r of def.references) {
          if (
            v[r.field] != null &&
            v[r.field] !== (before as Record<string, unknown>)[r.field] &&
            !(await repo(tx).exists(actor, r.target, String(v[r.field])))
          ) {
            throw fieldError('invalid_reference', { [r.field]: [`Choose an existing ${r.label}`] });
          }
        }
        await repo(tx).update(actor, id, v);
        return finish(tx, actor, 'update', id, before);
      });
    },

    async remove(actor: Actor, id: string, version: number, opts: WriteOptions = {}): Promise<Row> {
      return inTx(async (tx) => {
        const before = await locked(tx, actor, id);
        guard(before, version);
        await repo(tx).update(actor, id, { deletedAt: sql`now()` });
        return finish(tx, actor, 'delete', id, before);
      }, opts.tx);
    },

    /** Undoes a soft delete; a natural key taken meanwhile answers 422 `duplicate`. */
    async restore(actor: Actor, id: string, version?: number, opts: WriteOptions = {}): Promise<Row> {
      return inTx(async (tx) => {
        const before = await locked(tx, actor, id);
        if (!before.deletedAt) throw notDeletedError(toRow(before));
        if (version !== undefined && before.version !== version) throw staleError(toRow(before));
        await withinPlan(tx, actor);
        await repo(tx).update(actor, id, { deletedAt: null });
        return finish(tx, actor, 'restore', id, before);
      }, opts.tx);
    },
  };
}
export type ResourceService = ReturnType<typeof resourceService>;
