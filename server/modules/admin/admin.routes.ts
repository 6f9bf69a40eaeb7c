import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountAdminRow,
  AccountFields,
  AccountIdParams,
  BlockBody,
  CreateAccountBody,
} from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import { actorOf } from '../../lib/resource';
import { accountsService } from './accounts.service';
import { originOf, type ModuleDeps } from '../deps';
import { adminUsersRoutes } from './users.routes';

/** Administration (issue 14): the account's users (admin) and every account (ThebigBoss). */
export function adminRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const users = adminUsersRoutes(app, deps);
  const svc = accountsService(deps.db, deps.mailer, deps.sessions, users);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `${API_ROOT}/admin/accounts`;
  const boss = { config: { access: 'thebigBoss' as const } };

  r.get(url, { ...boss, schema: { response: { 200: z.array(AccountAdminRow) } } }, async () => svc.list());
  r.get(
    `${url}/:id`,
    { ...boss, schema: { params: AccountIdParams, response: { 200: AccountAdminRow } } },
    async (req) => svc.get(req.params.id),
  );
  r.post(
    url,
    { ...boss, schema: { body: CreateAccountBody, response: { 201: AccountAdminRow } } },
    async (req, reply) =>
      reply.status(201).send(await svc.create(actorOf(req), req.body, originOf(req, deps.config.publicUrl))),
  );
  r.put(
    `${url}/:id`,
    { ...boss, schema: { params: AccountIdParams, body: AccountFields, response: { 200: AccountAdminRow } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body),
  );
  r.post(
    `${url}/:id/block`,
    { ...boss, schema: { params: AccountIdParams, body: BlockBody, response: { 200: AccountAdminRow } } },
    async (req) => svc.setBlocked(actorOf(req), req.params.id, req.body.blocked),
  );
}
