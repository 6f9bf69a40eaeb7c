import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../deps';
import { z } from 'zod';
import { API_ROOT, MAX_PAGE_SIZE } from '../../../src/contract/constants';
import {
  COMMAND_PARAMS,
  FIELD_DEVICE_COLUMNS,
  FieldDeviceRow,
  SendCommandBody,
  SendCommandResponse,
  type FieldDevice,
} from '../../../src/contract/devices';
import { INI_EXPORT_PATH } from '../../../src/contract/devices-config';
import { ListQuery } from '../../../src/contract/list';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import {
  actorOf,
  IdParams,
  registerListRoutes,
  registerResource,
  resourceService,
  type Actor,
} from '../../lib/resource';
import { newDeviceKey } from '../gauges/keys';
import { screenRules } from '../setup/rules';
import { commandsEndpoint } from './commands.list';
import { commandsRepository } from './commands.repository';
import { controllerConfig } from './config.repository';
import { fieldDevicesRepository } from './field-devices.repository';
import { fieldDevicesResource } from './field-devices.resource';
import { toIni } from './ini';

/**
 * The people's side of field devices (issue 15, ADR 040): `/OTRDevices` (device CRUD through the
 * resource pattern, key rotation, retirement), `/FAMSCommands` (send to many, history on the
 * shared list) and `/ExportINIFile` (a store's controller configuration as INI).
 */
export function devicesRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const svc = resourceService(db, fieldDevicesResource);
  const rule = fieldDevicesResource.rules.write;
  const url = `${API_ROOT}${fieldDevicesResource.info.path}`;

  /** Gives a device a new key in the caller's transaction; the key is in the answer only. */
  async function giveKey(tx: Tx, actor: Actor, row: FieldDevice): Promise<FieldDevice> {
    const { key, hash, hint } = newDeviceKey();
    if (!(await fieldDevicesRepository(tx).setKey(actor.accountId, row.id, hash, hint, actor.userId)))
      throw badRequest('A retired device gets no key.', { retiredAt: ['The device is retired'] });
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'rotate_key',
      entity: 'field_device',
      entityId: row.id,
      before: { keyHint: row.keyHint },
      after: { keyHint: hint },
    });
    return { ...row, keyHint: hint, keyRotatedAt: new Date().toISOString(), key };
  }

  registerResource(
    app,
    {
      ...svc,
      // Creating a device answers its key once (the same transaction stores its hash).
      create: ((actor: Actor, input: Parameters<typeof svc.create>[1]) =>
        db.transaction(async (tx) => giveKey(tx, actor, await svc.create(actor, input, { tx })))) as never,
    },
    { columns: FIELD_DEVICE_COLUMNS },
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${url}/:id/rotate-key`,
    { config: { access: rule }, schema: { params: IdParams, response: { 200: FieldDeviceRow } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await svc.get(actor, req.params.id);
      if (row.deletedAt) throw notFound();
      return db.transaction((tx) => giveKey(tx, actor, row));
    },
  );

  r.post(
    `${url}/:id/retire`,
    { config: { access: rule }, schema: { params: IdParams, response: { 200: FieldDeviceRow } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await svc.get(actor, req.params.id);
      if (row.deletedAt) throw notFound();
      await db.transaction(async (tx) => {
        if (!(await fieldDevicesRepository(tx).retire(actor.accountId, row.id, actor.userId)))
          throw badRequest('The device is already retired.', { retiredAt: ['Already retired'] });
        await commandsRepository(tx).expireOfDevice(actor.accountId, row.id);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'retire',
          entity: 'field_device',
          entityId: row.id,
          before: { retiredAt: null },
          after: { retiredAt: 'now' },
        });
      });
      return svc.get(actor, row.id);
    },
  );

  // Commands: history (the shared list and its export) and sending.
  const commands = commandsEndpoint(db);
  registerListRoutes(app, commands);
  r.post(
    commands.url,
    {
      config: { access: screenRules('/FAMSCommands').write },
      schema: { body: SendCommandBody, response: { 200: SendCommandResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { kind, deviceIds } = req.body;
      // The body schema has checked them; parsing again applies the kind's defaults.
      const params = COMMAND_PARAMS[kind].parse(req.body.params) as Record<string, unknown>;
      const ids = [...new Set(deviceIds)];
      const batchId = crypto.randomUUID();
      await db.transaction(async (tx) => {
        const repo = commandsRepository(tx);
        const found = new Set((await repo.controllers(actor.accountId, ids)).map((d) => d.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length)
          throw badRequest('Some targets are not live site controllers of this account.', {
            deviceIds: [`Not a live site controller: ${missing.join(', ')}`],
          });
        await repo.queue(actor.accountId, actor.userId, batchId, ids, kind, params);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'send_command',
          entity: 'device_command',
          entityId: batchId,
          after: { kind, params, deviceIds: ids },
        });
      });
      const page = await commands.list(actor, ListQuery.parse({ 'f.batchId': batchId, pageSize: MAX_PAGE_SIZE }));
      return { batchId, commands: page.items };
    },
  );

  // `/ExportINIFile` (editor): the configuration a store's controller fetches, as INI.
  r.get(
    `${API_ROOT}${INI_EXPORT_PATH}/:storeId`,
    {
      config: { access: screenRules('/ExportINIFile').read },
      schema: { params: z.object({ storeId: z.uuid({ error: 'Choose a store' }) }) },
    },
    async (req, reply) => {
      const config = await controllerConfig(db, req.auth.accountId, req.params.storeId);
      if (!config) throw notFound('No such store.');
      const name = `fams-${config.store.code.replace(/[^A-Za-z0-9_-]+/g, '_')}.ini`;
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(toIni(config));
    },
  );
}
