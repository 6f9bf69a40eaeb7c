import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  SAP_EXPORTS_LIST,
  SAP_PATH,
  SapExportRow,
  SapMapping,
  SapMappingInput,
  SapPeriod,
  SapPeriodQuery,
  SapPreview,
} from '../../../src/contract/sap';
import { fieldErrorsOf, badRequest } from '../../lib/errors';
import { actorOf, IdParams, registerListRoutes } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { screenRules } from '../setup/rules';
import { sapExportsEndpoint } from './sap.list';
import { sapService } from './sap.service';

/** `/SAP` (ThebigBoss, ADR 044): mapping, preview, export, history and re-download. */
export function sapRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = sapService(db);
  const rule = screenRules(SAP_EXPORTS_LIST.screen);
  const base = `${API_ROOT}${SAP_PATH}`;

  r.get(`${base}/mapping`, { config: { access: rule.read }, schema: { response: { 200: SapMapping } } }, async (req) =>
    svc.mapping(req.auth.accountId),
  );
  r.put(
    `${base}/mapping`,
    { config: { access: rule.write }, schema: { body: SapMappingInput, response: { 200: SapMapping } } },
    async (req) => svc.saveMapping(actorOf(req), req.body),
  );

  r.get(
    `${base}/preview`,
    { config: { access: rule.read }, schema: { querystring: SapPeriodQuery, response: { 200: SapPreview } } },
    async (req) => {
      const p = SapPeriod.safeParse({ ...req.query, reExport: req.query.reExport === 'true' });
      if (!p.success) throw badRequest('Check the period.', fieldErrorsOf(p.error.issues));
      return svc.preview(req.auth.accountId, p.data);
    },
  );

  registerListRoutes(app, sapExportsEndpoint(db));
  r.post(
    `${API_ROOT}${SAP_EXPORTS_LIST.path}`,
    { config: { access: rule.write }, schema: { body: SapPeriod, response: { 200: SapExportRow } } },
    async (req) => svc.export(actorOf(req), req.body),
  );
  r.get(
    `${API_ROOT}${SAP_EXPORTS_LIST.path}/:id/file`,
    { config: { access: rule.read }, schema: { params: IdParams } },
    async (req, reply) => {
      const f = await svc.file(req.auth.accountId, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${f.fileName}"`)
        .send(f.content);
    },
  );
}
