import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  HOME_MESSAGE_COLUMNS,
  HOME_MESSAGES_LIST,
  HomeMessage,
  HomeMessageFields,
  HomeMessageIdParams,
} from '../../../src/contract/home-messages';
import type { Db } from '../../db/client';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { homeMessagesSpec, type HomeMessageRaw } from './home-messages.repository';
import { homeMessagesService, toHomeMessage } from './home-messages.service';

/** `/messageAccount` (ThebigBoss): the list protocol plus create, edit, delete. */
export function homeMessagesRoutes(app: FastifyInstance, db: Db) {
  const svc = homeMessagesService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `${API_ROOT}${HOME_MESSAGES_LIST.path}`;
  const boss = { config: { access: 'thebigBoss' as const } };
  registerListRoutes(app, {
    url,
    rule: 'thebigBoss',
    row: HomeMessage,
    fileBase: 'home-messages',
    title: HOME_MESSAGES_LIST.title,
    columns: HOME_MESSAGE_COLUMNS,
    ...specList(db, homeMessagesSpec, (x: HomeMessageRaw) => toHomeMessage(x)),
  });
  r.get(
    `${url}/:id`,
    { ...boss, schema: { params: HomeMessageIdParams, response: { 200: HomeMessage } } },
    async (req) => svc.get(req.params.id),
  );
  r.post(url, { ...boss, schema: { body: HomeMessageFields, response: { 201: HomeMessage } } }, async (req, reply) =>
    reply.status(201).send(await svc.create(actorOf(req), req.body)),
  );
  r.put(
    `${url}/:id`,
    { ...boss, schema: { params: HomeMessageIdParams, body: HomeMessageFields, response: { 200: HomeMessage } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${url}/:id`,
    { ...boss, schema: { params: HomeMessageIdParams, response: { 200: HomeMessage } } },
    async (req) => svc.remove(actorOf(req), req.params.id),
  );
}
