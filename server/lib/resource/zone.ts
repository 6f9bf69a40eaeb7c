import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

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
