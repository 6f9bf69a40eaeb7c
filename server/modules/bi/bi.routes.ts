import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { feedRoutes } from './feed.routes';

/** Business intelligence (issue 13, ADR 041): the BI feed and its keys. */
export function biRoutes(app: FastifyInstance, db: Db) {
  feedRoutes(app, db);
}
