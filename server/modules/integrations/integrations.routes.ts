import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  DisabledIntegration as Disabled,
  DropRuns,
  DropStarted,
  INTEGRATION_COLUMNS,
  INTEGRATION_TYPE_INFO,
  INTEGRATION_TYPES,
  INTEGRATION_TYPES_PATH,
  IntegrationTypeParams,
  IntegrationTypeRow,
  IntegrationTypeSettings,
  IntegrationTypesResponse,
  MANAGED_INTEGRATION_COLUMNS,
  MANAGED_INTEGRATIONS_LIST,
  ManagedIntegrationRow,
  OfferedTypes as Offered,
  QueuedDeliveries as Queued,
  type ManagedIntegration,
} from '../../../src/contract/integrations';
import { audit } from '../../lib/audit';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import {
  actorOf,
  IdParams,
  iso,
  registerListRoutes,
  registerResource,
  resourceService,
  specList,
} from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { screenRules } from '../setup/rules';
import { csvDropService, sendDrop } from './csv-drop.service';
import { deliveriesEndpoint } from './deliveries.list';
import { integrationsRepository, managedIntegrationsSpec } from './integrations.repository';
import { integrationsResource } from './integrations.resource';
import { enqueue, webhookEmitter } from './webhooks';
import { webhooksRepository } from './webhooks.repository';

/**
 * Integrations (ADR 040, 048): the type catalogue (`/IntegrationSetup`, ThebigBoss), an account's
 * instances (`/Integration`, admin: create and edit webhooks, the delivery log with replay, a test
 * ping), and every account's instances (`/ManageIntegration`, ThebigBoss: status, disable).
 */
