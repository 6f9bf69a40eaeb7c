import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PRINTER, type PrinterSettings } from '../../../src/contract/handhelds';
import type { DbOrTx } from '../../db/client';
import { fieldDevices, handheldEnrolments, handheldSettings } from '../../db/schema';

/** Enrolment codes, handheld devices and the account's printer settings (`/SumniConfig`, ADR 044). */
export function handheldsRepository(db: DbOrTx) {
  return {
    async addCode(accountId: number, codeHash: string, expiresAt: Date, userId: number) {
      const [row] = await db
        .insert(handheldEnrolments)
        .values({ accountId, codeHash, expiresAt, createdBy: userId })
        .returning({ id: handheldEnrolments.id });
      return row.id;
    },

    /**
     * Uses a code: one `update … where unused and not expired` so two handhelds racing with the
     * same code cannot both win. Undefined when the code is unknown, used, expired or of another account.
     */
    async takeCode(accountId: number, codeHash: string) {
      const [row] = await db
        .update(handheldEnrolments)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(handheldEnrolments.codeHash, codeHash),
            eq(handheldEnrolments.accountId, accountId),
            isNull(handheldEnrolments.usedAt),
            sql`${handheldEnrolments.expiresAt} > now()`,
          ),
        )
        .returning({ id: handheldEnrolments.id, createdBy: handheldEnrolments.createdBy });
      return row;
    },

    async linkCode(id: string, deviceId: string) {
      await db.update(handheldEnrolments).set({ deviceId }).where(eq(handheldEnrolments.id, id));
    },

    /** The live device with this serial (any kind): a handheld enrolling again keeps its row. */
    async bySerial(accountId: number, serial: string) {
      const [row] = await db
        .select({ id: fieldDevices.id, kind: fieldDevices.kind, name: fieldDevices.name })
        .from(fieldDevices)
        .where(
          and(
            eq(fieldDevices.accountId, accountId),
            sql`lower(${fieldDevices.serial}) = lower(${serial})`,
            isNull(fieldDevices.deletedAt),
          ),
        );
      return row;
    },

    async insertHandheld(
      accountId: number,
      v: { serial: string; name: string; model: string; appVersion?: string; keyHash: string; keyHint: string },
      userId: number | null,
    ) {
      const [row] = await db
        .insert(fieldDevices)
        .values({
          accountId,
          kind: 'handheld',
          serial: v.serial,
          name: v.name,
          model: v.model,
          appVersion: v.appVersion ?? null,
          keyHash: v.keyHash,
          keyHint: v.keyHint,
          keyRotatedAt: sql`now()`,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning({ id: fieldDevices.id });
      return row.id;
    },

    /** Re-enrolment: a new key, the reported model and version, and not revoked any more. */
    async reEnrol(
      accountId: number,
      id: string,
      v: { model: string; appVersion?: string; keyHash: string; keyHint: string },
    ) {
      await db
        .update(fieldDevices)
        .set({
          model: v.model,
          ...(v.appVersion ? { appVersion: v.appVersion } : {}),
          keyHash: v.keyHash,
          keyHint: v.keyHint,
          keyRotatedAt: sql`now()`,
          retiredAt: null,
          version: sql`${fieldDevices.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(fieldDevices.accountId, accountId), eq(fieldDevices.id, id)));
    },

    /** A live handheld of the account (revoking checks the kind: a controller is retired on `/OTRDevices`). */
    async handheld(accountId: number, id: string) {
      const [row] = await db
        .select({ id: fieldDevices.id, name: fieldDevices.name, retiredAt: fieldDevices.retiredAt })
        .from(fieldDevices)
        .where(
          and(
            eq(fieldDevices.accountId, accountId),
            eq(fieldDevices.id, id),
            eq(fieldDevices.kind, 'handheld'),
            isNull(fieldDevices.deletedAt),
          ),
        );
      return row;
    },

    async printer(accountId: number): Promise<PrinterSettings> {
      const [row] = await db
        .select({
          paperWidthMm: handheldSettings.paperWidthMm,
          headerLines: handheldSettings.headerLines,
          footerLines: handheldSettings.footerLines,
          copies: handheldSettings.copies,
        })
        .from(handheldSettings)
        .where(eq(handheldSettings.accountId, accountId));
      return row ? { ...row, paperWidthMm: row.paperWidthMm === 80 ? 80 : 58 } : DEFAULT_PRINTER;
    },

    async savePrinter(accountId: number, p: PrinterSettings, userId: number) {
      const values = { ...p, updatedAt: sql`now()`, updatedBy: userId };
      await db
        .insert(handheldSettings)
        .values({ accountId, ...values })
        .onConflictDoUpdate({
          target: handheldSettings.accountId,
          set: { ...values, version: sql`${handheldSettings.version} + 1` },
        });
    },
  };
}
