import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { DAILY_REPORT_PATH, DailyReport, DailyReportQuery } from '../../../src/contract/daily-report';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/resource';
import { dailyReportService } from './daily-report.service';

/** `GET /daily-report?day=YYYY-MM-DD&storeIds=a,b` (`/DailyReportofCall`'s rule). */
export function dailyReportRoutes(app: FastifyInstance, db: Db) {
  const svc = dailyReportService(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_ROOT}${DAILY_REPORT_PATH}`,
    {
      config: { access: screenFor('/DailyReportofCall')!.rule },
      schema: { querystring: DailyReportQuery, response: { 200: DailyReport } },
    },
    async (req) => svc.report(actorOf(req).accountId, req.query.day, req.query.storeIds),
  );
}
