import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** `accountZone` as an SQL expression over an account id column, for lists that show times in it. */
export const accountZoneSql = (accountId: SQL | AnyPgColumn) =>
  sql<string>`coalesce((select s.timezone from stores s where s.account_id = ${accountId}
    and s.deleted_at is null order by s.code limit 1), 'UTC')`;

/**
 * The account's time zone: its first live store's by code (the rule the allocation usage and
 * scheduled work use), UTC for an account without stores. Exports write local times in it when
 * the request names no zone.
 */
export async function accountZone(db: DbOrTx, accountId: number): Promise<string> {
  const r = await db.execute<{ timezone: string }>(sql`
    select timezone from stores where account_id = ${accountId} and deleted_at is null order by code limit 1`);
  return r.rows[0]?.timezone ?? 'UTC';
}
