import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface MergeUser {
  id: number;
  display_name: string;
  username: string;
  email: string;
  active: boolean;
}

/** A column that points at a user (a foreign key to `users`), with the unique keys it is part of. */
interface UserRef {
  schema: string;
  table: string;
  column: string;
  /** The other columns of each unique index the column is in (the kept user's row wins a collision). */
  uniques: string[][];
}

/**
 * Sign-in state stays with the retired user: its refresh tokens are revoked, its password links
 * dropped and its open invitations withdrawn (ADR 073), never handed to the kept user.
 */
const NOT_MOVED = new Set(['refresh_tokens', 'password_resets', 'invitations']);

/** What merging one user into another reads and writes; one transaction (the service's). */
export function userMergeRepository(db: DbOrTx) {
  return {
    /** Both users locked, in id order (two merges of the same pair cannot deadlock). */
    async lockBoth(a: number, b: number): Promise<MergeUser[]> {
      const r = await db.execute(sql`select id::int, display_name, username, email, active from users
        where id in (${a}, ${b}) and id > 1 order by id for update`);
      return r.rows as unknown as MergeUser[];
    },

    /** Accounts where both are members with different role sets (the merge cannot pick one). */
    async roleConflicts(keep: number, retire: number) {
      const r = await db.execute(sql`
        select a.name, k.roles as keep_roles, x.roles as retire_roles
        from memberships k join memberships x on x.account_id = k.account_id and x.user_id = ${retire}
        join accounts a on a.id = k.account_id
        where k.user_id = ${keep}
          and (select array_agg(v order by v) from unnest(k.roles) v)
            is distinct from (select array_agg(v order by v) from unnest(x.roles) v)
        order by a.name
        for update of k, x`);
      return r.rows as { name: string; keep_roles: string[]; retire_roles: string[] }[];
    },

    async membershipCount(userId: number) {
      const r = await db.execute(sql`select count(*)::int as n from memberships where user_id = ${userId}`);
      return Number((r.rows[0] as { n: number }).n);
    },

    /**
     * Every foreign key to `users` (read from the catalogue, so a table added later is covered
     * without editing this list), with the unique indexes its column is part of.
     */
    async references(): Promise<UserRef[]> {
      const r = await db.execute(sql`
        select n.nspname as schema, cl.relname as table, a.attname as column,
          coalesce((select json_agg((select coalesce(json_agg(oa.attname order by oa.attnum), '[]'::json)
              from pg_attribute oa where oa.attrelid = i.indrelid and oa.attnum = any(i.indkey::int2[]) and oa.attnum <> a.attnum))
            from pg_index i where i.indrelid = c.conrelid and i.indisunique and a.attnum = any(i.indkey::int2[])),
            '[]'::json) as uniques
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'users'::regclass and c.conparentid = 0
        order by 1, 2, 3`);
      return (r.rows as unknown as UserRef[]).filter((x) => !NOT_MOVED.has(x.table));
    },

    /**
     * Moves every reference from `retire` to `keep`: where a unique key would collide (both
     * subscribed to the same mail, both members of one account with the same roles), the kept
     * user's row stays and the retired one's goes; then the rest is re-pointed. Also the audit
     * log's attribution (no foreign key there). Returns the rows moved per table.
     */
    async moveReferences(keep: number, retire: number): Promise<Record<string, number>> {
      const moved: Record<string, number> = {};
      for (const ref of await this.references()) {
        const t = sql`${sql.identifier(ref.schema)}.${sql.identifier(ref.table)}`;
        const col = sql.identifier(ref.column);
        for (const others of ref.uniques) {
          const same = others.map((o) => sql`and k.${sql.identifier(o)} is not distinct from r.${sql.identifier(o)}`);
          await db.execute(sql`delete from ${t} r where r.${col} = ${retire}
            and exists (select 1 from ${t} k where k.${col} = ${keep} ${sql.join(same, sql` `)})`);
        }
        const res = await db.execute(sql`update ${t} set ${col} = ${keep} where ${col} = ${retire}`);
        if (res.rowCount) moved[ref.table] = (moved[ref.table] ?? 0) + res.rowCount;
      }
      const audited = await db.execute(sql`update audit_log set user_id = ${keep} where user_id = ${retire}`);
      if (audited.rowCount) moved.audit_log = audited.rowCount;
      return moved;
    },

    /** The retired user: disabled, its password links gone, its open invitations withdrawn (tokens: the caller). */
    async retire(userId: number) {
      await db.execute(sql`delete from password_resets where user_id = ${userId}`);
      await db.execute(sql`update invitations set ended_at = now(), outcome = 'withdrawn'
        where user_id = ${userId} and ended_at is null`);
      await db.execute(sql`update users set active = false where id = ${userId}`);
    },
  };
}
