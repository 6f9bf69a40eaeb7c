import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../deps';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountCard,
  AccountCardFields,
  LOGO_MAX_BYTES,
  MAP_STYLE_PATH,
  MapStyleBody,
  MapStyleSetting,
} from '../../../src/contract/account-card';
import { API_ROOT } from '../../../src/contract/constants';
import { AppError, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/resource';
import { accountCardService, logoTooLarge } from './account-card.service';
import { mapStyleService } from './map-style.service';

/** `/AccountCard` (admin): the token's account's card, its logo as raw image bytes, and its map style. */
export async function accountCardRoutes(app: FastifyInstance, { db, files, map }: ModuleDeps) {
  const svc = accountCardService(db, files);
  const styles = mapStyleService(db, map);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `${API_ROOT}/admin/account-card`;
  const admin = { config: { access: 'admin' as const } };

  r.get(url, { ...admin, schema: { response: { 200: AccountCard } } }, async (req) => svc.get(req.auth.accountId));
  r.put(url, { ...admin, schema: { body: AccountCardFields, response: { 200: AccountCard } } }, async (req) =>
    svc.save(actorOf(req), req.body),
  );
  r.get(`${API_ROOT}${MAP_STYLE_PATH}`, { ...admin, schema: { response: { 200: MapStyleSetting } } }, async (req) =>
    styles.setting(req.auth.accountId),
  );
  r.put(
    `${API_ROOT}${MAP_STYLE_PATH}`,
    { ...admin, schema: { body: MapStyleBody, response: { 200: MapStyleSetting } } },
    async (req) => styles.save(actorOf(req), req.body.styleUrl),
  );
  r.get(`${url}/logo`, admin, async (req, reply) => {
    const png = await svc.logo(req.auth.accountId);
    if (!png) throw notFound('No logo yet.');
    reply.header('content-type', 'image/png');
    reply.header('cache-control', 'private, no-cache');
    return reply.send(png);
  });
  r.delete(`${url}/logo`, { ...admin, schema: { response: { 200: AccountCard } } }, async (req) =>
    svc.removeLogo(actorOf(req)),
  );

  // Scoped so the raw-bytes body parser applies to the upload only (as incident photos).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${url}/logo`,
      {
        ...admin,
        bodyLimit: LOGO_MAX_BYTES,
        schema: { response: { 200: AccountCard } },
        errorHandler: (err, _req, reply) => {
          if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
          return reply.status(413 as never).send(logoTooLarge().body() as never);
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw new AppError(400, 'logo', 'Send the image itself as the request body.');
        return svc.setLogo(actorOf(req), req.body);
      },
    );
  });
}
