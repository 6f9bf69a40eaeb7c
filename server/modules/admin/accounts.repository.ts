import { eq, sql } from 'drizzle-orm';
import type { AccountFields } from '../../../src/contract/admin';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';

export type AccountAdminRaw = typeof accounts.$inferSelect & { users: number };

export function accountsRepository(db: DbOrTx) {
  const withUsers = {
    id: accounts.id,
    key: accounts.key,
    name: accounts.name,
    typeId: accounts.typeId,
    type: accounts.type,
    blocked: accounts.blocked,
    homeScreenMessage: accounts.homeScreenMessage,
    timeZone: accounts.timeZone,
    currency: accounts.currency,
    units: accounts.units,
    modules: accounts.modules,
    createdAt: accounts.createdAt,
    users: sql<number>`(select count(*)::int from memberships m where m.account_id = ${accounts.id})`,
  };
  return {
    async all(): Promise<AccountAdminRaw[]> {
      return db
        .select(withUsers)
        .from(accounts)
        .orderBy(sql`lower(${accounts.name})`);
    },
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
