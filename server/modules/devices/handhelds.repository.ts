import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PRINTER, type PrinterSettings } from '../../../src/contract/handhelds';
import type { DbOrTx } from '../../db/client';
import { fieldDevices, handheldEnrolments, handheldPrinters, handheldSettings, users } from '../../db/schema';

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
            isNull(handheldEnrolments.cancelledAt),
            sql`${handheldEnrolments.expiresAt} > now()`,
          ),
        )
        .returning({ id: handheldEnrolments.id, createdBy: handheldEnrolments.createdBy });
      return row;
    },

    /** The account's codes that can still enrol (not used, not cancelled, not expired), newest first. */
    async openCodes(accountId: number) {
      return db
        .select({
          id: handheldEnrolments.id,
          createdAt: handheldEnrolments.createdAt,
          expiresAt: handheldEnrolments.expiresAt,
          createdBy: users.displayName,
        })
        .from(handheldEnrolments)
        .leftJoin(users, eq(users.id, handheldEnrolments.createdBy))
        .where(
          and(
            eq(handheldEnrolments.accountId, accountId),
            isNull(handheldEnrolments.usedAt),
            isNull(handheldEnrolments.cancelledAt),
            gt(handheldEnrolments.expiresAt, sql`now()`),
          ),
        )
        .orderBy(asc(handheldEnrolments.expiresAt));
    },

    /** Cancels an open code of the account; the row's state before (undefined: not the account's). */
    async cancelCode(accountId: number, id: string) {
      const [before] = await db
        .select({
          usedAt: handheldEnrolments.usedAt,
          cancelledAt: handheldEnrolments.cancelledAt,
          expired: sql<boolean>`${handheldEnrolments.expiresAt} <= now()`,
        })
        .from(handheldEnrolments)
        .where(and(eq(handheldEnrolments.accountId, accountId), eq(handheldEnrolments.id, id)))
        .for('update');
      if (!before || before.usedAt || before.cancelledAt || before.expired) return before;
      await db
        .update(handheldEnrolments)
        .set({ cancelledAt: sql`now()` })
        .where(and(eq(handheldEnrolments.accountId, accountId), eq(handheldEnrolments.id, id)));
      return before;
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

    /** A handheld's own printer settings, or null when it prints with the account's. */
    async ownPrinter(accountId: number, deviceId: string): Promise<PrinterSettings | null> {
      const [row] = await db
        .select({
          paperWidthMm: handheldPrinters.paperWidthMm,
          headerLines: handheldPrinters.headerLines,
          footerLines: handheldPrinters.footerLines,
          copies: handheldPrinters.copies,
        })
        .from(handheldPrinters)
        .where(and(eq(handheldPrinters.accountId, accountId), eq(handheldPrinters.deviceId, deviceId)));
      return row ? { ...row, paperWidthMm: row.paperWidthMm === 80 ? 80 : 58 } : null;
    },

    async saveOwnPrinter(accountId: number, deviceId: string, p: PrinterSettings, userId: number) {
      const values = { ...p, updatedAt: sql`now()`, updatedBy: userId };
      await db
        .insert(handheldPrinters)
        .values({ accountId, deviceId, ...values })
        .onConflictDoUpdate({ target: [handheldPrinters.accountId, handheldPrinters.deviceId], set: values });
    },

    async dropOwnPrinter(accountId: number, deviceId: string) {
      await db
        .delete(handheldPrinters)
        .where(and(eq(handheldPrinters.accountId, accountId), eq(handheldPrinters.deviceId, deviceId)));
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
