import { sql } from 'drizzle-orm';
import { addDays } from '../../../src/contract/calendar';
import type { DbOrTx } from '../../db/client';
import { localMidnight } from '../../lib/local-day';
import { accountZoneSql } from './rules.repository';

/** One exception as a mail lists it, with the subscriber it goes to. */
export interface MailLine {
  accountId: number;
  accountName: string;
  userId: number;
  email: string;
  roles: string[];
  id: string;
  code: string;
  severity: string;
  message: string;
  raisedAt: Date;
  timeZone: string;
}

const lineColumns = sql`e.account_id as "accountId", a.name as "accountName", s.user_id as "userId", u.email,
  m.roles, e.id, e.code, e.severity, e.message, e.raised_at as "raisedAt"`;

/** The e-mail side of exceptions: who is due which mail; every query is set-based. */
export function notifyRepository(db: DbOrTx) {
  const rows = async (q: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, unknown>>(q)).rows.map((r) => ({
      ...(r as unknown as MailLine),
      accountId: Number(r.accountId),
      userId: Number(r.userId),
      raisedAt: new Date(r.raisedAt as string),
    }));

  return {
    /**
     * Claims (inserts into `exception_mails`) every exception raised since its subscriber chose
     * "immediately" (within the last day) and not mailed yet, and returns them. Called inside the
     * transaction that sends: a failed send rolls the claim back and the next run tries again; a
     * second instance waits on the claimed keys and then finds them taken.
     */
    async claimImmediate(limit = 1000): Promise<MailLine[]> {
      return rows(sql`
        with due as (
          select ${lineColumns}, ${accountZoneSql(sql`e.account_id`)} as "timeZone"
          from exception_subscriptions s
          join exceptions e on e.account_id = s.account_id and e.code = s.code
            and e.raised_at >= s.created_at and e.raised_at > now() - interval '1 day'
          join users u on u.id = s.user_id and u.active
          join memberships m on m.account_id = s.account_id and m.user_id = s.user_id
          join accounts a on a.id = s.account_id and not a.blocked
          where s.mode = 'immediate'
            and not exists (select 1 from exception_mails x where x.exception_id = e.id and x.user_id = s.user_id)
          order by e.raised_at
          limit ${limit}
        ), claimed as (
          insert into exception_mails (account_id, exception_id, user_id)
          select "accountId", id, "userId" from due
          on conflict do nothing
          returning exception_id, user_id
        )
        select due.* from due join claimed c on c.exception_id = due.id and c.user_id = due."userId"
        order by due."raisedAt"`);
    },

    /** Accounts with a digest subscriber, and their time zone. */
    async digestAccounts(): Promise<{ accountId: number; timeZone: string; sentDays: string[] }[]> {
      const { rows: found } = await db.execute<{ accountId: string; timeZone: string; sentDays: string[] | null }>(sql`
        select s.account_id as "accountId", ${accountZoneSql(sql`s.account_id`)} as "timeZone",
          (select array_agg(d.day::text) from exception_digests d
            where d.account_id = s.account_id and d.day > current_date - 3) as "sentDays"
        from (select distinct account_id from exception_subscriptions where mode = 'digest') s`);
      return found.map((r) => ({ accountId: Number(r.accountId), timeZone: r.timeZone, sentDays: r.sentDays ?? [] }));
    },

    /**
     * Claims the account's digest of a local day (one row per account and day: never sent twice)
     * and returns the day's new exceptions per digest subscriber; null when already claimed.
     */
    async claimDigest(accountId: number, day: string): Promise<MailLine[] | null> {
      const claimed = await db.execute(sql`
        insert into exception_digests (account_id, day) values (${accountId}, ${day}::date)
        on conflict do nothing`);
      if (!claimed.rowCount) return null;
      const tz = accountZoneSql(accountId);
      return rows(sql`
        with z as (select ${tz} as tz)
        select ${lineColumns}, z.tz as "timeZone"
        from z, exception_subscriptions s
        join exceptions e on e.account_id = s.account_id and e.code = s.code
        join users u on u.id = s.user_id and u.active
        join memberships m on m.account_id = s.account_id and m.user_id = s.user_id
        join accounts a on a.id = s.account_id and not a.blocked
        where s.account_id = ${accountId} and s.mode = 'digest'
          and e.raised_at >= ${localMidnight(sql`${day}::date`, sql`z.tz`)}
          and e.raised_at < ${localMidnight(sql`${addDays(day, 1)}::date`, sql`z.tz`)}
        order by e.raised_at`);
    },

    /**
     * Drops the account's records of mails and digests sent before `before`: they only keep a mail
     * from going twice, and the immediate mail looks back one day, the digest planner three.
     */
    async pruneSent(accountId: number, before: Date): Promise<number> {
      const at = sql`${before.toISOString()}::timestamptz`;
      const mails = await db.execute(
        sql`delete from exception_mails where account_id = ${accountId} and sent_at < ${at}`,
      );
      const digests = await db.execute(
        sql`delete from exception_digests where account_id = ${accountId} and sent_at < ${at}`,
      );
      return (mails.rowCount ?? 0) + (digests.rowCount ?? 0);
    },
  };
}
