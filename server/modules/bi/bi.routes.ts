import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Secrets } from '../../lib/secrets';
import { analyticsRoutes } from './analytics.routes';
import { feedRoutes } from './feed.routes';
import { powerbiRoutes } from './powerbi.routes';
import { systemReportRoutes } from './system-report.routes';

/**
 * Business intelligence (issue 13, ADR 041): the BI feed and its keys, `/PBAnalytics`' board,
 * Power BI per account, `/SystemReport`.
 */
export function biRoutes(app: FastifyInstance, db: Db, deps: { secrets: Secrets }) {
  feedRoutes(app, db);
  analyticsRoutes(app, db);
  powerbiRoutes(app, db, deps.secrets);
  systemReportRoutes(app, db);
}
