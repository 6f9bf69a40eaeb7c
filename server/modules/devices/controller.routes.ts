import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../deps';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  CommandResultBody,
  CommandResultResponse,
  ControllerHello,
  PendingCommands,
} from '../../../src/contract/devices';
import { ControllerConfig } from '../../../src/contract/devices-config';
import { ControllerVpn, VpnHandshakeBody } from '../../../src/contract/store-vpn';
import { BatchBody, BatchResponse } from '../../../src/contract/dispensing';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { IdParams } from '../../lib/resource';
import { dispenseHandler } from '../dispensing/dispense.handler';
import { ingestBatch } from '../dispensing/ingest.service';
import type { KindHandler } from '../dispensing/ingest.types';
import { webhookEmitter } from '../integrations/webhooks';
import { commandsRepository } from './commands.repository';
import { controllerConfig } from './config.repository';
import { authenticateController, type Controller } from './controller-auth';
import { fieldDevicesRepository } from './field-devices.repository';
import { storeVpnRepository } from './store-vpn.repository';
import { storeVpnService } from './store-vpn.service';

declare module 'fastify' {
  interface FastifyRequest {
    controller?: Controller;
  }
}

/** `X-FAMS-Hello: appVersion=1.4.2;lat=-33.9;lon=18.4` — what a controller may say about itself on any call. */
function helloOf(req: FastifyRequest): z.infer<typeof ControllerHello> {
  const raw = req.headers['x-fams-hello'];
  if (typeof raw !== 'string' || raw.length > 300) return {};
  const kv = Object.fromEntries(raw.split(';').map((p) => p.split('=', 2).map((s) => s.trim())));
  const parsed = ControllerHello.safeParse({
    appVersion: kv.appVersion || undefined,
    latitude: kv.lat !== undefined ? Number(kv.lat) : undefined,
    longitude: kv.lon !== undefined ? Number(kv.lon) : undefined,
  });
  return parsed.success ? parsed.data : {};
}

const unauthenticated = () =>
  new AppError(401, 'device_key_invalid', 'The device key is missing or not valid.', 'Not signed in');

/**
 * The site controller's side (ADR 040), no user token: `Authorization: Device <id>.<key>` is
 * checked before the body is read (a caller without a valid key learns nothing and nothing is
 * stored). Every call records the contact (and version and position from `X-FAMS-Hello`).
 */
export function controllerRoutes(app: FastifyInstance, { database, db, boss, secrets, config }: ModuleDeps) {
  const emitter = webhookEmitter(boss);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${API_ROOT}/controller`;
  const device = {
    access: 'public' as const,
    rateLimit: { max: 600, timeWindow: '1 minute' },
  };
  const preParsing = async (req: FastifyRequest, _reply: unknown, payload: unknown) => {
    req.controller = await authenticateController(db, req.headers.authorization);
    await fieldDevicesRepository(db).touch(req.controller.accountId, req.controller.id, helloOf(req));
    return payload;
  };
  const me = (req: FastifyRequest): Controller => {
    if (!req.controller) throw unauthenticated();
    return req.controller;
  };

  r.get(
    `${base}/config`,
    { config: device, preParsing: preParsing as never, schema: { response: { 200: ControllerConfig } } },
    async (req) => {
      const c = me(req);
      const config = c.storeId ? await controllerConfig(db, c.accountId, c.storeId) : undefined;
      if (!config) throw notFound('This device has no store to configure.');
      return config;
    },
  );

  r.get(
    `${base}/commands`,
    { config: device, preParsing: preParsing as never, schema: { response: { 200: PendingCommands } } },
    async (req) => {
      const c = me(req);
      return { commands: await commandsRepository(db).deliver(c.accountId, c.id) };
    },
  );

  r.post(
    `${base}/commands/:id/result`,
    {
      config: device,
      preParsing: preParsing as never,
      schema: { params: IdParams, body: CommandResultBody, response: { 200: CommandResultResponse } },
    },
    async (req) => {
      const c = me(req);
      const repo = commandsRepository(db);
      const status = await repo.answer(c.accountId, c.id, req.params.id, req.body.ok, req.body.message);
      if (status) return { id: req.params.id, status };
      const now = await repo.statusOf(c.accountId, c.id, req.params.id);
      if (!now) throw notFound('No such command for this controller.');
      throw unprocessable('command_closed', `The command is already ${now}; the answer is not taken.`);
    },
  );

  // The store's VPN (ADR 044): the controller reads its keys (opened from their seal) and reports
  // its last WireGuard handshake, shown on `/StoreVPN`.
  const vpn = storeVpnService(db, secrets, config.webhookAllowPrivate);
  r.get(
    `${base}/vpn`,
    { config: device, preParsing: preParsing as never, schema: { response: { 200: ControllerVpn } } },
    async (req) => {
      const c = me(req);
      const v = c.storeId ? await vpn.forController(c.accountId, c.storeId) : undefined;
      if (!v) throw notFound('This store has no VPN settings.');
      return v;
    },
  );
  r.post(
    `${base}/vpn/handshake`,
    {
      config: device,
      preParsing: preParsing as never,
      schema: { body: VpnHandshakeBody, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      const c = me(req);
      const at = new Date(req.body.lastHandshakeAt);
      if (at.getTime() > Date.now() + 5 * 60_000)
        throw unprocessable('handshake_in_future', 'The handshake time is in the future; check the clock.');
      if (!c.storeId || !(await storeVpnRepository(db).setHandshake(c.accountId, c.storeId, at)))
        throw notFound('This store has no VPN settings.');
      return { ok: true as const };
    },
  );

  // Dispenses through the one idempotent batch ingest, as the user who registered the controller;
  // a record for another store is refused (403) like a record the user may not make.
  r.post(
    `${base}/dispenses/batch`,
    {
      config: device,
      preParsing: preParsing as never,
      bodyLimit: 4 * 1024 * 1024,
      schema: { body: BatchBody, response: { 200: BatchResponse } },
    },
    async (req) => {
      const c = me(req);
      if (!c.createdBy) throw unprocessable('device_owner_missing', 'The controller has no registering user.');
      const handler: KindHandler<{ id: string; storeId: string }, unknown> = {
        ...(dispenseHandler as unknown as KindHandler<{ id: string; storeId: string }, unknown>),
        allowed: (_roles, d) => d.storeId === c.storeId,
      };
      const auth = { userId: c.createdBy, userKey: '', accountId: c.accountId, accountKey: '', roles: [] };
      // Webhooks (ADR 048): one `dispense.recorded` per stored record, in the batch's transaction.
      const events = { emitter, extra: { source: 'controller', controllerId: c.id } };
      const results = await ingestBatch(database, handler, auth, req.body.records, events);
      return { results };
    },
  );
}
