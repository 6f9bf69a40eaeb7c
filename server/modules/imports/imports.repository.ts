import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { RowError } from '../../../src/contract/imports';
import type { DbOrTx } from '../../db/client';
import {
  costCentres,
  employees,
  equipment,
  equipmentTypes,
  importJobs,
  products,
  stores,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { filter, type Actor, type ListSpec, type MasterTable } from '../../lib/resource';
import type { RefKind, WriteService } from './targets';

export type JobRow = typeof importJobs.$inferSelect;
type JobInsert = typeof importJobs.$inferInsert;

/** The code column of each table imports refer to. */
const CODE_OF: Record<RefKind, { table: MasterTable; code: SQL }> = {
  stores: { table: stores, code: sql`lower(${stores.code})` },
  products: { table: products, code: sql`lower(${products.code})` },
  costCentres: { table: costCentres, code: sql`lower(${costCentres.code})` },
  equipmentTypes: { table: equipmentTypes, code: sql`lower(${equipmentTypes.code})` },
  equipment: { table: equipment, code: sql`lower(${equipment.fleetNo})` },
  employees: { table: employees, code: sql`lower(${employees.number})` },
};

/** Counts a chunk adds to its job, with the errors to list and the bytes read so far. */
export interface ChunkProgress {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: RowError[];
  bytesRead: number;
}

/** Who uploaded, as the list shows it. */
const createdByName = sql<
  string | null
>`(select ${users.displayName} from ${users} where ${users.id} = ${importJobs.createdBy})`;

/** Past jobs for the list protocol; always scoped to the account. */
export const jobsListSpec: ListSpec = {
  from: importJobs,
  fields: {
    id: importJobs.id,
    target: importJobs.target,
    fileName: importJobs.fileName,
    fileSize: importJobs.fileSize,
    format: importJobs.format,
    status: importJobs.status,
    columns: importJobs.columns,
    mapping: importJobs.mapping,
    bytesRead: importJobs.bytesRead,
    rowsRead: importJobs.rowsRead,
    created: importJobs.created,
    updated: importJobs.updated,
    unchanged: importJobs.unchanged,
    failed: importJobs.failed,
    message: importJobs.message,
    createdAt: importJobs.createdAt,
    startedAt: importJobs.startedAt,
    finishedAt: importJobs.finishedAt,
    createdByName,
    // The list does not carry the error lists; the job itself does.
    errors: sql<RowError[]>`'[]'::jsonb`,
  },
  scope: (a) => sql`${importJobs.accountId} = ${a.accountId}`,
  id: importJobs.id,
  search: [importJobs.fileName],
  sort: {
    createdAt: importJobs.createdAt,
    fileName: sql`lower(${importJobs.fileName})`,
    target: importJobs.target,
    status: importJobs.status,
  },
  defaultSort: '-createdAt',
  filters: { target: filter.exact(importJobs.target), status: filter.exact(importJobs.status) },
};

export function importsRepository(db: DbOrTx) {
  const mine = (a: Pick<Actor, 'accountId'>, id: string) =>
    and(eq(importJobs.accountId, a.accountId), eq(importJobs.id, id));
  return {
    async insert(values: JobInsert): Promise<void> {
      await db.insert(importJobs).values(values);
    },
    async get(
      a: Pick<Actor, 'accountId'>,
      id: string,
    ): Promise<(JobRow & { createdByName: string | null }) | undefined> {
      const [row] = await db.select({ job: importJobs, createdByName }).from(importJobs).where(mine(a, id));
      return row ? { ...row.job, createdByName: row.createdByName } : undefined;
    },
    async setMapping(a: Actor, id: string, mapping: Record<string, string | null>) {
      await db
        .update(importJobs)
        .set({ mapping })
        .where(and(mine(a, id), eq(importJobs.status, 'uploaded')));
    },
    /** uploaded → queued, atomically: a second run of the same job finds nothing to claim. */
    async claim(a: Actor, id: string, mapping: Record<string, string | null>): Promise<boolean> {
      const rows = await db
        .update(importJobs)
        .set({ status: 'queued', mapping, heartbeatAt: sql`now()` })
        .where(and(mine(a, id), eq(importJobs.status, 'uploaded')))
        .returning({ id: importJobs.id });
      return rows.length === 1;
    },
    async start(id: string) {
      await db
        .update(importJobs)
        .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(eq(importJobs.id, id));
    },
    /** Adds a chunk's counts; called in the chunk's transaction so counts match what was committed. */
    async progress(id: string, p: ChunkProgress) {
      await db
        .update(importJobs)
        .set({
          rowsRead: sql`${importJobs.rowsRead} + ${p.rows}`,
          created: sql`${importJobs.created} + ${p.created}`,
          updated: sql`${importJobs.updated} + ${p.updated}`,
          unchanged: sql`${importJobs.unchanged} + ${p.unchanged}`,
          failed: sql`${importJobs.failed} + ${p.failed}`,
          errors: p.errors.length ? sql`${importJobs.errors} || ${JSON.stringify(p.errors)}::jsonb` : undefined,
          bytesRead: p.bytesRead,
          heartbeatAt: sql`now()`,
        })
        .where(eq(importJobs.id, id));
    },
    async finish(id: string, status: 'done' | 'failed', message: string | null, bytesRead?: number) {
      await db
        .update(importJobs)
        .set({ status, message, finishedAt: sql`now()`, ...(bytesRead !== undefined ? { bytesRead } : {}) })
        .where(eq(importJobs.id, id));
    },
    async heartbeat(ids: string[]) {
      if (ids.length)
        await db
          .update(importJobs)
          .set({ heartbeatAt: sql`now()` })
          .where(inArray(importJobs.id, ids));
    },
    /**
     * Jobs a process claimed but no longer holds become failed: all of them (`staleMs` 0, one server
     * on its own data directory) or those whose heartbeat stopped longer ago than `staleMs`.
     */
    async sweep(staleMs: number, message: string): Promise<number> {
      const stale =
        staleMs > 0
          ? sql`and (${importJobs.heartbeatAt} is null or ${importJobs.heartbeatAt} < now() - ${`${staleMs} milliseconds`}::interval)`
          : sql``;
      const rows =
        await db.execute(sql`update ${importJobs} set status = 'failed', message = ${message}, finished_at = now()
        where ${importJobs.status} in ('queued', 'running') ${stale} returning id`);
      return rows.rowCount ?? 0;
    },
    async audit(a: Actor, id: string, after: unknown) {
      await audit(db, {
        accountId: a.accountId,
        userId: a.userId,
        action: 'import',
        entity: 'import_job',
        entityId: id,
        after,
      });
    },
    /** Code → id of live rows for the codes given (lower-cased), one query per kind. */
    async idsByCode(a: Actor, kind: RefKind, codes: string[]): Promise<Map<string, string>> {
      if (!codes.length) return new Map();
      const { table, code } = CODE_OF[kind];
      const rows = await db
        .select({ code: sql<string>`${code}`, id: table.id })
        .from(table as never)
        .where(and(eq(table.accountId, a.accountId), isNull(table.deletedAt), inArray(code, codes)));
      return new Map((rows as { code: string; id: string }[]).map((r) => [r.code, r.id]));
    },
    /** Live rows of a resource whose natural key (`keySql`) is one of `keys`, as API rows by key. */
    async rowsByKey(
      a: Actor,
      svc: WriteService,
      table: MasterTable,
      keySql: SQL,
      keys: string[],
    ): Promise<Map<string, Record<string, unknown>>> {
      if (!keys.length) return new Map();
      const rows = (await db
        .select({ ...svc.spec.fields, __key: sql<string>`${keySql}` } as never)
        .from(table as never)
        .where(
          and(eq(table.accountId, a.accountId), isNull(table.deletedAt), inArray(keySql, keys)),
        )) as unknown as Record<string, unknown>[];
      return new Map(rows.map((r) => [String(r.__key), svc.toRow(r as never) as unknown as Record<string, unknown>]));
    },
  };
}
export type ImportsRepository = ReturnType<typeof importsRepository>;
