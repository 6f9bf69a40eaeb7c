import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { CopyPlan, CopyRequest, CopyResult, CopyTargets } from '../../../src/contract/equipment-copy';
import { actorOf } from '../../lib/resource';
import { copyService } from './equipment-copy.service';
import type { ModuleDeps } from '../deps';

/** `/Equipmentcopy` endpoints (src/contract/equipment-copy.ts), rule fams24Manager. */
export function equipmentCopyRoutes(app: FastifyInstance, { db, setup: services }: ModuleDeps) {
  const svc = copyService(db, services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `${API_ROOT}/equipment-copy`;
  r.get(
    `${url}/targets`,
    { config: { access: 'fams24Manager' }, schema: { response: { 200: CopyTargets } } },
    async (req) => svc.targets(actorOf(req)),
  );
  r.post(
    `${url}/preview`,
    {
      config: { access: 'fams24Manager' },
      schema: { body: CopyRequest, response: { 200: CopyPlan } },
    },
    async (req) => svc.preview(actorOf(req), req.body),
  );
  r.post(
    url,
    {
      config: { access: 'fams24Manager' },
      schema: { body: CopyRequest, response: { 201: CopyResult } },
    },
    async (req, reply) => reply.code(201).send(await svc.copy(actorOf(req), req.body)),
  );
}
