import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { DIAGNOSTIC_PATH, DiagnosticReport, RetryJobParams, RetryJobResult } from '../../../src/contract/diagnostic';
import { screenFor } from '../../../src/contract/screens';
import { diagnosticService } from './diagnostic.service';
import type { ModuleDeps } from '../deps';

/** `/Diagnostic`'s rule (thebigBoss): the report, and retrying a failed pg-boss job. */
const RULE = screenFor('/Diagnostic')!.rule;

export function diagnosticRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = diagnosticService(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_ROOT}${DIAGNOSTIC_PATH}`,
    { config: { access: RULE }, schema: { response: { 200: DiagnosticReport } } },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return svc.report(deps.config);
    },
  );
  r.post(
    `${API_ROOT}${DIAGNOSTIC_PATH}/jobs/:queue/:id/retry`,
    { config: { access: RULE }, schema: { params: RetryJobParams, response: { 200: RetryJobResult } } },
    async (req) => svc.retry(deps.boss, req.params.queue, req.params.id),
  );
}
