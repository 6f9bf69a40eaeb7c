import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { DELIVERIES_LIST, DELIVERY_COLUMNS, DeliveryRow, type Delivery } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries as w } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

const integrationName = sql<string>`(select i.name from integrations i
  where i.account_id = webhook_deliveries.account_id and i.id = webhook_deliveries.integration_id)`;

/** `/Integration`'s delivery log (admin): every webhook delivery of the account, newest first. */
const spec: ListSpec = {
  from: w,
  fields: {
    id: w.id,
    integrationId: w.integrationId,
    integrationName,
    event: w.event,
    status: w.status,
    attempts: w.attempts,
    responseStatus: w.responseStatus,
    lastError: w.lastError,
    replayOf: w.replayOf,
    createdAt: w.createdAt,
    deliveredAt: w.deliveredAt,
  },
  scope: (actor) => sql`${w.accountId} = ${actor.accountId}`,
  id: w.id,
  search: [w.event],
  sort: { createdAt: w.createdAt, status: w.status, event: w.event },
  defaultSort: DELIVERIES_LIST.defaultSort,
  filters: {
    status: filter.oneOf(w.status, ['pending', 'delivered', 'failed']),
    event: filter.exact(w.event),
    integrationId: filter.uuid(w.integrationId, false),
  } satisfies Record<(typeof DELIVERIES_LIST.filters)[number], unknown>,
};

type Raw = Omit<Delivery, 'createdAt' | 'deliveredAt'> & { createdAt: Date; deliveredAt: Date | null };

export function deliveriesEndpoint(db: DbOrTx): ListEndpoint<Delivery> {
  return {
    url: `${API_ROOT}${DELIVERIES_LIST.path}`,
    rule: screenRules(DELIVERIES_LIST.screen).read,
    row: DeliveryRow,
    fileBase: DELIVERIES_LIST.path.slice(1),
    title: DELIVERIES_LIST.title,
    columns: DELIVERY_COLUMNS,
    ...specList<Raw, Delivery>(db, spec, (r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      deliveredAt: iso(r.deliveredAt),
    })),
  };
}
