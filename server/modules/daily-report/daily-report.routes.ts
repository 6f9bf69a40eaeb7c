import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  DAILY_REPORT_PATH,
  DAILY_REPORT_SUBSCRIPTION_PATH,
  DailyReport,
  DailyReportQuery,
  DailyReportSubscription,
  DailyReportSubscriptionView,
} from '../../../src/contract/daily-report';
import { screenFor } from '../../../src/contract/screens';
import { actorOf } from '../../lib/resource';
import { dailyReportService } from './daily-report.service';
import { dailyReportMailService } from './mail.service';
import type { ModuleDeps } from '../deps';

/**
 * `GET /daily-report?day=YYYY-MM-DD&storeIds=a,b` and the user's own morning e-mail
 * `GET|PUT /daily-report/subscription`, all under `/DailyReportofCall`'s rule.
 */
export function dailyReportRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const svc = dailyReportService(db);
  const mail = dailyReportMailService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: screenFor('/DailyReportofCall')!.rule };
  r.get(
    `${API_ROOT}${DAILY_REPORT_PATH}`,
    { config, schema: { querystring: DailyReportQuery, response: { 200: DailyReport } } },
    async (req) => svc.report(actorOf(req).accountId, req.query.day, req.query.storeIds),
  );
  r.get(
    `${API_ROOT}${DAILY_REPORT_SUBSCRIPTION_PATH}`,
    { config, schema: { response: { 200: DailyReportSubscriptionView } } },
    async (req) => mail.view(actorOf(req)),
  );
  r.put(
    `${API_ROOT}${DAILY_REPORT_SUBSCRIPTION_PATH}`,
    { config, schema: { body: DailyReportSubscription, response: { 200: DailyReportSubscriptionView } } },
    async (req) => mail.update(actorOf(req), req.body),
  );
}
