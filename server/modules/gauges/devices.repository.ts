import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GaugeTankMap } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';
import { gaugeDevices, tanks } from '../../db/schema';

export interface PollTarget {
  id: string;
  accountId: number;
  name: string;
  protocol: 'tls_tcp' | 'http_push';
  host: string | null;
  port: number | null;
  pollIntervalS: number;
  enabled: boolean;
  failures: number;
  tankMap: GaugeTankMap[];
  /** The console's zone: its store's, else the first mapped tank's store's, else UTC. */
  timezone: string;
  tanks: Map<string, { code: string; name: string }>;
}

/** Device state the poller, the push endpoint and key rotation read and write. */
export function devicesRepository(db: DbOrTx) {
  const one = (accountId: number, id: string) =>
    and(eq(gaugeDevices.accountId, accountId), eq(gaugeDevices.id, id), isNull(gaugeDevices.deletedAt));
  return {
    async target(accountId: number, id: string): Promise<PollTarget | undefined> {
      const [d] = await db
        .select({
          id: gaugeDevices.id,
          accountId: gaugeDevices.accountId,
          name: gaugeDevices.name,
          protocol: gaugeDevices.protocol,
          host: gaugeDevices.host,
          port: gaugeDevices.port,
          pollIntervalS: gaugeDevices.pollIntervalS,
          enabled: gaugeDevices.enabled,
          failures: gaugeDevices.failures,
          tankMap: gaugeDevices.tankMap,
          // Plain SQL names: in a one-table select Drizzle leaves columns unqualified, which would be
          // ambiguous inside these subqueries.
          timezone: sql<string | null>`coalesce(
          (select s.timezone from stores s where s.account_id = gauge_devices.account_id and s.id = gauge_devices.store_id),
          (select s.timezone from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id
            where t.account_id = gauge_devices.account_id and t.id = ((gauge_devices.tank_map -> 0 ->> 'tankId')::uuid)))`,
        })
        .from(gaugeDevices)
        .where(one(accountId, id));
      if (!d) return undefined;
      const ids = d.tankMap.map((m) => m.tankId);
      const rows = ids.length
        ? await db
            .select({ id: tanks.id, code: tanks.code, name: tanks.name })
            .from(tanks)
            .where(and(eq(tanks.accountId, accountId), inArray(tanks.id, ids)))
        : [];
      return {
        ...d,
        timezone: d.timezone ?? 'UTC',
        tanks: new Map(rows.map((t) => [t.id, { code: t.code, name: t.name }])),
      };
    },

    /** A poll that reached the console; `warning` names readings it could not store. */
    async recordSuccess(accountId: number, id: string, at: Date, nextPollAt: Date, warning: string | null = null) {
      await db
        .update(gaugeDevices)
        .set({
          lastContactAt: at,
          failures: 0,
          nextPollAt,
          ...(warning ? { lastError: warning.slice(0, 500), lastErrorAt: at } : {}),
        })
        .where(one(accountId, id));
    },

    /** Failures count up; the last error stays visible (with its time) after the device recovers. */
    async recordFailure(accountId: number, id: string, error: string, at: Date, nextPollAt: Date) {
      await db
        .update(gaugeDevices)
        .set({
          lastError: error.slice(0, 500),
          lastErrorAt: at,
          failures: sql`${gaugeDevices.failures} + 1`,
          nextPollAt,
        })
        .where(one(accountId, id));
    },

    /**
     * Claims the TLS devices due for a poll, across accounts, and pushes their next poll one
     * interval ahead (a lease: the poll sets the real next time). SKIP LOCKED lets several server
     * instances claim side by side without polling a device twice.
     */
    async claimDue(limit: number): Promise<{ id: string; accountId: number }[]> {
      const res = await (db as Db).execute<{ id: string; account_id: number }>(sql`
        update ${gaugeDevices} g set next_poll_at = now() + make_interval(secs => g.poll_interval_s)
        where g.id in (
          select id from ${gaugeDevices}
          where deleted_at is null and enabled and protocol = 'tls_tcp' and (next_poll_at is null or next_poll_at <= now())
          order by next_poll_at nulls first limit ${limit}
          for update skip locked)
        returning g.id, g.account_id`);
      return res.rows.map((r) => ({ id: r.id, accountId: Number(r.account_id) }));
    },

    async setKey(accountId: number, id: string, hash: string, hint: string, userId: number) {
      const rows = await db
        .update(gaugeDevices)
        .set({
          keyHash: hash,
          keyHint: hint,
          version: sql`${gaugeDevices.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(and(one(accountId, id), eq(gaugeDevices.protocol, 'http_push')))
        .returning({ id: gaugeDevices.id });
      return rows.length === 1;
    },

    /** A push device by its id alone: the key, not a user token, says which account it is. */
    async pushDevice(id: string) {
      const [d] = await db
        .select({
          id: gaugeDevices.id,
          accountId: gaugeDevices.accountId,
          keyHash: gaugeDevices.keyHash,
          tankMap: gaugeDevices.tankMap,
          usable: sql<boolean>`${gaugeDevices.deletedAt} is null and ${gaugeDevices.enabled} and ${gaugeDevices.protocol} = 'http_push'`,
        })
        .from(gaugeDevices)
        .where(eq(gaugeDevices.id, id));
      return d;
    },

    async touchContact(accountId: number, id: string, at: Date) {
      await db.update(gaugeDevices).set({ lastContactAt: at, failures: 0 }).where(one(accountId, id));
    },
  };
}
