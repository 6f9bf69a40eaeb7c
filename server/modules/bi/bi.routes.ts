import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { analyticsRoutes } from './analytics.routes';
import { feedRoutes } from './feed.routes';

/** Business intelligence (issue 13, ADR 041): the BI feed and its keys, `/PBAnalytics`' board. */
export function biRoutes(app: FastifyInstance, db: Db) {
  feedRoutes(app, db);
  analyticsRoutes(app, db);
}
