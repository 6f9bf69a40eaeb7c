import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { TAG_COLUMNS, TAG_HOLDER_KINDS, TAGS_LIST, TagRow } from '../../../src/contract/devices-tags';
import type { DbOrTx } from '../../db/client';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/**
 * Every tag of the account with its holder: the registry (`rfid_tags`, which holds every tag an
 * equipment or employee has, ADR 077) beside who holds it now (`tag_owners`, one index read a row).
 */
const FROM = sql`rfid_tags t
  left join tag_owners o on o.account_id = t.account_id and lower(o.tag) = lower(t.tag)
  left join equipment e on o.owner_kind = 'equipment' and e.account_id = o.account_id and e.id = o.owner_id
  left join employees m on o.owner_kind = 'employee' and m.account_id = o.account_id and m.id = o.owner_id`;
const HOLDER_KIND = sql<'equipment' | 'employee' | null>`o.owner_kind`;
/** The holder in words: "FL-0001 — Toyota Hilux", "E1001 — Jane Smith". */
const HOLDER = sql<string | null>`case o.owner_kind
  when 'equipment' then e.fleet_no || coalesce(' — ' || nullif(e.description, ''), '')
  when 'employee' then m.number || ' — ' || m.name end`;

/** `/ScanTags`' list: every tag with its holder; `f.assigned=false` lists the unassigned. */
const spec: ListSpec = {
  from: FROM,
  fields: {
    id: sql<string>`t.id`,
    tag: sql<string>`t.tag`,
    createdAt: sql`t.created_at`,
    holderKind: HOLDER_KIND,
    holderId: sql<string | null>`o.owner_id::text`,
    holder: HOLDER,
    assignedAt: sql`o.assigned_at`,
  },
  scope: (actor) => sql`t.account_id = ${actor.accountId}`,
  id: sql`t.id`,
  search: [sql`t.tag`, HOLDER],
  sort: {
    tag: sql`lower(t.tag)`,
    createdAt: sql`t.created_at`,
    holder: sql`lower(${HOLDER})`,
    assignedAt: sql`o.assigned_at`,
  },
  defaultSort: TAGS_LIST.defaultSort,
  filters: {
    assigned: filter.custom((v) =>
      v.length === 1 && (v[0] === 'true' || v[0] === 'false')
        ? sql`o.owner_kind is ${sql.raw(v[0] === 'true' ? 'not null' : 'null')}`
        : { error: 'assigned is true or false' },
    ),
    holderKind: filter.oneOf(HOLDER_KIND, TAG_HOLDER_KINDS),
  } satisfies Record<(typeof TAGS_LIST.filters)[number], unknown>,
};

type Raw = Omit<TagRow, 'createdAt' | 'assignedAt'> & { createdAt: Date | string; assignedAt: Date | string | null };

export function tagsEndpoint(db: DbOrTx): ListEndpoint<TagRow> {
  return {
    url: `${API_ROOT}${TAGS_LIST.path}`,
    rule: screenRules(TAGS_LIST.screen).read,
    row: TagRow,
    fileBase: TAGS_LIST.path.slice(1),
    title: TAGS_LIST.title,
    columns: TAG_COLUMNS,
    ...specList<Raw, TagRow>(db, spec, (r) => ({ ...r, createdAt: iso(r.createdAt), assignedAt: iso(r.assignedAt) })),
  };
}
