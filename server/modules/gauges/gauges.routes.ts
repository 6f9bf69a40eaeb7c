import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  GAUGE_DEVICE_COLUMNS,
  GaugeDeviceRow,
  PushBody,
  PushResponse,
  TestConnectionResult,
  type GaugeDevice,
} from '../../../src/contract/gauges';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { actorOf, IdParams, registerResource, resourceService, type Actor } from '../../lib/resource';
import { webhookEmitter } from '../integrations/webhooks';
import { gaugeDevicesResource } from './devices.resource';
import { devicesRepository } from './devices.repository';
import { newDeviceKey } from './keys';
import { pollDevice, PollError } from './poll.service';
import { pushService, type PushDevice } from './push.service';
import type { ModuleDeps } from '../deps';

declare module 'fastify' {
  interface FastifyRequest {
    gaugeDevice?: PushDevice;
  }
}

/**
 * `/iotSetup`'s endpoints (device CRUD through the resource pattern, test connection, key
 * rotation; the screen's rule) and the gateways' `POST /gauges/readings`, which has no user
 * token: the device key authenticates it (`access: 'public'` plus its own check, before the body
 * is even parsed). Pushes are limited per client address to `config.pushPerMinute` (default 300:
 * 150 000 readings a minute).
 */
export function gaugesRoutes(app: FastifyInstance, { db, config, boss }: ModuleDeps) {
  const events = webhookEmitter(boss);
  const pushes = pushService(db);
  const svc = resourceService(db, gaugeDevicesResource);
  const rule = gaugeDevicesResource.rules.write;
  const url = `${API_ROOT}${gaugeDevicesResource.info.path}`;

  /** Gives a push device a new key in the caller's transaction; the key is in the answer only. */
  async function giveKey(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    actor: Actor,
    row: GaugeDevice,
  ): Promise<GaugeDevice> {
    const { key, hash, hint } = newDeviceKey();
    if (!(await devicesRepository(tx).setKey(actor.accountId, row.id, hash, hint, actor.userId))) {
      throw badRequest('Only HTTP push devices have a key.', { protocol: ['A TLS gauge is polled and has no key'] });
    }
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'rotate_key',
      entity: 'gauge_device',
      entityId: row.id,
      before: { keyHint: row.keyHint },
      after: { keyHint: hint },
    });
    return { ...row, keyHint: hint, key };
  }

  registerResource(
    app,
    {
      ...svc,
      // Creating a push device answers its key once (the same transaction stores its hash).
      create: ((actor: Actor, input: Parameters<typeof svc.create>[1]) =>
        db.transaction(async (tx) => {
          const row = await svc.create(actor, input, { tx });
          return input.protocol === 'http_push' ? giveKey(tx, actor, row) : row;
        })) as never,
    },
    { columns: GAUGE_DEVICE_COLUMNS },
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${url}/:id/rotate-key`,
    {
      config: { access: rule },
      schema: { params: IdParams, response: { 200: GaugeDeviceRow } },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await svc.get(actor, req.params.id);
      if (row.deletedAt) throw notFound();
      return db.transaction((tx) => giveKey(tx, actor, row));
    },
  );

  r.post(
    `${url}/:id/test`,
    {
      config: { access: rule },
      schema: { params: IdParams, response: { 200: TestConnectionResult } },
    },
    async (req) => {
      try {
        return await pollDevice(db, req.auth.accountId, req.params.id, { timeoutMs: 8000, events });
      } catch (e) {
        if (e instanceof PollError)
          throw e.status === 404 ? notFound() : badRequest(e.message, { protocol: [e.message] });
        throw e;
      }
    },
  );

  r.post(
    `${API_ROOT}/gauges/readings`,
    {
      config: {
        access: 'public',
        rateLimit: { max: config.pushPerMinute ?? 300, timeWindow: '1 minute' },
      },
      bodyLimit: 1024 * 1024,
      // After the rate limit (onRequest), before the body is read: a caller without a valid key
      // learns nothing about the input.
      preParsing: async (req: FastifyRequest, _reply, payload) => {
        req.gaugeDevice = await pushes.authenticate(req.headers.authorization);
        return payload;
      },
      schema: { body: PushBody, response: { 200: PushResponse } },
    },
    async (req) => {
      if (!req.gaugeDevice) throw new AppError(401, 'device_key_invalid', 'The device key is missing or not valid.');
      return pushes.push(req.gaugeDevice, req.body);
    },
  );
}
