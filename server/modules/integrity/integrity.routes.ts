import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  INTEGRITY_PATH,
  IntegrityLatest,
  IntegrityRunDetailSchema,
  IntegrityRunPage,
  IntegrityRunsQuery,
} from '../../../src/contract/integrity';
import { screenFor } from '../../../src/contract/screens';
import { integrityService } from './integrity.service';
import type { ModuleDeps } from '../deps';

/** `/DataIntergrityChecks`'s rule (screens.ts) for every endpoint: run now, the history, one run. */
const RULE = screenFor('/DataIntergrityChecks')!.rule;

export function integrityRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const svc = integrityService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${API_ROOT}${INTEGRITY_PATH}`;
  r.post(
    base,
    {
      config: { access: RULE, rateLimit: { max: 12, timeWindow: '1 minute' } },
      schema: { response: { 200: IntegrityRunDetailSchema } },
    },
    async (req) => (await svc.run(req.auth.accountId, 'manual', { userId: req.auth.userId }))!,
  );
  r.get(
    base,
    { config: { access: RULE }, schema: { querystring: IntegrityRunsQuery, response: { 200: IntegrityRunPage } } },
    async (req) => svc.page(req.auth.accountId, req.query.page, req.query.pageSize),
  );
  r.get(
    `${base}/latest`,
    { config: { access: RULE }, schema: { response: { 200: IntegrityLatest } } },
    async (req) => ({ run: await svc.detail(req.auth.accountId) }),
  );
  r.get(
    `${base}/:id`,
    {
      config: { access: RULE },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: IntegrityRunDetailSchema } },
    },
    async (req) => (await svc.detail(req.auth.accountId, req.params.id))!,
  );
}
