import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, invitations, memberships, users, type InvitationOutcome } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** An invitation with what its answer needs: the account's name and whether the invitee may still join. */
export interface InvitationByToken extends InvitationRow {
  accountName: string;
  userActive: boolean;
}

/** Invitations into accounts (ADR 073): made by an admin, answered by the invitee, ended by either. */
export function invitationsRepository(db: DbOrTx) {
  return {
    /** The open invitation of `userId` into the account, locked until the transaction ends. */
    async openOf(accountId: number, userId: number): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.accountId, accountId), eq(invitations.userId, userId), isNull(invitations.endedAt)))
        .for('update');
      return row;
    },
    async insert(v: typeof invitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(v).returning();
      return row!;
    },
    /** Ends one open invitation; false when it had ended already (another answer came first). */
    async end(id: string, outcome: InvitationOutcome): Promise<boolean> {
      const r = await db
        .update(invitations)
        .set({ endedAt: sql`now()`, outcome })
        .where(and(eq(invitations.id, id), isNull(invitations.endedAt)))
        .returning({ id: invitations.id });
      return r.length === 1;
    },
    /** Ends every open invitation of the user (in one account, or everywhere): their links refuse from now. */
    async withdrawAllOf(userId: number, accountId?: number): Promise<number> {
      const r = await db
        .update(invitations)
        .set({ endedAt: sql`now()`, outcome: 'withdrawn' })
        .where(
          and(
            eq(invitations.userId, userId),
            isNull(invitations.endedAt),
            accountId === undefined ? undefined : eq(invitations.accountId, accountId),
          ),
        )
        .returning({ id: invitations.id });
      return r.length;
    },
    /** The invitation an accept link names, locked, with its account's name and its user's state. */
    async byToken(tokenHash: string): Promise<InvitationByToken | undefined> {
      const [row] = await db
        .select({ inv: invitations, accountName: accounts.name, userActive: users.active })
        .from(invitations)
        .innerJoin(accounts, eq(accounts.id, invitations.accountId))
        .innerJoin(users, eq(users.id, invitations.userId))
        .where(eq(invitations.tokenHash, tokenHash))
        .for('update', { of: invitations });
      return row && { ...row.inv, accountName: row.accountName, userActive: row.userActive };
    },
    /** The account's open invitations, newest first. */
    async listOpen(accountId: number): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(and(eq(invitations.accountId, accountId), isNull(invitations.endedAt)))
        .orderBy(sql`${invitations.createdAt} desc`);
    },
    /** The open invitation `id` of the account, locked. */
    async openById(accountId: number, id: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.accountId, accountId), isNull(invitations.endedAt)))
        .for('update');
      return row;
    },
    /** The membership an accepted invitation makes (kept as it is if one appeared meanwhile). */
    async join(accountId: number, userId: number, roles: string[]) {
      await db.insert(memberships).values({ accountId, userId, roles }).onConflictDoNothing();
    },
    /** The user's membership of the account: whether it exists and is blocked. */
    async membership(accountId: number, userId: number) {
      const [row] = await db
        .select({ blocked: memberships.blocked })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
      return row;
    },
  };
}
