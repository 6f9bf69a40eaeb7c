import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsBoard, AnalyticsQuery } from '../../../src/contract/analytics';
import { API_ROOT } from '../../../src/contract/constants';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { analyticsService } from './analytics.service';

/** `GET /analytics/board`: `/PBAnalytics`'s built-in board, the screen's rule, the token's account. */
export function analyticsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = analyticsService(db);
  r.get(
    `${API_ROOT}/analytics/board`,
    {
      config: { access: screenFor('/PBAnalytics')!.rule },
      schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsBoard } },
    },
    async (req) => svc.board(req.auth.accountId, req.query),
  );
}
