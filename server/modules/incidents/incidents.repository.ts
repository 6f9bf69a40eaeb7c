import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { IncidentStatus, PhotoType } from '../../../src/contract/incidents';
import type { DbOrTx } from '../../db/client';
import { exceptions, incidentPhotos, incidents, tanks } from '../../db/schema';

/** Checks of an incident's input that need the database; field errors (422) or undefined. */
export async function incidentChecks(
  db: DbOrTx,
  accountId: number,
  input: { storeId: string; tankId: string | null; exceptionIds: string[] },
): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {};
  if (input.tankId) {
    const [tank] = await db
      .select({ storeId: tanks.storeId })
      .from(tanks)
      .where(and(eq(tanks.accountId, accountId), eq(tanks.id, input.tankId)));
    if (tank && tank.storeId !== input.storeId) errors.tankId = ['Choose a tank of this store'];
  }
  if (input.exceptionIds.length) {
    const found = await db
      .select({ id: exceptions.id })
      .from(exceptions)
      .where(and(eq(exceptions.accountId, accountId), inArray(exceptions.id, input.exceptionIds)));
    const known = new Set(found.map((r) => r.id));
    const missing = input.exceptionIds.filter((id) => !known.has(id));
    if (missing.length) errors.exceptionIds = [`No such exception in this account: ${missing.join(', ')}`];
  }
  return Object.keys(errors).length ? errors : undefined;
}

export interface PhotoInsert {
  id: string;
  incidentId: string;
  contentType: PhotoType;
  bytes: number;
  width: number;
  height: number;
  fileKey: string;
  thumbKey: string;
  createdBy: number;
}
export type PhotoRecord = typeof incidentPhotos.$inferSelect;

/** The incident's state and photos; every statement pinned to one account. */
export function incidentsRepository(db: DbOrTx, accountId: number) {
  const mine = (id: string) => and(eq(incidents.accountId, accountId), eq(incidents.id, id));
  return {
    /** Locks a live incident; its state and version, or undefined. */
    async lockState(id: string): Promise<{ status: IncidentStatus; version: number; deleted: boolean } | undefined> {
      const [row] = await db
        .select({ status: incidents.status, version: incidents.version, deletedAt: incidents.deletedAt })
        .from(incidents)
        .where(mine(id))
        .for('update');
      return row && { status: row.status, version: row.version, deleted: row.deletedAt !== null };
    },

    async setStatus(id: string, status: IncidentStatus, userId: number): Promise<void> {
      const closing = status === 'closed';
      await db
        .update(incidents)
        .set({
          status,
          closedAt: closing ? sql`now()` : null,
          closedBy: closing ? userId : null,
          version: sql`${incidents.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(mine(id));
    },

    async photoCount(incidentId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(incidentPhotos)
        .where(and(eq(incidentPhotos.accountId, accountId), eq(incidentPhotos.incidentId, incidentId)));
      return r.n;
    },

    async insertPhoto(p: PhotoInsert): Promise<void> {
      await db.insert(incidentPhotos).values({ ...p, accountId });
    },

    async photo(incidentId: string, photoId: string): Promise<PhotoRecord | undefined> {
      const [r] = await db
        .select()
        .from(incidentPhotos)
        .where(
          and(
            eq(incidentPhotos.accountId, accountId),
            eq(incidentPhotos.incidentId, incidentId),
            eq(incidentPhotos.id, photoId),
          ),
        );
      return r;
    },

    async photos(incidentId: string): Promise<PhotoRecord[]> {
      return db
        .select()
        .from(incidentPhotos)
        .where(and(eq(incidentPhotos.accountId, accountId), eq(incidentPhotos.incidentId, incidentId)))
        .orderBy(asc(incidentPhotos.createdAt));
    },

    async deletePhoto(photoId: string): Promise<void> {
      await db
        .delete(incidentPhotos)
        .where(and(eq(incidentPhotos.accountId, accountId), eq(incidentPhotos.id, photoId)));
    },

    async deletePhotos(incidentId: string): Promise<void> {
      await db
        .delete(incidentPhotos)
        .where(and(eq(incidentPhotos.accountId, accountId), eq(incidentPhotos.incidentId, incidentId)));
    },
  };
}
