import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import { isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { API_ROOT } from '../../../src/contract/constants';
import { DeletedRow } from '../../../src/contract/setup/audit-logs';
import { SETUP_LISTS } from '../../../src/contract/setup/resources';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { filter, iso, specList, type AnyResourceDef, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from './rules';
import { SETUP_DEFS } from './setup.services';

/** A constant in the union's select list (typed, so PostgreSQL can unify the branches). */
const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'::text`);

function branch(db: DbOrTx, def: AnyResourceDef) {
  const t = def.table;
  return db
    .select({
      accountId: sql<number>`${t.accountId}`.as('account_id'),
      entity: sql<string>`${literal(def.info.entity)}`.as('entity'),
      resource: sql<string>`${literal(def.info.path)}`.as('resource'),
      id: sql<string>`${t.id}`.as('id'),
      label: sql<string>`coalesce(${def.label}, ${t.id}::text)`.as('label'),
      deletedAt: sql<Date>`${t.deletedAt}`.as('deleted_at'),
      deletedBy: sql<number | null>`${t.updatedBy}`.as('deleted_by'),
    })
    .from(t as never)
    .where(isNotNull(t.deletedAt));
}

/** `/RestoreDeleted`: soft-deleted rows of every setup resource, one list. */
function deletedSpec(db: DbOrTx): ListSpec {
  const [a, b, ...rest] = Object.values(SETUP_DEFS).map((x) => branch(db, x as AnyResourceDef));
  type Branch = ReturnType<typeof branch>;
  const union = unionAll as unknown as (...q: Branch[]) => { as: (alias: 'd') => object };
  const d = union(a, b, ...rest).as('d');
  // Drizzle renders a subquery's fields unqualified; qualify them so they cannot be taken for a
  // column of another table in a correlated subquery (users.id vs d.id).
  const col = (name: string) => sql.raw(`"d"."${name}"`);
  return {
    from: d,
    fields: {
      entity: col('entity'),
      resource: col('resource'),
      id: col('id'),
      label: col('label'),
      deletedAt: col('deleted_at'),
      deletedBy: col('deleted_by'),
      deletedByName: sql<
        string | null
      >`(select ${users.displayName} from ${users} where ${users.id} = ${col('deleted_by')})`,
    },
    // PostgreSQL pushes this into every branch of the union, so each uses its account index.
    scope: (actor) => sql`${col('account_id')} = ${actor.accountId}`,
    id: col('id'),
    search: [col('label')],
    sort: { deletedAt: col('deleted_at'), entity: col('entity'), label: sql`lower(${col('label')})` },
    defaultSort: SETUP_LISTS.deleted.defaultSort,
    filters: { entity: filter.exact(col('entity')) } satisfies Record<
      (typeof SETUP_LISTS.deleted.filters)[number],
      unknown
    >,
  };
}

type Raw = Omit<DeletedRow, 'deletedAt'> & { deletedAt: Date | string };

export function deletedEndpoint(db: DbOrTx): ListEndpoint<DeletedRow> {
  const info = SETUP_LISTS.deleted;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: DeletedRow,
    fileBase: info.path.slice(1),
    title: info.title,
    columns: SETUP_COLUMNS.deleted,
    ...specList<Raw, DeletedRow>(db, deletedSpec(db), (r) => ({
      entity: r.entity,
      resource: r.resource,
      id: r.id,
      label: r.label,
      deletedAt: iso(r.deletedAt),
      deletedBy: r.deletedBy,
      deletedByName: r.deletedByName,
    })),
  };
}
