import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportFormat } from '../../../src/contract/reports';
import type { RunView } from '../../../src/contract/report-runs';
import { reportById } from '../../../src/contract/report-catalog';
import type { DbOrTx } from '../../db/client';
import { reportFavourites, reportRuns, users } from '../../db/schema';

type RunRow = typeof reportRuns.$inferSelect;

/**
 * A custom report's title (deleted ones too: the history keeps their runs), by its `custom:<id>` key: one
 * saved in the account or published to it now or before (ADR 064: a run or schedule of a report published
 * to the account is written only while it may run there, so its key names a report that was the
 * account's to see; after an unpublish its old runs keep their title).
 */
export const customTitleOf = (reportId: SQL | AnyPgColumn) =>
  sql<string | null>`(select c.title from custom_reports c where 'custom:' || c.id::text = ${reportId})`;

const runColumns = {
  run: reportRuns,
  userName: users.displayName,
  customTitle: customTitleOf(reportRuns.reportId),
};

export const toRunView = ({
  run: r,
  userName,
  customTitle,
}: {
  run: RunRow;
  userName: string | null;
  customTitle?: string | null;
}): RunView => ({
  id: r.id,
  report: r.reportId,
  title: reportById(r.reportId)?.title ?? customTitle ?? r.reportId,
  format: r.format,
  status: r.status,
  trigger: r.trigger,
  scheduleId: r.scheduleId,
  userName,
  params: r.params,
  parameters: r.parameters,
  rowsDone: r.rowsDone,
  rowsTotal: r.rowsTotal,
  queuedAt: r.queuedAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  durationSeconds: r.durationMs === null ? null : Math.round(r.durationMs / 100) / 10,
  rowCount: r.rowCount,
  fileName: r.fileName,
  fileSize: r.fileSize,
  fileKept: r.status === 'done' && r.fileKey !== null,
  error: r.error,
});

export interface NewRun {
  accountId: number;
  userId: number | null;
  reportId: string;
  params: Record<string, unknown>;
  format: ReportFormat;
  trigger: 'manual' | 'scheduled';
  scheduleId?: string;
  occurrence?: Date;
}

/** `report_runs` and `report_favourites`: the only place of the runs that touches the database. */
export function runsRepository(db: DbOrTx) {
  return {
    /** A queued run; a scheduled occurrence already claimed (unique index) gives null. */
    async insert(r: NewRun): Promise<string | null> {
      const rows = await db
        .insert(reportRuns)
        .values({ ...r, scheduleId: r.scheduleId ?? null, occurrence: r.occurrence ?? null })
        .onConflictDoNothing()
        .returning({ id: reportRuns.id });
      return rows[0]?.id ?? null;
    },

    /** Queued → running, once: a second job for the same run (a resend, another instance) gets null. */
    async claim(id: string): Promise<RunRow | null> {
      const rows = await db
        .update(reportRuns)
        .set({ status: 'running', startedAt: sql`now()` })
        .where(and(eq(reportRuns.id, id), eq(reportRuns.status, 'queued')))
        .returning();
      return rows[0] ?? null;
    },

    async resolved(
      id: string,
      v: { periodFrom: string | null; periodTo: string | null; parameters: string; rowsTotal: number },
    ) {
      await db.update(reportRuns).set(v).where(eq(reportRuns.id, id));
    },

    async progress(id: string, rowsDone: number) {
      await db.update(reportRuns).set({ rowsDone }).where(eq(reportRuns.id, id));
    },

    async finish(
      id: string,
      v: {
        status: 'done' | 'failed';
        rowCount?: number;
        fileKey?: string;
        fileName?: string;
        fileSize?: number;
        error?: string;
      },
    ) {
      await db
        .update(reportRuns)
        .set({
          ...v,
          finishedAt: sql`now()`,
          durationMs: sql`(extract(epoch from now() - coalesce(${reportRuns.startedAt}, ${reportRuns.queuedAt})) * 1000)::int`,
        })
        .where(eq(reportRuns.id, id));
    },

    /** One run of the account; `userId` limits it to that user's own runs. */
    async get(accountId: number, id: string, userId?: number): Promise<{ view: RunView; row: RunRow } | null> {
      const [r] = await db
        .select(runColumns)
        .from(reportRuns)
        .leftJoin(users, eq(users.id, reportRuns.userId))
        .where(
          and(
            eq(reportRuns.accountId, accountId),
            eq(reportRuns.id, id),
            userId === undefined ? undefined : eq(reportRuns.userId, userId),
          ),
        );
      return r ? { view: toRunView(r), row: r.run } : null;
    },

    /** The user's latest runs (`/ReportList`'s "Recent runs"). */
    async recent(accountId: number, userId: number, limit: number): Promise<RunView[]> {
      const rows = await db
        .select(runColumns)
        .from(reportRuns)
        .leftJoin(users, eq(users.id, reportRuns.userId))
        .where(and(eq(reportRuns.accountId, accountId), eq(reportRuns.userId, userId)))
        .orderBy(desc(reportRuns.queuedAt))
        .limit(limit);
      return rows.map(toRunView);
    },

    /** Runs whose files are older than `before`, a batch at a time (the nightly prune). */
    async expiredFiles(before: Date, limit = 500) {
      return db
        .select({ id: reportRuns.id, accountId: reportRuns.accountId, fileKey: reportRuns.fileKey })
        .from(reportRuns)
        .where(and(isNotNull(reportRuns.fileKey), lt(reportRuns.finishedAt, before)))
        .limit(limit);
    },

    async filesRemoved(ids: string[]) {
      if (!ids.length) return;
      await db
        .update(reportRuns)
        .set({ fileKey: null, fileRemovedAt: sql`now()` })
        .where(inArray(reportRuns.id, ids));
    },

    favourites: {
      async list(accountId: number, userId: number): Promise<string[]> {
        const rows = await db
          .select({ reportId: reportFavourites.reportId })
          .from(reportFavourites)
          .where(and(eq(reportFavourites.accountId, accountId), eq(reportFavourites.userId, userId)))
          .orderBy(reportFavourites.createdAt);
        return rows.map((r) => r.reportId);
      },
      async add(accountId: number, userId: number, reportId: string) {
        await db.insert(reportFavourites).values({ accountId, userId, reportId }).onConflictDoNothing();
      },
      async remove(accountId: number, userId: number, reportId: string) {
        await db
          .delete(reportFavourites)
          .where(
            and(
              eq(reportFavourites.accountId, accountId),
              eq(reportFavourites.userId, userId),
              eq(reportFavourites.reportId, reportId),
            ),
          );
      },
    },
  };
}
