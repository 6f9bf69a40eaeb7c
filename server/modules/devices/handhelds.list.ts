import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { HANDHELD_COLUMNS, HANDHELDS_LIST, HandheldRow } from '../../../src/contract/handhelds';
import type { DbOrTx } from '../../db/client';
import { fieldDevices as d, handheldPrinters as hp } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/** `/SumniConfig`'s list: the account's handhelds (field devices of kind `handheld`); `f.revoked=false`: live ones. */
const spec: ListSpec = {
  from: d,
  fields: {
    id: d.id,
    name: d.name,
    serial: d.serial,
    model: d.model,
    appVersion: d.appVersion,
    lastContactAt: d.lastContactAt,
    createdAt: d.createdAt,
    retiredAt: d.retiredAt,
    ownPrinter: sql<boolean>`exists (select 1 from ${hp} where ${hp.accountId} = ${d.accountId} and ${hp.deviceId} = ${d.id})`,
  },
  scope: (actor) => sql`${d.accountId} = ${actor.accountId} and ${d.kind} = 'handheld' and ${d.deletedAt} is null`,
  id: d.id,
  search: [d.name, d.serial, d.model],
  sort: {
    name: sql`lower(${d.name})`,
    serial: sql`lower(${d.serial})`,
    lastContactAt: d.lastContactAt,
    createdAt: d.createdAt,
  },
  defaultSort: HANDHELDS_LIST.defaultSort,
  filters: {
    revoked: filter.custom((v) =>
      v.length === 1 && (v[0] === 'true' || v[0] === 'false')
        ? sql`${d.retiredAt} is ${sql.raw(v[0] === 'true' ? 'not null' : 'null')}`
        : { error: 'revoked is true or false' },
    ),
  } satisfies Record<(typeof HANDHELDS_LIST.filters)[number], unknown>,
};

type Raw = Omit<HandheldRow, 'createdAt' | 'lastContactAt' | 'retiredAt'> & {
  createdAt: Date;
  lastContactAt: Date | null;
  retiredAt: Date | null;
};

export function handheldsEndpoint(db: DbOrTx): ListEndpoint<HandheldRow> {
  return {
    url: `${API_ROOT}${HANDHELDS_LIST.path}`,
    rule: screenRules(HANDHELDS_LIST.screen).read,
    row: HandheldRow,
    fileBase: HANDHELDS_LIST.path.slice(1),
    title: HANDHELDS_LIST.title,
    columns: HANDHELD_COLUMNS,
    ...specList<Raw, HandheldRow>(db, spec, (r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      lastContactAt: iso(r.lastContactAt),
      retiredAt: iso(r.retiredAt),
    })),
  };
}
