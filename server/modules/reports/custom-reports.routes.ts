import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { CUSTOM_REPORT_COLUMNS, CustomPreviewRequest, PREVIEW_PATH } from '../../../src/contract/custom-reports';
import { ReportRun } from '../../../src/contract/reports';
import { registerResource, resourceService } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { customReportsResource } from './custom-reports.resource';
import { customSources } from './custom-reports.source';
import { reportsService } from './reports.service';

/**
 * `/custom-reports` (`/CustomReport`'s rule, ADR 045): the saved reports as a resource (versions,
 * audit, soft delete and restore) and `POST /custom-reports/preview`, the builder's live preview of a
 * declaration not saved yet, run by the one report engine on the caller's account.
 */
export function customReportsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = resourceService(deps.db, customReportsResource);
  const reports = reportsService(deps.db);
  const sources = customSources(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${API_ROOT}${PREVIEW_PATH}`,
    {
      config: { access: svc.def.rules.read, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: CustomPreviewRequest, response: { 200: ReportRun } },
    },
    async (req) => {
      const { declaration, params } = req.body;
      const src = sources.draft(req.auth.accountId, declaration);
      return reports.preview(await reports.runOf(req.auth.accountId, src, params));
    },
  );
  registerResource(app, svc, { columns: CUSTOM_REPORT_COLUMNS });
}
