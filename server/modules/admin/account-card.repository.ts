import { eq } from 'drizzle-orm';
import type { AccountCardFields } from '../../../src/contract/account-card';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';

export function accountCardRepository(db: DbOrTx) {
  return {
    async get(accountId: number) {
      const [row] = await db
        .select({ name: accounts.name, card: accounts.card, logoFile: accounts.logoFile })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row;
    },
    async setCard(accountId: number, card: AccountCardFields) {
      await db.update(accounts).set({ card }).where(eq(accounts.id, accountId));
    },
    async mapStyle(accountId: number): Promise<string | null> {
      const [row] = await db.select({ url: accounts.mapStyleUrl }).from(accounts).where(eq(accounts.id, accountId));
      return row?.url ?? null;
    },
    async setMapStyle(accountId: number, url: string | null) {
      await db.update(accounts).set({ mapStyleUrl: url }).where(eq(accounts.id, accountId));
    },
    async setLogo(accountId: number, logoFile: string | null) {
      await db.update(accounts).set({ logoFile }).where(eq(accounts.id, accountId));
    },
  };
}