export function integrationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps;
  const repo = integrationsRepository(db);
  const def = integrationsResource(deps.secrets, db, { allowPrivate: deps.config.webhookAllowPrivate });
  const svc = resourceService(db, def);
  const emitter = webhookEmitter(deps.boss);
  registerResource(app, svc, { columns: INTEGRATION_COLUMNS });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const setup = screenRules('/IntegrationSetup');
  const manage = screenRules('/ManageIntegration');

  const typeRows = async () => {
    const catalogue = await repo.catalogue();
    return INTEGRATION_TYPES.map((type) => {
      const { settings, ...info } = INTEGRATION_TYPE_INFO[type];
      const c = catalogue.get(type) ?? { enabled: true, accountTypes: null, instances: 0 };
      return { type, ...info, settings: [...settings], ...c };
    });
  };

  r.get(
    `${API_ROOT}${INTEGRATION_TYPES_PATH}`,
    { config: { access: setup.read }, schema: { response: { 200: IntegrationTypesResponse } } },
    async () => ({ items: await typeRows(), accountTypes: await repo.accountTypes() }),
  );

  r.put(
    `${API_ROOT}${INTEGRATION_TYPES_PATH}/:type`,
    {
      config: { access: setup.write },
      schema: { params: IntegrationTypeParams, body: IntegrationTypeSettings, response: { 200: IntegrationTypeRow } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { type } = req.params;
      const before = (await repo.catalogue()).get(type);
      const accountTypes = req.body.accountTypes && [...new Set(req.body.accountTypes)].sort();
      await repo.saveCatalogue(type, { enabled: req.body.enabled, accountTypes }, actor.userId);
      await audit(db, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: 'update',
        entity: 'integration_type',
        entityId: null,
        before: before && { type, enabled: before.enabled, accountTypes: before.accountTypes },
        after: { type, enabled: req.body.enabled, accountTypes },
      });
      return (await typeRows()).find((t) => t.type === type)!;
    },
  );

  // The types this account may create (the admin's form offers only these).
  r.get(
    `${API_ROOT}${INTEGRATION_TYPES_PATH}/offered`,
    { config: { access: def.rules.read }, schema: { response: { 200: Offered } } },
    async (req) => {
      const actor = actorOf(req);
      const types: (typeof INTEGRATION_TYPES)[number][] = [];
      for (const t of INTEGRATION_TYPES) if (await repo.offered(t, actor.accountId)) types.push(t);
      return { types };
    },
  );

  const deliveries = deliveriesEndpoint(db);
  registerListRoutes(app, deliveries);

  // Replay: the same event and payload as a new delivery (the log keeps both).
  r.post(
    `${deliveries.url}/:id/replay`,
    { config: { access: def.rules.write }, schema: { params: IdParams, response: { 200: Queued } } },
    async (req) => {
      const actor = actorOf(req);
      const id = await db.transaction(async (tx) => {
        const copy = await webhooksRepository(tx).replay(actor.accountId, req.params.id);
        if (!copy) throw notFound('No such delivery.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'replay',
          entity: 'webhook_delivery',
          entityId: req.params.id,
          after: { delivery: copy },
        });
        await enqueue(deps.boss, [copy], tx);
        return copy;
      });
      return { deliveries: [id] };
    },
  );

  // A `ping` to one webhook, to check the receiver and its signature check.
  r.post(
    `${API_ROOT}${def.info.path}/:id/ping`,
    { config: { access: def.rules.write }, schema: { params: IdParams, response: { 200: Queued } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await svc.get(actor, req.params.id);
      if (row.deletedAt) throw notFound();
      if (row.type !== 'webhook') throw unprocessable('not_a_webhook', 'Only a webhook can be sent a test.');
      const at = new Date().toISOString();
      const ids = await db.transaction((tx) =>
        emitter.emit(tx, actor.accountId, 'ping', [{ integrationId: row.id, at }], row.id),
      );
      return { deliveries: ids };
    },
  );

  // A CSV drop's runs, and "Run now": a drop from the watermark to now, at once (ADR 057).
  const drops = csvDropService(db, deps.files);
  const dropOf = async (req: { params: { id: string } } & Parameters<typeof actorOf>[0]) => {
    const row = await svc.get(actorOf(req), req.params.id);
    if (row.deletedAt) throw notFound();
    if (row.type !== 'csv_drop') throw unprocessable('not_a_drop', 'Only a CSV drop has runs.');
    return row;
  };
  r.get(
    `${API_ROOT}${def.info.path}/:id/runs`,
    { config: { access: def.rules.read }, schema: { params: IdParams, response: { 200: DropRuns } } },
    async (req) => {
      const row = await dropOf(req);
      return { items: await drops.runs(actorOf(req).accountId, row.id) };
    },
  );
  r.post(
    `${API_ROOT}${def.info.path}/:id/run`,
    { config: { access: def.rules.write }, schema: { params: IdParams, response: { 200: DropStarted } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await dropOf(req);
      if (!row.enabled) throw unprocessable('disabled', 'The drop is switched off.');
      const id = await db.transaction(async (tx) => {
        const opened = await drops.runNow(tx, actor.accountId, row.id);
        if (!opened) throw new AppError(409, 'drop_open', 'A drop of this integration is already under way.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'run',
          entity: 'integration',
          entityId: row.id,
          after: { run: opened },
        });
        return opened;
      });
      await deps
        .boss()
        .then((b) => sendDrop(b, [id]))
        .catch(() => undefined); // the tick sends it later
      return { run: id };
    },
  );

  // `/ManageIntegration`: every account's integrations, and switching one off.
  registerListRoutes(app, {
    url: `${API_ROOT}${MANAGED_INTEGRATIONS_LIST.path}`,
    rule: manage.read,
    row: ManagedIntegrationRow,
    fileBase: 'integrations-all-accounts',
    title: MANAGED_INTEGRATIONS_LIST.title,
    columns: MANAGED_INTEGRATION_COLUMNS,
    ...specList<Omit<ManagedIntegration, 'lastRunAt'> & { lastRunAt: Date | null }, ManagedIntegration>(
      db,
      managedIntegrationsSpec,
      (x) => ({ ...x, lastRunAt: iso(x.lastRunAt) }),
    ),
  });
  r.post(
    `${API_ROOT}${MANAGED_INTEGRATIONS_LIST.path}/:id/disable`,
    { config: { access: manage.write }, schema: { params: IdParams, response: { 200: Disabled } } },
    async (req) => {
      const actor = actorOf(req);
      await db.transaction(async (tx) => {
        const row = await integrationsRepository(tx).disable(req.params.id);
        if (!row) throw notFound('No such integration.');
        // In the integration's own account's log: that account's admins see who switched it off.
        await audit(tx, {
          accountId: row.accountId,
          userId: actor.userId,
          action: 'disable',
          entity: 'integration',
          entityId: req.params.id,
          before: { enabled: row.enabled },
          after: { enabled: false },
        });
      });
      return { id: req.params.id, enabled: false as const };
    },
  );
}
