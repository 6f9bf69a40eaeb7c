import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_THRESHOLDS, thresholdsOf, type DetectionThresholdsValue } from '../../../src/contract/ml';
import type { DbOrTx } from '../../db/client';
import { detectionThresholds, users } from '../../db/schema';

/**
 * An account's detection thresholds (ADR 052), read by the detection (consumption sweep, leak
 * test, `/MLUpload`'s sandbox) and written by `/MLUpload`. Version 0 is the constants (no row).
 */
export function thresholdsRepository(db: DbOrTx) {
  return {
    /** The active version and its values (one indexed read). */
    async activeFor(accountId: number): Promise<{ version: number; values: DetectionThresholdsValue }> {
      const [r] = await db
        .select({ version: detectionThresholds.version, values: detectionThresholds.values })
        .from(detectionThresholds)
        .where(and(eq(detectionThresholds.accountId, accountId), eq(detectionThresholds.active, true)));
      return r ? { version: r.version, values: thresholdsOf(r.values) } : { version: 0, values: DEFAULT_THRESHOLDS };
    },

    async versions(accountId: number) {
      return db
        .select({
          version: detectionThresholds.version,
          values: detectionThresholds.values,
          note: detectionThresholds.note,
          active: detectionThresholds.active,
          createdAt: detectionThresholds.createdAt,
          createdBy: users.displayName,
        })
        .from(detectionThresholds)
        .leftJoin(users, eq(users.id, detectionThresholds.createdBy))
        .where(eq(detectionThresholds.accountId, accountId))
        .orderBy(desc(detectionThresholds.version));
    },

    /** Serialises an account's changes (two uploads never get the same version, never two active). */
    async lock(accountId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('detection_thresholds'), ${accountId}::int)`);
    },

    async exists(accountId: number, version: number): Promise<boolean> {
      const [r] = await db
        .select({ v: detectionThresholds.version })
        .from(detectionThresholds)
        .where(and(eq(detectionThresholds.accountId, accountId), eq(detectionThresholds.version, version)));
      return !!r;
    },

    /** Stores a new version and makes it the active one; returns its number. */
    async add(accountId: number, values: DetectionThresholdsValue, note: string | null, userId: number) {
      const { rows } = await db.execute<{ v: number }>(
        sql`select coalesce(max(version), 0) + 1 as v from detection_thresholds where account_id = ${accountId}`,
      );
      const version = Number(rows[0].v);
      await this.activate(accountId, 0);
      await db
        .insert(detectionThresholds)
        .values({ accountId, version, values, note, active: true, createdBy: userId });
      return version;
    },

    /** Makes `version` the active one (0 = the constants: none active). */
    async activate(accountId: number, version: number) {
      await db
        .update(detectionThresholds)
        .set({ active: false })
        .where(and(eq(detectionThresholds.accountId, accountId), eq(detectionThresholds.active, true)));
      if (version > 0)
        await db
          .update(detectionThresholds)
          .set({ active: true })
          .where(and(eq(detectionThresholds.accountId, accountId), eq(detectionThresholds.version, version)));
    },
  };
}
