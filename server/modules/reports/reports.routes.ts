import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  REPORT_TITLES_PATH,
  ReportCatalog,
  ReportFormat,
  ReportKeySchema,
  PreviewPage,
  ReportParams,
  ReportRun,
  ReportTitles,
} from '../../../src/contract/reports';
import { screenFor } from '../../../src/contract/screens';
import { runsRoutes } from './runs.routes';
import { reportSettingsRoutes } from './report-settings.routes';
import { schedulesRoutes } from './schedules.routes';
import { badRequest, fieldErrorsOf } from '../../lib/errors';
import { actorOf } from '../../lib/resource';
import { customReportsRoutes } from './custom-reports.routes';
import { reportFile } from './report-files';
import { reportsService } from './reports.service';
import type { ModuleDeps } from '../deps';

const IdParams = z.object({ id: ReportKeySchema });

/**
 * `/ReportList`'s endpoints: the catalogue, a run's preview, and the same run as CSV, XLSX or PDF. The
 * rule is the screen's; every query is scoped to the token's account. Runs into files, favourites and
 * the history (`runs.routes.ts`) and schedules (`schedules.routes.ts`) are mounted from here (ADR 033).
 */
export function reportsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  runsRoutes(app, db, deps);
  schedulesRoutes(app, db, deps.boss);
  reportSettingsRoutes(app, db);
  customReportsRoutes(app, deps);
  const reports = reportsService(db);
  const access = screenFor('/ReportList')!.rule;

  r.get(`${API_ROOT}/reports`, { config: { access }, schema: { response: { 200: ReportCatalog } } }, async (req) => ({
    reports: await reports.catalog(req.auth.accountId, actorOf(req)),
  }));

  // The history's and schedules' report names: both screens are admin's; titles only, no rows.
  r.get(
    `${API_ROOT}${REPORT_TITLES_PATH}`,
    { config: { access: screenFor('/ReportHistory')!.rule }, schema: { response: { 200: ReportTitles } } },
    async (req) => ({ reports: await reports.titles(req.auth.accountId) }),
  );

  // The preview's page (`page`, `size`) beside the run's parameters (ADR 058).
  r.get(
    `${API_ROOT}/reports/:id`,
    {
      config: { access },
      schema: { params: IdParams, querystring: z.looseObject({}), response: { 200: ReportRun } },
    },
    async (req) => {
      const { page, size, ...rest } = req.query as Record<string, unknown>;
      const p = ReportParams.safeParse(rest);
      const paging = PreviewPage.safeParse({ page, size });
      if (!p.success || !paging.success)
        throw badRequest('The report parameters are not valid.', {
          ...(p.success ? {} : fieldErrorsOf(p.error.issues)),
          ...(paging.success ? {} : fieldErrorsOf(paging.error.issues)),
        });
      return reports.preview(await reports.run(req.auth.accountId, req.params.id, p.data, actorOf(req)), paging.data);
    },
  );

  r.get(
    `${API_ROOT}/reports/:id/export`,
    { config: { access }, schema: { params: IdParams, querystring: z.looseObject({ format: ReportFormat }) } },
    async (req, reply) => {
      const { format, ...rest } = req.query as { format: ReportFormat } & Record<string, unknown>;
      const q = ReportParams.safeParse(rest);
      if (!q.success) {
        const fields = fieldErrorsOf(q.error.issues);
        throw badRequest('The report parameters are not valid.', fields);
      }
      const run = await reports.run(req.auth.accountId, req.params.id, q.data, actorOf(req));
      let file;
      try {
        const heading = await reports.heading(run);
        const logo = heading.logoFile ? await deps.files.get(req.auth.accountId, heading.logoFile) : null;
        file = reportFile(run, format, { ...heading, logo });
      } catch (e) {
        await run.close();
        throw e;
      }
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  );
}
