import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../deps';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import { INTEGRATION_COLUMNS, INTEGRATION_TYPE_INFO, INTEGRATION_TYPES } from '../../../src/contract/integrations';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { actorOf, IdParams, registerListRoutes, registerResource, resourceService } from '../../lib/resource';
import { screenRules } from '../setup/rules';
import { deliveriesEndpoint } from './deliveries.list';
import { integrationsResource } from './integrations.resource';
import { emit, enqueue } from './webhooks';

const Queued = z.object({ deliveries: z.array(z.uuid()) });
const Types = z.object({
  items: z.array(
    z.object({ type: z.enum(INTEGRATION_TYPES), title: z.string(), description: z.string(), ready: z.boolean() }),
  ),
});

/**
 * Integrations (ADR 040): the types (`/IntegrationSetup`), instances (`/ManageIntegration` writes,
 * `/Integration` reads), the webhook delivery log with replay, and a test ping.
 */
export function integrationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps;
  const def = integrationsResource(deps.secrets);
  const svc = resourceService(db, def);
  registerResource(app, svc, { columns: INTEGRATION_COLUMNS });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${API_ROOT}/integration-types`,
    { config: { access: screenRules('/IntegrationSetup').read }, schema: { response: { 200: Types } } },
    async () => ({ items: INTEGRATION_TYPES.map((type) => ({ type, ...INTEGRATION_TYPE_INFO[type] })) }),
  );

  const deliveries = deliveriesEndpoint(db);
  registerListRoutes(app, deliveries);

  // Replay: the same event and payload as a new delivery (the log keeps both).
  r.post(
    `${deliveries.url}/:id/replay`,
    {
      config: { access: screenRules('/ManageIntegration').write },
      schema: { params: IdParams, response: { 200: Queued } },
    },
    async (req) => {
      const actor = actorOf(req);
      const res = await db.execute<{ id: string }>(
        sql`insert into webhook_deliveries (account_id, integration_id, event, payload, replay_of)
          select account_id, integration_id, event, payload, id from webhook_deliveries
          where account_id = ${actor.accountId} and id = ${req.params.id}
          returning id`,
      );
      if (!res.rows.length) throw notFound('No such delivery.');
      const ids = res.rows.map((x) => x.id);
      await audit(db, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: 'replay',
        entity: 'webhook_delivery',
        entityId: req.params.id,
        after: { delivery: ids[0] },
      });
      await enqueue(deps.boss, ids);
      return { deliveries: ids };
    },
  );

  // A `ping` to one webhook (if it subscribes to `ping`), to check the receiver and its signature check.
  r.post(
    `${API_ROOT}${def.info.path}/:id/ping`,
    { config: { access: def.rules.write }, schema: { params: IdParams, response: { 200: Queued } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await svc.get(actor, req.params.id);
      if (row.deletedAt) throw notFound();
      const ids = await emit(
        db,
        deps.boss,
        actor.accountId,
        'ping',
        { integrationId: row.id, at: new Date().toISOString() },
        row.id,
      );
      return { deliveries: ids };
    },
  );
}
