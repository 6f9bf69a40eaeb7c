import { eq, sql, type SQL } from 'drizzle-orm';
import type { HomeMessageFields } from '../../../src/contract/home-messages';
import type { DbOrTx } from '../../db/client';
import { homeMessages } from '../../db/schema';
import { filter, type ListSpec } from '../../lib/resource';

/**
 * The home-screen message in force for an account (its id and zone as SQL), '' for none: a message
 * with an end day over one without (a standing message, ADR 077), then the account's own over one
 * for every account, then the latest start. "Today" is the account's local day. The sign-in answer
 * and `/auth/me` read it (ADR 038); `/messageAccount` lists every one of them.
 */
export const messageInForce = (accountId: SQL | unknown, zone: SQL | unknown) =>
  sql<string>`coalesce((select hm.message from home_messages hm
    where (hm.account_id = ${accountId} or hm.account_id is null)
      and hm.starts_on <= (now() at time zone ${zone})::date
      and (hm.ends_on is null or hm.ends_on >= (now() at time zone ${zone})::date)
    order by hm.ends_on is null, hm.account_id is null, hm.starts_on desc, hm.created_at desc limit 1), '')`;

const STATE = sql<string>`case when m.starts_on > current_date then 'scheduled'
  when m.ends_on < current_date then 'ended' else 'current' end`;
const ACCOUNT = sql<string>`coalesce(a.name, 'All accounts')`;

/** `/messageAccount` (ThebigBoss): every message; the route's rule is the guard, not an account scope. */
export const homeMessagesSpec: ListSpec = {
  from: sql`home_messages m left join accounts a on a.id = m.account_id`,
  fields: {
    id: sql<string>`m.id`,
    accountId: sql<number | null>`m.account_id`,
    accountName: ACCOUNT,
    message: sql<string>`m.message`,
    startsOn: sql<string>`m.starts_on::text`,
    endsOn: sql<string | null>`m.ends_on::text`,
    state: STATE,
    createdAt: sql`m.created_at`,
  },
  scope: () => sql`true`,
  id: sql`m.id`,
  search: [sql`m.message`, ACCOUNT],
  sort: { startsOn: sql`m.starts_on`, endsOn: sql`m.ends_on`, accountName: sql`lower(${ACCOUNT})` },
  defaultSort: '-startsOn',
  filters: { state: filter.exact(STATE) },
};

export function homeMessagesRepository(db: DbOrTx) {
  return {
    async insert(f: HomeMessageFields, createdBy: number) {
      const [row] = await db
        .insert(homeMessages)
        .values({ ...f, createdBy })
        .returning();
      return row!;
    },
    async update(id: string, f: HomeMessageFields) {
      const [row] = await db.update(homeMessages).set(f).where(eq(homeMessages.id, id)).returning();
      return row;
    },
    async remove(id: string) {
      const [row] = await db.delete(homeMessages).where(eq(homeMessages.id, id)).returning();
      return row;
    },
    async byId(id: string) {
      const r = await db.execute(
        sql`select ${sql.join(
          Object.entries(homeMessagesSpec.fields).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
          sql`, `,
        )} from home_messages m left join accounts a on a.id = m.account_id where m.id = ${id}`,
      );
      return r.rows[0] as unknown as HomeMessageRaw | undefined;
    },
    async accountExists(id: number) {
      return (await db.execute(sql`select 1 from accounts where id = ${id}`)).rows.length > 0;
    },
  };
}

export interface HomeMessageRaw {
  id: string;
  accountId: number | string | null;
  accountName: string;
  message: string;
  startsOn: string;
  endsOn: string | null;
  state: 'scheduled' | 'current' | 'ended';
  createdAt: Date | string;
}
