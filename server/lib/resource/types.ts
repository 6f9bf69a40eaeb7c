import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Rule } from '../../../src/contract/access';
import type { ListQuery } from '../../../src/contract/list';
import type { ListInfo } from '../../../src/contract/setup/resources';
import type { Tx } from '../../db/client';
import type { masterColumns } from '../../db/schema/columns';

/** Who is acting: always taken from the verified token, never from the request body. */
export interface Actor {
  accountId: number;
  userId: number;
  roles: readonly string[];
}

/** A column or SQL expression the list engine can select, sort, search or filter on. */
export type Expr = AnyPgColumn | SQL | SQL.Aliased;

/**
 * A search field: an expression matched with `ilike`, or a condition built from the `ilike` pattern
 * and the actor. The second form searches a referenced row's text as "the reference is one of the
 * account's matching rows" (`refMatches`), read once through indexes instead of once per row.
 */
export type SearchField = Expr | ((pattern: string, actor: Actor) => SQL);

/** Turns the values of `f.<field>=a,b` into a condition, or says why they are not valid. */
export interface FilterSpec {
  build(values: string[]): SQL | { error: string };
}

/** Anything the list protocol can read: a table or subquery, scoped to the account. */
export interface ListSpec {
  from: PgTable | SQL | object;
  /** Selected fields: raw row keys → expressions. */
  fields: Record<string, Expr | SQL.Aliased>;
  /** Tenant scope (and any fixed condition); never optional. */
  scope: (actor: Actor) => SQL;
  /** When set, `deleted=only|include` applies; otherwise soft-deleted rows do not exist here. */
  deletedAt?: Expr;
  /** Unique, stable tiebreak of every sort (the keyset cursor ends with it). */
  id: Expr;
  search: SearchField[];
  sort: Record<string, Expr>;
  defaultSort: string;
  filters: Record<string, FilterSpec>;
  /**
   * Optional: a one-row select of `rows`, `litres` and `count` equal to the totals of the filtered
   * set, read from a summary (rollup) table, or undefined when this query needs the rows. The
   * page's `total` and the totals endpoint use it (ADR 034).
   */
  summary?: (actor: Actor, query: ListQuery) => SQL | undefined;
}

type MasterCols = ReturnType<typeof masterColumns>;
/** A table with the master-data columns (columns.ts). */
export type MasterTable = PgTable & { [K in keyof MasterCols]: AnyPgColumn };

/** Values of the extra (computed) fields a resource selects, typed from their `sql<T>`. */
export type ExtraValues<E> = {
  [K in keyof E]: E[K] extends SQL<infer U> ? U : E[K] extends SQL.Aliased<infer U> ? U : unknown;
};

/** The raw row a resource reads: the table's columns plus its extra fields. */
export type RawOf<T extends MasterTable, E> = T['$inferSelect'] & ExtraValues<E>;

export type WriteAction = 'create' | 'update' | 'delete' | 'restore';

export interface WriteEvent<Raw> {
  action: WriteAction;
  actor: Actor;
  before: Raw | null;
  after: Raw;
}

/** A reference to another resource, checked on write (same account, not deleted). */
export interface ReferenceSpec {
  /** Input/values key and API field name, e.g. `storeId`. */
  field: string;
  target: MasterTable;
  /** "store", for "Choose an existing store". */
  label: string;
  /** The composite foreign key guarding it, mapped to the same field if a race slips past. */
  constraint?: string;
}

/**
 * One declared resource: everything the generic routes, service and repository need. `Create` and
 * `Update` are the parsed (output) types of the contract's input schemas.
 */
export interface ResourceDef<
  T extends MasterTable,
  E,
  Row extends { id: string },
  Create,
  Update extends { version: number },
> {
  info: ListInfo;
  table: T;
  rules: { read: Rule; write: Rule };
  schemas: { create: z.ZodType<Create>; update: z.ZodType<Update>; row: z.ZodObject };
  /** Computed read-only fields (names of referenced rows, effective values): correlated subqueries. */
  extra: E & Record<string, SQL>;
  search: Expr[];
  sort: Record<string, Expr>;
  filters: Record<string, FilterSpec>;
  /** Text shown for the row in the deleted list and messages. */
  label: SQL;
  /** Unique constraint name → the field it is about and the message. */
  unique: Record<string, { field: string; message: string }>;
  references: ReferenceSpec[];
  toRow(raw: RawOf<T, E>): Row;
  /** Input (create, or update without `version`) → column values. Runs before the transaction (it may hash a PIN). */
  toValues(input: Create, actor: Actor): Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** Checks that need the database; field errors → 422. */
  validate?(
    tx: Tx,
    input: Create,
    ctx: { actor: Actor; before: RawOf<T, E> | null },
  ): Promise<Record<string, string[]> | undefined>;
  /** Side tables kept in step with the row (tag registry, asset history), in the same transaction. */
  afterWrite?(tx: Tx, event: WriteEvent<RawOf<T, E>>): Promise<void>;
}

// Any resource definition, for code that handles them all (registries, the deleted list).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResourceDef = ResourceDef<MasterTable, any, any, any, any>;
