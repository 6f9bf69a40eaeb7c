import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { TAG_COLUMNS, TAG_HOLDER_KINDS, TAGS_LIST, TagRow } from '../../../src/contract/devices-tags';
import type { DbOrTx } from '../../db/client';
import { rfidTags as t } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

// Plain SQL names inside the subqueries (Drizzle leaves a one-table select's columns unqualified).
const owner = (expr: string) =>
  sql.raw(`(select ${expr} from tag_owners o
    where o.account_id = rfid_tags.account_id and lower(o.tag) = lower(rfid_tags.tag))`);
const holderKind = sql<'equipment' | 'employee' | null>`${owner('o.owner_kind')}`;
const holderId = sql<string | null>`${owner('o.owner_id::text')}`;
const holder = sql<string | null>`${owner(`coalesce(
    (select e.fleet_no from equipment e where e.account_id = o.account_id and e.id = o.owner_id),
    (select m.number || ' ' || m.name from employees m where m.account_id = o.account_id and m.id = o.owner_id))`)}`;

/** `/ScanTags`' list: the registered tags with their holder; `f.assigned=false` lists the unassigned. */
const spec: ListSpec = {
  from: t,
  fields: { id: t.id, tag: t.tag, createdAt: t.createdAt, holderKind, holderId, holder },
  scope: (actor) => sql`${t.accountId} = ${actor.accountId}`,
  id: t.id,
  search: [t.tag, holder],
  sort: { tag: sql`lower(${t.tag})`, createdAt: t.createdAt, holder: sql`lower(${holder})` },
  defaultSort: TAGS_LIST.defaultSort,
  filters: {
    assigned: filter.custom((v) =>
      v.length === 1 && (v[0] === 'true' || v[0] === 'false')
        ? sql`${holderKind} is ${sql.raw(v[0] === 'true' ? 'not null' : 'null')}`
        : { error: 'assigned is true or false' },
    ),
    holderKind: filter.oneOf(holderKind, TAG_HOLDER_KINDS),
  } satisfies Record<(typeof TAGS_LIST.filters)[number], unknown>,
};

type Raw = Omit<TagRow, 'createdAt'> & { createdAt: Date };

export function tagsEndpoint(db: DbOrTx): ListEndpoint<TagRow> {
  return {
    url: `${API_ROOT}${TAGS_LIST.path}`,
    rule: screenRules(TAGS_LIST.screen).read,
    row: TagRow,
    fileBase: TAGS_LIST.path.slice(1),
    title: TAGS_LIST.title,
    columns: TAG_COLUMNS,
    ...specList<Raw, TagRow>(db, spec, (r) => ({ ...r, createdAt: iso(r.createdAt) })),
  };
}
