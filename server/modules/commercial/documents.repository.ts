import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, customers, documentFiles as f, documents as d, documentShares as s, users } from '../../db/schema';
import { expiryOf } from './documents.resource';

export type FileValues = Omit<typeof f.$inferInsert, 'accountId' | 'documentId' | 'versionNo'>;

/** The only code that touches the document tables besides the resource; every statement names the account. */
export function documentsRepository(db: DbOrTx) {
  const doc = (accountId: number, id: string) => and(eq(d.accountId, accountId), eq(d.id, id));
  return {
    /** The document (also a deleted one), locked for the transaction when asked. */
    async find(accountId: number, id: string, lock = false) {
      const q = db.select().from(d).where(doc(accountId, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    /** A document of any account (system documents are read across accounts). */
    async findAnywhere(id: string) {
      const [row] = await db.select().from(d).where(eq(d.id, id));
      return row ?? null;
    },

    /** Adds the next version and makes it current; the caller holds the document's row lock. */
    async addVersion(accountId: number, documentId: string, userId: number, v: FileValues & { versionNo: number }) {
      await db.insert(f).values({ ...v, accountId, documentId, uploadedBy: userId });
      await db
        .update(d)
        .set({
          currentVersion: v.versionNo,
          fileName: v.fileName,
          mime: v.mime,
          sizeBytes: v.sizeBytes,
          version: sql`${d.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(doc(accountId, documentId));
    },

    async lastVersionNo(accountId: number, documentId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`coalesce(max(${f.versionNo}), 0)::int` })
        .from(f)
        .where(and(eq(f.accountId, accountId), eq(f.documentId, documentId)));
      return r.n;
    },

    async file(accountId: number, documentId: string, versionNo: number) {
      const [row] = await db
        .select()
        .from(f)
        .where(and(eq(f.accountId, accountId), eq(f.documentId, documentId), eq(f.versionNo, versionNo)));
      return row ?? null;
    },

    versions(accountId: number, documentId: string) {
      return db
        .select({
          versionNo: f.versionNo,
          fileName: f.fileName,
          mime: f.mime,
          sizeBytes: f.sizeBytes,
          sha256: f.sha256,
          uploadedAt: f.uploadedAt,
          uploadedBy: users.username,
        })
        .from(f)
        .leftJoin(users, eq(users.id, f.uploadedBy))
        .where(and(eq(f.accountId, accountId), eq(f.documentId, documentId)))
        .orderBy(desc(f.versionNo));
    },

    /** The account's live documents among `ids` (another account's ids simply are not found). */
    liveDocuments(accountId: number, ids: string[]) {
      return db
        .select({ id: d.id, title: d.title, currentVersion: d.currentVersion })
        .from(d)
        .where(and(eq(d.accountId, accountId), inArray(d.id, ids), isNull(d.deletedAt)));
    },

    /** The account's live customers: the ones named, or all. */
    liveCustomers(accountId: number, ids: string[] | 'all') {
      return db
        .select({ id: customers.id, name: customers.name, contacts: customers.contacts })
        .from(customers)
        .where(
          and(
            eq(customers.accountId, accountId),
            isNull(customers.deletedAt),
            ids === 'all' ? undefined : inArray(customers.id, ids),
          ),
        )
        .orderBy(asc(customers.name));
    },

    /** Shares (or re-shares: a withdrawn share comes back) one document with one customer; returns the share id. */
    async upsertShare(
      accountId: number,
      userId: number,
      documentId: string,
      customerId: string,
      sentTo: string | null,
    ) {
      const [r] = await db
        .insert(s)
        .values({ accountId, documentId, customerId, sentTo, createdBy: userId, updatedBy: userId })
        .onConflictDoUpdate({
          target: [s.accountId, s.documentId, s.customerId],
          set: {
            deletedAt: null,
            sharedAt: sql`now()`,
            sentTo,
            version: sql`${s.version} + 1`,
            updatedAt: sql`now()`,
            updatedBy: userId,
          },
        })
        .returning({ id: s.id });
      return r.id;
    },

    async share(accountId: number, id: string) {
      const [row] = await db
        .select()
        .from(s)
        .where(and(eq(s.accountId, accountId), eq(s.id, id)));
      return row ?? null;
    },

    /** Counts one opening of a shared document through its link. */
    async recordOpen(accountId: number, id: string) {
      await db
        .update(s)
        .set({
          openCount: sql`${s.openCount} + 1`,
          firstOpenedAt: sql`coalesce(${s.firstOpenedAt}, now())`,
          lastOpenedAt: sql`now()`,
        })
        .where(and(eq(s.accountId, accountId), eq(s.id, id)));
    },

    /** Withdraws a share: its link stops working. */
    async withdraw(accountId: number, id: string, userId: number) {
      const [row] = await db
        .update(s)
        .set({ deletedAt: sql`now()`, version: sql`${s.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
        .where(and(eq(s.accountId, accountId), eq(s.id, id), isNull(s.deletedAt)))
        .returning();
      return row ?? null;
    },

    /**
     * `/Documents`: the account's documents shown to its staff, and system documents of any account
     * published to one of the user's roles (or to everybody), with a file, matching the search.
     */
    library(accountId: number, roles: readonly string[], boss: boolean, q?: string) {
      const rolesArr = sql`array[${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[]`;
      const systemSeen: SQL = boss
        ? sql`${d.system}`
        : sql`${d.system} and (cardinality(${d.systemRoles}) = 0 ${roles.length ? sql`or ${d.systemRoles} && ${rolesArr}` : sql``})`;
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return db
        .select({
          id: d.id,
          title: d.title,
          category: d.category,
          tags: d.tags,
          description: d.description,
          expiresOn: d.expiresOn,
          expiry: expiryOf,
          system: d.system,
          fileName: d.fileName,
          mime: d.mime,
          sizeBytes: d.sizeBytes,
          currentVersion: d.currentVersion,
          updatedAt: d.updatedAt,
        })
        .from(d)
        .where(
          and(
            isNull(d.deletedAt),
            sql`${d.currentVersion} is not null`,
            sql`((${d.accountId} = ${accountId} and ${d.staffVisible}) or (${systemSeen}))`,
            pattern
              ? sql`(${d.title} ilike ${pattern} or ${d.category} ilike ${pattern} or ${d.description} ilike ${pattern} or array_to_string(${d.tags}, ' ') ilike ${pattern})`
              : undefined,
          ),
        )
        .orderBy(desc(d.system), asc(sql`lower(${d.title})`))
        .limit(500);
    },

    /**
     * The account's live documents that expire within `days` or expired within the last `days` (a lapsed
     * certificate still needs renewing), soonest first; `days_left` from the server's date as `expiryOf`.
     */
    async expiring(accountId: number, days: number) {
      const res = await db.execute<{
        id: string;
        title: string;
        category: string;
        expiresOn: string;
        daysLeft: number;
      }>(sql`
        select ${d.id} as id, ${d.title} as title, ${d.category} as category, ${d.expiresOn}::text as "expiresOn",
          (${d.expiresOn} - current_date)::int as "daysLeft"
        from ${d}
        where ${d.accountId} = ${accountId} and ${d.deletedAt} is null and ${d.expiresOn} is not null
          and ${d.expiresOn} between current_date - ${days}::int and current_date + ${days}::int
        order by ${d.expiresOn}, lower(${d.title})
        limit 50`);
      return res.rows;
    },

    async accountName(accountId: number) {
      const [r] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      return r?.name ?? null;
    },
  };
}
