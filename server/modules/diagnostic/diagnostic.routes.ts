import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { DIAGNOSTIC_PATH, DiagnosticReport, RetryJobParams, RetryJobResult } from '../../../src/contract/diagnostic';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { diagnosticReport, retryJob } from './diagnostic.service';
import type { BossProvider } from './jobs-client';

/** `/Diagnostic`'s rule (thebigBoss): the report, and retrying a failed pg-boss job. */
const RULE = screenFor('/Diagnostic')!.rule;

export function diagnosticRoutes(app: FastifyInstance, deps: { db: Db; dataDir: string; boss: BossProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_ROOT}${DIAGNOSTIC_PATH}`,
    { config: { access: RULE }, schema: { response: { 200: DiagnosticReport } } },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return diagnosticReport(deps.db, deps.dataDir);
    },
  );
  r.post(
    `${API_ROOT}${DIAGNOSTIC_PATH}/jobs/:queue/:id/retry`,
    { config: { access: RULE }, schema: { params: RetryJobParams, response: { 200: RetryJobResult } } },
    async (req) => retryJob(deps.db, deps.boss, req.params.queue, req.params.id),
  );
}
