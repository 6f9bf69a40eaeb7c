import { eq, sql } from 'drizzle-orm';
import type { AccountFields } from '../../../src/contract/admin';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { filter, type ListSpec } from '../../lib/resource';

export type AccountAdminRaw = Omit<typeof accounts.$inferSelect, 'card' | 'logoFile' | 'mapStyleUrl' | 'signupCode'> & {
  users: number;
  plan: string | null;
};
/** What a row of `/accounts` is made of (the list reads it as SQL, so the instant may be a string). */
export type AccountListRaw = Omit<AccountAdminRaw, 'typeId' | 'createdAt'> & {
  createdAt: Date | string;
};

const PLAN = sql<string | null>`(select p.name from subscriptions s join plans p on p.id = s.plan_id
  where s.account_id = a.id)`;
/** Members and invitations still waiting in time: the places of the plan's users (ADR 073, as `plan-limits.ts`). */
const usersOf = (account: ReturnType<typeof sql>) =>
  sql<number>`((select count(*) from memberships m where m.account_id = ${account})
    + (select count(*) from invitations i where i.account_id = ${account} and i.ended_at is null
      and i.expires_at > now()))::int`;
const USERS = usersOf(sql`a.id`);

/**
 * `/accounts` (ThebigBoss): every account, so the scope is deliberately not the token's account;
 * the route's rule (thebigBoss) is what keeps it from anyone else.
 */
export const accountsSpec: ListSpec = {
  from: sql`accounts a`,
  fields: {
    id: sql<number>`a.id`,
    key: sql<string>`a.key`,
    name: sql<string>`a.name`,
    type: sql<string>`a.type`,
    timeZone: sql<string>`a.time_zone`,
    currency: sql<string>`a.currency`,
    units: sql<string>`a.units`,
    locale: sql<string>`a.locale`,
    modules: sql<string[]>`a.modules`,
    blocked: sql<boolean>`a.blocked`,
    users: USERS,
    plan: PLAN,
    createdAt: sql`a.created_at`,
  },
  scope: () => sql`true`,
  id: sql`a.id`,
  search: [sql`a.name`, sql`a.type`],
  sort: { name: sql`lower(a.name)`, type: sql`lower(a.type)`, users: USERS, createdAt: sql`a.created_at` },
  defaultSort: 'name',
  filters: { blocked: filter.bool(sql`a.blocked`) },
};

export function accountsRepository(db: DbOrTx) {
  const withUsers = {
    id: accounts.id,
    key: accounts.key,
    name: accounts.name,
    typeId: accounts.typeId,
    type: accounts.type,
    blocked: accounts.blocked,
    timeZone: accounts.timeZone,
    currency: accounts.currency,
    units: accounts.units,
    locale: accounts.locale,
    modules: accounts.modules,
    createdAt: accounts.createdAt,
    users: usersOf(sql`accounts.id`),
    plan: sql<string | null>`(select p.name from subscriptions s join plans p on p.id = s.plan_id
      where s.account_id = accounts.id)`,
  };
  return {
    async byId(id: number): Promise<AccountAdminRaw | undefined> {
      const [row] = await db.select(withUsers).from(accounts).where(eq(accounts.id, id));
      return row;
    },
    async nameTaken(name: string, exceptId?: number) {
      const r = await db.execute(
        sql`select 1 from ${accounts} where lower(name) = ${name.trim().toLowerCase()} and id <> ${exceptId ?? -1}`,
      );
      return r.rows.length > 0;
    },
    async insert(f: AccountFields) {
      const [row] = await db.insert(accounts).values(f).returning();
      return row!;
    },
    async update(id: number, f: Partial<AccountFields> & { blocked?: boolean }) {
      const [row] = await db.update(accounts).set(f).where(eq(accounts.id, id)).returning();
      return row;
    },
  };
}
