import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../deps';
import { analyticsRoutes } from './analytics.routes';
import { feedRoutes } from './feed.routes';
import { powerbiRoutes } from './powerbi.routes';
import { systemReportRoutes } from './system-report.routes';

/**
 * Business intelligence (issue 13, ADR 041): the BI feed and its keys, `/PBAnalytics`' board,
 * Power BI per account, `/SystemReport`.
 */
export function biRoutes(app: FastifyInstance, { db, secrets, config }: ModuleDeps) {
  feedRoutes(app, db);
  analyticsRoutes(app, db);
  powerbiRoutes(app, db, secrets, config.powerbiHosts);
  systemReportRoutes(app, db);
}
