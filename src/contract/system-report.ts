import { z } from 'zod';

/** `/SystemReport` (ThebigBoss): the whole installation across accounts (ADR 041). */
export const SystemReportQuery = z.strictObject({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(90, 'Days must be at most 90')
    .default(7),
});

export const SystemReport = z.object({
  days: z.number(),
  generatedAt: z.string(),
  /** Field records per account and UTC day of the last `days` days (dispenses by store-local day, from the rollup). */
  recordsByDay: z.array(
    z.object({
      day: z.string(),
      account: z.string(),
      dispenses: z.number(),
      receipts: z.number(),
      transfers: z.number(),
      readings: z.number(),
    }),
  ),
  /** Per account: members, those signed in within `days`, field devices, those synced within `days`. */
  accounts: z.array(
    z.object({
      accountId: z.number(),
      account: z.string(),
      blocked: z.boolean(),
      users: z.number(),
      activeUsers: z.number(),
      devices: z.number(),
      activeDevices: z.number(),
    }),
  ),
  /** Field devices whose last sync is older than `days` days. */
  staleDevices: z.array(
    z.object({ account: z.string(), deviceId: z.string(), user: z.string().nullable(), lastSyncAt: z.string() }),
  ),
  /** Background jobs that failed within `days` days, per queue. */
  failedJobs: z.array(
    z.object({
      queue: z.string(),
      count: z.number(),
      lastFailedAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type SystemReport = z.infer<typeof SystemReport>;
