import { and, eq, sql } from 'drizzle-orm';
import { DAILY_REPORT_MAIL_HOUR } from '../../../src/contract/daily-report';
import type { DbOrTx } from '../../db/client';
import { dailyReportMails, dailyReportSubscriptions } from '../../db/schema';
import { accountZoneSql } from '../exceptions/rules.repository';

/** A subscriber whose previous day's report is due (and not sent yet). */
export interface DueReport {
  accountId: number;
  userId: number;
  email: string;
  name: string;
  roles: string[];
  /** The account-local day to report (yesterday there). */
  day: string;
  /** Live stores chosen; empty = every store. */
  storeIds: string[];
  /** The subscription named stores, none of which is still live: nothing to send. */
  noStoreLeft: boolean;
}

/** The daily report's morning e-mail: subscriptions, who is due, the once-per-day claim. */
export function dailyReportMailRepository(db: DbOrTx) {
  return {
    async subscription(accountId: number, userId: number): Promise<{ storeIds: string[] } | null> {
      const [r] = await db
        .select({ storeIds: dailyReportSubscriptions.storeIds })
        .from(dailyReportSubscriptions)
        .where(and(eq(dailyReportSubscriptions.accountId, accountId), eq(dailyReportSubscriptions.userId, userId)));
      return r ?? null;
    },

    /** How many of these ids are live stores of the account. */
    async liveStores(accountId: number, ids: readonly string[]): Promise<number> {
      if (!ids.length) return 0;
      const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from stores
        where account_id = ${accountId} and deleted_at is null and id = any(${`{${ids.join(',')}}`}::uuid[])`);
      return rows[0].n;
    },

    /** null = off; [] = every store. */
    async save(accountId: number, userId: number, storeIds: string[] | null) {
      const mine = and(eq(dailyReportSubscriptions.accountId, accountId), eq(dailyReportSubscriptions.userId, userId));
      if (storeIds === null) {
        await db.delete(dailyReportSubscriptions).where(mine);
        return;
      }
      await db
        .insert(dailyReportSubscriptions)
        .values({ accountId, userId, storeIds })
        .onConflictDoUpdate({
          target: [dailyReportSubscriptions.accountId, dailyReportSubscriptions.userId],
          set: { storeIds },
        });
    },

    /**
     * Every subscriber of a live account whose local time (the account's zone) is past the mail
     * hour and who has no mail for yesterday there yet: one set-based statement for all accounts.
     */
    async due(now: Date): Promise<DueReport[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        with z as (
          select s.account_id, s.user_id, s.store_ids, ${accountZoneSql(sql`s.account_id`)} as tz
          from daily_report_subscriptions s
          join accounts a on a.id = s.account_id and not a.blocked
        ), d as (
          select z.*, (${at} at time zone z.tz)::date - 1 as day from z
          where extract(hour from ${at} at time zone z.tz) >= ${DAILY_REPORT_MAIL_HOUR}
        )
        select d.account_id as "accountId", d.user_id as "userId", u.email, u.display_name as name, m.roles,
          to_char(d.day, 'YYYY-MM-DD') as day,
          coalesce((select array_agg(st.id::text order by st.code) from stores st
            where st.account_id = d.account_id and st.deleted_at is null and st.id = any(d.store_ids)), '{}') as "storeIds",
          cardinality(d.store_ids) > 0 as named
        from d
        join users u on u.id = d.user_id and u.active
        join memberships m on m.account_id = d.account_id and m.user_id = d.user_id
        where not exists (select 1 from daily_report_mails x
          where x.account_id = d.account_id and x.user_id = d.user_id and x.day = d.day)
        order by d.account_id, d.user_id`);
      return rows.map((r) => ({
        accountId: Number(r.accountId),
        userId: Number(r.userId),
        email: r.email as string,
        name: r.name as string,
        roles: r.roles as string[],
        day: r.day as string,
        storeIds: r.storeIds as string[],
        noStoreLeft: Boolean(r.named) && !(r.storeIds as string[]).length,
      }));
    },

    /** Claims the user's mail of a day; false when it was claimed already (another run, another instance). */
    async claim(accountId: number, userId: number, day: string): Promise<boolean> {
      const r = await db.insert(dailyReportMails).values({ accountId, userId, day }).onConflictDoNothing();
      return (r.rowCount ?? 0) > 0;
    },

    /** Drops the account's records of mails sent before `before` (they only guard against resending). */
    async prune(accountId: number, before: Date): Promise<number> {
      const r = await db.execute(sql`delete from daily_report_mails
        where account_id = ${accountId} and sent_at < ${before.toISOString()}::timestamptz`);
      return r.rowCount ?? 0;
    },
  };
}
