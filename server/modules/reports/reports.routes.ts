import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  REPORT_IDS,
  ReportCatalog,
  ReportFormat,
  ReportParams,
  ReportRun,
  type ReportLine,
} from '../../../src/contract/reports';
import { screenFor } from '../../../src/contract/screens';
import type { DbOrTx } from '../../db/client';
import { badRequest, fieldErrorsOf } from '../../lib/errors';
import { exportFileName, fromSpec } from '../../lib/resource/export';
import { sendExport } from '../../lib/resource/list-routes';
import { reportPdf } from './reports.pdf';
import { reportsService, type ReportResult } from './reports.service';

const IdParams = z.object({ id: z.enum(REPORT_IDS, { error: 'There is no such report' }) });

/** Subtotal and total lines as file rows: the first column says which they are. */
function fileRows(r: ReportResult): Record<string, unknown>[] {
  const first = r.decl.columns[0].key;
  const by = r.decl.subtotalBy;
  return r.lines.map((l: ReportLine) => {
    if (l.kind === 'row') return l.values;
    if (l.kind === 'total') return { ...l.values, [first]: 'Total' };
    return { ...l.values, [by ?? first]: `${String(l.values[by ?? first] ?? '')} subtotal`.trim() };
  });
}

/**
 * `/ReportList`'s endpoints: the catalogue, a run's preview, and the same run as CSV, XLSX or PDF. The
 * rule is the screen's; every query is scoped to the token's account.
 */
export function reportsRoutes(app: FastifyInstance, db: DbOrTx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reports = reportsService(db);
  const access = screenFor('/ReportList')!.rule;

  r.get(`${API_ROOT}/reports`, { config: { access }, schema: { response: { 200: ReportCatalog } } }, async () => ({
    reports: reports.catalog(),
  }));

  r.get(
    `${API_ROOT}/reports/:id`,
    { config: { access }, schema: { params: IdParams, querystring: ReportParams, response: { 200: ReportRun } } },
    async (req) => reports.preview(await reports.run(req.auth.accountId, req.params.id, req.query)),
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
      const run = await reports.run(req.auth.accountId, req.params.id, q.data);
      if (format === 'pdf') {
        const { account, parameters } = await reports.heading(run);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="${exportFileName(run.decl.id, 'pdf')}"`);
        reply.header('cache-control', 'no-store');
        return reply.send(reportPdf(run, account, parameters));
      }
      const rows = fileRows(run);
      return sendExport(
        reply,
        {
          format,
          fileBase: run.decl.id,
          title: run.decl.title,
          columns: run.decl.columns.flatMap(fromSpec),
          zone: run.zone,
        },
        (async function* () {
          yield rows;
        })(),
      );
    },
  );
}
