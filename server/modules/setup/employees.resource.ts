import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EmployeeCreate, EmployeeRow, EmployeeUpdate, type Employee } from '../../../src/contract/setup/employees';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { costCentres, employees as t, memberships, stores, users } from '../../db/schema';
import { defineResource, fieldError, filter, metaOf } from '../../lib/resource';
import { hashPassword } from '../auth/passwords';
import { screenRules } from './rules';
import { tagRegistry } from './tag-registry.repository';

/** PIN change semantics: missing = keep, null = remove, digits = set (hashed here, never stored plain). */
export async function pinValues(pin: string | null | undefined): Promise<{ pinHash?: string | null }> {
  if (pin === undefined) return {};
  return { pinHash: pin === null ? null : await hashPassword(pin) };
}

/** Keeps the employee's tag in the account's tag registry; a clash is 422 on `tag`. */
export async function syncEmployeeTag(
  tx: Parameters<typeof tagRegistry>[0],
  accountId: number,
  id: string,
  tag: string | null,
  deleted: boolean,
) {
  const registry = tagRegistry(tx);
  if (deleted) return registry.release(accountId, id);
  const clashes = await registry.sync(accountId, 'employee', id, tag ? [tag] : []);
  if (clashes.length)
    throw fieldError('duplicate', { tag: [`Tag ${clashes[0].tag} is already used by ${clashes[0].holder}`] });
}

export const employeesResource = defineResource({
  info: SETUP_RESOURCES.employees,
  table: t,
  rules: screenRules('/Employee'),
  schemas: { create: EmployeeCreate, update: EmployeeUpdate, row: EmployeeRow },
  extra: {
    costCentreName: sql<
      string | null
    >`(select ${costCentres.code} || ' ' || ${costCentres.name} from ${costCentres} where ${costCentres.id} = ${t.costCentreId})`,
    userName: sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${t.userId})`,
  },
  search: [t.number, t.name, t.tag],
  sort: { number: sql`lower(${t.number})`, name: sql`lower(${t.name})`, licenceExpiry: t.licenceExpiry },
  filters: {
    costCentreId: filter.uuid(t.costCentreId),
    active: filter.bool(t.active),
    fams24Enabled: filter.bool(t.fams24Enabled),
    tag: filter.text(t.tag),
    storeId: filter.uuidArrayHas(t.storeIds),
  },
  label: sql`${t.number} || ' ' || ${t.name}`,
  unique: {
    employees_number_uq: { field: 'number', message: 'Another employee already has this number' },
    tag_owners_tag_uq: { field: 'tag', message: 'This tag is already in use' },
    employees_user_uq: { field: 'userId', message: 'This user is already another employee' },
  },
  references: [
    { field: 'costCentreId', target: costCentres, label: 'cost centre', constraint: 'employees_cost_centre_fk' },
  ],
  toRow: (r): Employee => ({
    ...metaOf(r),
    number: r.number,
    name: r.name,
    hasPin: r.pinHash !== null,
    tag: r.tag,
    costCentreId: r.costCentreId,
    costCentreName: r.costCentreName,
    licenceExpiry: r.licenceExpiry,
    storeIds: r.storeIds,
    fams24Enabled: r.fams24Enabled,
    active: r.active,
    userId: r.userId,
    userName: r.userName,
  }),
  toValues: async (i) => ({
    number: i.number,
    name: i.name,
    tag: i.tag,
    costCentreId: i.costCentreId,
    licenceExpiry: i.licenceExpiry,
    storeIds: i.storeIds,
    fams24Enabled: i.fams24Enabled,
    active: i.active,
    userId: i.userId,
    ...(await pinValues(i.pin)),
  }),
  async validate(tx, input, { actor }) {
    const errors: Record<string, string[]> = {};
    if (input.storeIds.length) {
      const found = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(
          and(eq(stores.accountId, actor.accountId), inArray(stores.id, input.storeIds), isNull(stores.deletedAt)),
        );
      const ok = new Set(found.map((s) => s.id));
      input.storeIds.forEach((id, i) => {
        if (!ok.has(id)) errors[`storeIds.${i}`] = ['Choose an existing store'];
      });
    }
    // ADR 076: only a user of this account can be the employee.
    if (input.userId !== null) {
      const [member] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, input.userId)));
      if (!member) errors.userId = ['Choose a user of this account'];
    }
    return Object.keys(errors).length ? errors : undefined;
  },
  afterWrite: (tx, { action, actor, after }) =>
    syncEmployeeTag(tx, actor.accountId, after.id, after.tag, action === 'delete'),
});
