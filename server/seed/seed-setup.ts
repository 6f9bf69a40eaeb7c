import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  allocations,
  assetAllocations,
  assets,
  costCentres,
  employees,
  equipment,
  equipmentExtras,
  equipmentTypes,
  f24Rules,
  products,
  stores,
  stockMovements,
  tagOwners,
  tanks,
} from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { DemoAccountSetup } from './demo-catalogue';
import { demoFleet, type FleetRows } from './demo-fleet';

/**
 * Demo employee PINs are hashed at scrypt N=2^12 (cost stored in each hash, own salt each) instead
 * of the production N=2^17: 100 PINs at full cost take ~30 s of start-up. See ADR 006; PINs that
 * users set later get the configured cost.
 */
export const DEMO_PIN_LOG_N = 12;

/** Generates the accounts' fleets and hashes their PINs (before the transaction: hashing is slow). */
export async function prepareDemoSetup(
  accounts: { id: number; setup: DemoAccountSetup; seed: number }[],
): Promise<FleetRows[]> {
  const fleets = accounts.map((a) => demoFleet(a.id, a.setup, a.seed));
  for (const f of fleets) {
    const hashes = await Promise.all(f.employees.map((e) => hashPassword(e.pin, DEMO_PIN_LOG_N)));
    f.employees.forEach((e, i) => {
      e.pinHash = hashes[i];
    });
  }
  return fleets;
}

/** Bulk-inserts one account's fleet, parents first. */
export async function insertDemoSetup(tx: Tx, f: FleetRows) {
  await tx.insert(stores).values(f.stores);
  await tx.insert(products).values(f.products);
  await tx.insert(tanks).values(f.tanks);
  await tx.insert(costCentres).values(f.costCentres);
  await tx.insert(equipmentTypes).values(f.equipmentTypes);
  await tx.insert(equipmentExtras).values(f.equipmentExtras);
  await tx.insert(equipment).values(f.equipment);
  await tx.insert(employees).values(f.employees.map(({ pin: _pin, ...e }) => e));
  if (f.tagOwners.length) await tx.insert(tagOwners).values(f.tagOwners);
  await tx.insert(allocations).values(f.allocations);
  await tx.insert(f24Rules).values(f.f24Rules);
  if (f.assets.length) await tx.insert(assets).values(f.assets);
  if (f.assetAllocations.length) await tx.insert(assetAllocations).values(f.assetAllocations);
  // Tanks start with a known book stock, so withdrawals are judged against something real. Dated
  // before the demo year of records (demo-history.ts, 365 days) so that history draws on it.
  const openedAt = new Date(Date.now() - 400 * 86_400_000);
  await tx.insert(stockMovements).values(
    f.tanks.map((t) => ({
      accountId: t.accountId,
      tankId: t.id!,
      at: openedAt,
      litres: Math.round(t.safeFill * 0.6),
      kind: 'opening' as const,
    })),
  );
}

/**
 * ADR 076: the demo's driver and attendant are employees of Demo Fuels, so their fills are theirs unless
 * they choose another. Each is linked to the first active employee (by number) allowed at every store —
 * the attendant's enabled for FAMS24 — who takes the user's name. Nothing is drawn: the demo stays the same.
 */
export const DEMO_EMPLOYEE_USERS: Record<string, { fams24: boolean }> = {
  driver: { fams24: false },
  attendant: { fams24: true },
};

export async function linkDemoEmployees(
  tx: Tx,
  accountId: number,
  users: readonly { id: number; username: string; displayName: string }[],
) {
  for (const u of users) {
    const want = DEMO_EMPLOYEE_USERS[u.username];
    if (!want) continue;
    await tx.execute(sql`update employees set user_id = ${u.id}, name = ${u.displayName}
      where id = (select id from employees where account_id = ${accountId} and deleted_at is null and active
        and user_id is null and store_ids = '{}'${want.fams24 ? sql` and fams24_enabled` : sql``}
        order by number limit 1)`);
  }
}
