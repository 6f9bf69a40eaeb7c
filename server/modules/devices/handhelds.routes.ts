import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  EnrolBody,
  EnrolmentCode,
  EnrolResponse,
  HANDHELD_CONFIG_PATH,
  HANDHELD_ENROL_PATH,
  HandheldConfig,
  HANDHELDS_LIST,
  HandheldPrinter,
  OpenEnrolmentCodes,
  PrinterSettings,
} from '../../../src/contract/handhelds';
import { actorOf, IdParams, registerListRoutes } from '../../lib/resource';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';
import { screenRules } from '../setup/rules';
import { authenticateFieldDevice, deviceRefused, type Controller } from './controller-auth';
import { fieldDevicesRepository } from './field-devices.repository';
import { handheldsEndpoint } from './handhelds.list';
import { handheldsRepository } from './handhelds.repository';
import { handheldsService } from './handhelds.service';

declare module 'fastify' {
  interface FastifyRequest {
    handheld?: Controller;
  }
}

/**
 * `/SumniConfig` (ThebigBoss, ADR 044): enrolment codes, the handhelds list, revoke and printer
 * settings; and the handheld's own side without a user token — enrolment with a code, then its
 * configuration with its device key (each sync records the contact, the "last sync").
 */
export function handheldsRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = handheldsService(db);
  const rule = screenRules(HANDHELDS_LIST.screen);
  const base = `${API_ROOT}${HANDHELDS_LIST.path}`;

  registerListRoutes(app, handheldsEndpoint(db));

  r.post(
    `${base}/enrolment-codes`,
    { config: { access: rule.write }, schema: { response: { 200: EnrolmentCode } } },
    async (req) => svc.createCode(actorOf(req), linkOrigin(config)),
  );

  // The codes still out (not used, cancelled or expired), and cancelling one (ADR 051).
  r.get(
    `${base}/enrolment-codes`,
    { config: { access: rule.read }, schema: { response: { 200: OpenEnrolmentCodes } } },
    async (req) => ({ items: await svc.openCodes(req.auth.accountId) }),
  );
  r.post(
    `${base}/enrolment-codes/:id/cancel`,
    {
      config: { access: rule.write },
      schema: { params: IdParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await svc.cancelCode(actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  // One handheld's own printer settings over the account's (ADR 051); DELETE goes back to the account's.
  r.get(
    `${base}/:id/printer`,
    { config: { access: rule.read }, schema: { params: IdParams, response: { 200: HandheldPrinter } } },
    async (req) => svc.handheldPrinter(req.auth.accountId, req.params.id),
  );
  r.put(
    `${base}/:id/printer`,
    {
      config: { access: rule.write },
      schema: { params: IdParams, body: PrinterSettings, response: { 200: HandheldPrinter } },
    },
    async (req) => svc.saveHandheldPrinter(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id/printer`,
    { config: { access: rule.write }, schema: { params: IdParams, response: { 200: HandheldPrinter } } },
    async (req) => svc.saveHandheldPrinter(actorOf(req), req.params.id, null),
  );

  r.post(
    `${base}/:id/revoke`,
    {
      config: { access: rule.write },
      schema: { params: IdParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await svc.revoke(actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    `${base}/printer`,
    { config: { access: rule.read }, schema: { response: { 200: PrinterSettings } } },
    async (req) => svc.printer(req.auth.accountId),
  );
  r.put(
    `${base}/printer`,
    { config: { access: rule.write }, schema: { body: PrinterSettings, response: { 200: PrinterSettings } } },
    async (req) => svc.savePrinter(actorOf(req), req.body),
  );

  // The handheld's side. Enrolment: the code (60 random bits, 60 minutes, one use) is the credential;
  // 30 tries a minute per client address leaves guessing hopeless and a depot enrolling a box of handhelds unhindered.
  r.post(
    `${API_ROOT}${HANDHELD_ENROL_PATH}`,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: EnrolBody, response: { 200: EnrolResponse } },
    },
    async (req) => svc.enrol(req.body),
  );

  const preParsing = async (req: FastifyRequest, _reply: unknown, payload: unknown) => {
    req.handheld = await authenticateFieldDevice(db, req.headers.authorization, 'handheld');
    await fieldDevicesRepository(db).touch(req.handheld.accountId, req.handheld.id, {});
    return payload;
  };
  r.get(
    `${API_ROOT}${HANDHELD_CONFIG_PATH}`,
    {
      config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
      preParsing: preParsing as never,
      schema: { response: { 200: HandheldConfig } },
    },
    async (req) => {
      const h = req.handheld;
      if (!h) throw deviceRefused();
      const device = await handheldsRepository(db).handheld(h.accountId, h.id);
      if (!device) throw deviceRefused();
      return { device: { id: device.id, name: device.name }, printer: await svc.effectivePrinter(h.accountId, h.id) };
    },
  );
}
