import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { auditRecordName, AuditLogRow } from '../../../src/contract/setup/audit-logs';
import { SETUP_LISTS } from '../../../src/contract/setup/resources';
import type { DbOrTx } from '../../db/client';
import { auditLog as a, users } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from './rules';

const userName = sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${a.userId})`;

/** `/AuditLogs`: the account's audit trail (sign-ins without an account are not shown). */
const spec: ListSpec = {
  from: a,
  fields: {
    id: a.id,
    at: a.at,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    userId: a.userId,
    userName,
    before: a.before,
    after: a.after,
  },
  scope: (actor) => sql`${a.accountId} = ${actor.accountId}`,
  id: a.id,
  search: [a.entity, a.action, a.entityId, userName],
  sort: { at: a.at, entity: a.entity, action: a.action, userName: sql`lower(${userName})` },
  defaultSort: SETUP_LISTS.auditLogs.defaultSort,
  filters: {
    entity: filter.exact(a.entity),
    entityId: filter.exact(a.entityId),
    userId: filter.int(a.userId),
    action: filter.exact(a.action),
    from: filter.from(a.at),
    to: filter.to(a.at),
  } satisfies Record<(typeof SETUP_LISTS.auditLogs.filters)[number], unknown>,
};

type Raw = Omit<AuditLogRow, 'at' | 'record'> & { at: Date };

export function auditLogsEndpoint(db: DbOrTx): ListEndpoint<AuditLogRow> {
  const info = SETUP_LISTS.auditLogs;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: AuditLogRow,
    fileBase: info.path.slice(1),
    title: info.title,
    columns: SETUP_COLUMNS.auditLogs,
    ...specList<Raw, AuditLogRow>(db, spec, (r) => ({ ...r, at: iso(r.at), record: auditRecordName(r) })),
  };
}
