import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  allocations,
  costCentres,
  equipmentTypes,
  equipment,
  memberships,
  products,
  stores,
} from '../../db/schema';
import { audit, type AuditEntry } from '../../lib/audit';
import { extraDefinitions } from '../setup/equipment-extras.resource';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads of the equipment copy; the copies themselves are written through the setup services. */
export function copyRepository(db: DbOrTx) {
  return {
    /** Accounts the user belongs to (not blocked), with the roles there. */
    async memberships(userId: number) {
      return db
        .select({ id: accounts.id, name: accounts.name, roles: memberships.roles })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.userId, userId), eq(accounts.blocked, false)))
        .orderBy(asc(accounts.name));
    },
    async stores(accountId: number) {
      return db
        .select({ id: stores.id, code: stores.code, name: stores.name })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), isNull(stores.deletedAt)))
        .orderBy(sql`lower(${stores.code})`);
    },
    /** The codes of the type and cost centre of each equipment (the copy matches them by code). */
    async codesOf(accountId: number, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: equipment.id,
          typeCode: sql<
            string | null
          >`(select ${equipmentTypes.code} from ${equipmentTypes} where ${equipmentTypes.id} = ${equipment.typeId})`,
          costCentreCode: sql<
            string | null
          >`(select ${costCentres.code} from ${costCentres} where ${costCentres.id} = ${equipment.costCentreId})`,
        })
        .from(equipment)
        .where(and(eq(equipment.accountId, accountId), inArray(equipment.id, ids)));
    },
    /** Live allocations of the equipment, with their product code, oldest first. */
    async allocationsOf(accountId: number, equipmentIds: string[]) {
      if (!equipmentIds.length) return [];
      return db
        .select({
          allocation: allocations,
          productCode: sql<string>`(select ${products.code} from ${products} where ${products.id} = ${allocations.productId})`,
        })
        .from(allocations)
        .where(
          and(
            eq(allocations.accountId, accountId),
            isNull(allocations.deletedAt),
            inArray(allocations.equipmentId, equipmentIds),
          ),
        )
        .orderBy(asc(allocations.createdAt), asc(allocations.id));
    },
    /** Code (lower-cased) → id of the live rows of a table in an account. */
    async codeMap(kind: 'types' | 'costCentres' | 'products', accountId: number): Promise<Map<string, string>> {
      const t = kind === 'types' ? equipmentTypes : kind === 'costCentres' ? costCentres : products;
      const rows = await db
        .select({ code: t.code, id: t.id })
        .from(t)
        .where(and(eq(t.accountId, accountId), isNull(t.deletedAt)));
      return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
    },
    /** Fleet numbers in use (lower-cased) among `names` and their `-n` variants. */
    async fleetNosLike(accountId: number, names: string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const low = names.map((n) => n.toLowerCase());
      const rows = await db
        .select({ f: sql<string>`lower(${equipment.fleetNo})` })
        .from(equipment)
        .where(
          and(
            eq(equipment.accountId, accountId),
            isNull(equipment.deletedAt),
            or(
              inArray(sql`lower(${equipment.fleetNo})`, low),
              sql`lower(${equipment.fleetNo}) like any(array[${sql.join(
                low.map((n) => sql`${`${escapeLike(n)}-%`}`),
                sql`, `,
              )}]::text[])`,
            ),
          ),
        );
      return new Set(rows.map((r) => r.f));
    },
    async registrationsIn(accountId: number, regs: string[]): Promise<Set<string>> {
      if (!regs.length) return new Set();
      const rows = await db
        .select({ r: sql<string>`lower(${equipment.registration})` })
        .from(equipment)
        .where(
          and(
            eq(equipment.accountId, accountId),
            isNull(equipment.deletedAt),
            inArray(
              sql`lower(${equipment.registration})`,
              regs.map((r) => r.toLowerCase()),
            ),
          ),
        );
      return new Set(rows.map((r) => r.r));
    },
    extraKeys: async (accountId: number) => new Set((await extraDefinitions(db, accountId)).map((d) => d.key)),
    audit: (e: AuditEntry) => audit(db, e),
  };
}
