import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { accounts, homeMessages, memberships, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_FUELS, NORTH_HAULAGE } from './demo-catalogue';
import { DEMO_ACCOUNTS, DEMO_USERS } from './demo-users';
import { DEMO_GAUGE_ACCOUNT, seedDemoGauges } from './seed-gauges';
import { seedDemoSubscriptions } from './seed-subscriptions';
import { seedDemoCommercial } from './seed-commercial';
import { insertDemoSetup, linkDemoEmployees, prepareDemoSetup } from './seed-setup';

/**
 * User id 1 is the system user: it owns automatic writes and can never sign in (the spec accepts
 * single-account sign-in only for ids above 1).
 */
async function ensureSystemUser(db: Db) {
  await db
    .insert(users)
    .values({
      id: 1,
      username: 'system',
      email: 'system@fams.invalid',
      displayName: 'System',
      passwordHash: '!',
      active: false,
    })
    .onConflictDoNothing();
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), greatest((select max(id) from users), 1))`);
}

/** Seeds the demo accounts and users into an empty database; does nothing when accounts exist. */
export async function seedDemo(db: Db, log: Logger): Promise<boolean> {
  await ensureSystemUser(db);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if (n > 0) return false;
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    const acc = await tx
      .insert(accounts)
      .values(DEMO_ACCOUNTS.map(({ homeScreenMessage: _, ...a }) => ({ ...a })))
      .returning();
    const idOf = new Map(acc.map((a) => [a.name, a.id]));
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    // Each account's standing home-screen message: a /messageAccount message without an end day (ADR 077).
    const standing = DEMO_ACCOUNTS.filter((a) => a.homeScreenMessage);
    if (standing.length)
      await tx.insert(homeMessages).values(
        standing.map((a) => ({
          accountId: idOf.get(a.name)!,
          message: a.homeScreenMessage,
          startsOn: yearAgo,
          endsOn: null,
        })),
      );
    // Account ids are only known here; generating the fleets is pure, so it can wait until now.
    const fleets = await prepareDemoSetup([
      { id: idOf.get('Demo Fuels')!, setup: DEMO_FUELS, seed: 20_240_601 },
      { id: idOf.get('North Haulage')!, setup: NORTH_HAULAGE, seed: 20_240_602 },
    ]);
    for (const f of fleets) await insertDemoSetup(tx, f);
    // One simulated TLS console per Demo Fuels store (the server starts them; ADR 010).
    await seedDemoGauges(tx, idOf.get(DEMO_GAUGE_ACCOUNT)!);
    // Subscriptions from a year back, so the subscription report has a year of months.
    await seedDemoSubscriptions(
      tx,
      acc.map((a) => a.id),
      yearAgo,
    );
    // Customers, sites, a price list and a draft quotation (issue 16).
    await seedDemoCommercial(tx, idOf.get('Demo Fuels')!);
    const seeded: { id: number; username: string; displayName: string }[] = [];
    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username,
          email: `${u.username}@fams.example`,
          displayName: u.displayName,
          passwordHash: hashes[i],
        })
        .returning();
      await tx
        .insert(memberships)
        .values(u.memberships.map((m) => ({ userId: row.id, accountId: idOf.get(m.account)!, roles: m.roles })));
      seeded.push(row);
    }
    // The driver and the attendant are Demo Fuels employees (ADR 076).
    await linkDemoEmployees(tx, idOf.get('Demo Fuels')!, seeded);
  });
  log.info({ users: DEMO_USERS.length }, 'demo data seeded');
  return true;
}
