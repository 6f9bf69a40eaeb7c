import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { DASHBOARD_SUMMARY_PATH, DashboardSummary, Wallboard, WALLBOARD_PATH } from '../../../src/contract/dashboard';
import { dashboardService } from './dashboard.service';
import type { ModuleDeps } from '../deps';

/**
 * `GET /dashboard/summary` (everybody; each card is filtered by its own rule in the service) and
 * `GET /dashboard/wallboard` (`/fullpagedashboard`'s rule, allFamsUserL).
 */
export function dashboardRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const svc = dashboardService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_ROOT}${DASHBOARD_SUMMARY_PATH}`,
    {
      config: { access: 'everybody' },
      schema: { response: { 200: DashboardSummary } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return svc.summary(req.auth);
    },
  );
  r.get(
    `${API_ROOT}${WALLBOARD_PATH}`,
    {
      config: { access: 'allFamsUserL' },
      schema: { response: { 200: Wallboard } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return svc.wallboard(req.auth.accountId);
    },
  );
}
