import { sql, type SQL } from 'drizzle-orm';
import { SIGN_IN_CEILING } from './throttle';

/**
 * A user's sign-in lock as the admins' lists show it (ADR 072), read from the user's ceiling row
 * (`user:<id>`, one index lookup): `until` — the latest lock any unrecognised client's address got
 * (`noteLock`), or the day's end once the all-address ceiling is spent, while in force, else null;
 * `failures` — the failed sign-ins from unrecognised clients in the ceiling's day. A known
 * device's own lock is not shown (it locks only that device); an admin's unlock lifts it too.
 */
export function signInLockOf(userId: SQL) {
  const row = (what: SQL) => sql`(select ${what} from login_throttle t where t.login_key = 'user:' || ${userId})`;
  const dayEnd = sql`t.first_failure_at + make_interval(secs => ${SIGN_IN_CEILING.windowS})`;
  return {
    until: row(sql`greatest(
      case when t.locked_until > now() then t.locked_until end,
      case when t.failures >= ${SIGN_IN_CEILING.max} and ${dayEnd} > now() then ${dayEnd} end)`),
    failures: sql<number>`coalesce(${row(sql`case when ${dayEnd} > now() then t.failures end`)}, 0)::int`,
  };
}
