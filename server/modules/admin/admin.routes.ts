import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS_LIST,
  AccountAdminRow,
  AccountFields,
  AccountIdParams,
  BlockBody,
  CreateAccountBody,
} from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { homeMessagesRoutes } from './home-messages.routes';
import { storeLocatorRoutes } from './store-locator.routes';
import { systemUsersRoutes } from './system-users.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { subscriptionsService } from './subscriptions.service';
import { accountsSpec, type AccountListRaw } from './accounts.repository';
import { accountsService, toAccountRow } from './accounts.service';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';
import { adminUsersRoutes } from './users.routes';

/** Administration (issue 14): the account's users (admin), every account and the subscriptions (ThebigBoss). */
export function adminRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const users = adminUsersRoutes(app, deps);
  const subscriptions = subscriptionsService(deps.db);
  subscriptionsRoutes(app, deps.db, subscriptions);
  homeMessagesRoutes(app, deps.db);
  storeLocatorRoutes(app, deps);
  systemUsersRoutes(app, deps.db, deps.sessions);
  const svc = accountsService(deps.db, deps.mailer, deps.sessions, users, subscriptions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `${API_ROOT}${ACCOUNTS_LIST.path}`;
  const boss = { config: { access: 'thebigBoss' as const } };

  registerListRoutes(app, {
    url,
    rule: 'thebigBoss',
    row: AccountAdminRow,
    fileBase: 'accounts',
    title: ACCOUNTS_LIST.title,
    columns: ACCOUNT_COLUMNS,
    ...specList(deps.db, accountsSpec, (raw: AccountListRaw) => toAccountRow(raw)),
  });
  r.get(
    `${url}/:id`,
    { ...boss, schema: { params: AccountIdParams, response: { 200: AccountAdminRow } } },
    async (req) => svc.get(req.params.id),
  );
  r.post(
    url,
    { ...boss, schema: { body: CreateAccountBody, response: { 201: AccountAdminRow } } },
    async (req, reply) => reply.status(201).send(await svc.create(actorOf(req), req.body, linkOrigin(deps.config))),
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
