import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  PowerbiAccountParams,
  PowerbiConfigInput,
  PowerbiConfigRow,
  PowerbiEmbed,
} from '../../../src/contract/powerbi';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/resource';
import type { Secrets } from '../../lib/secrets';
import { powerbiService } from './powerbi.service';
import type { PowerbiHosts } from './powerbi.client';

/** `/PowerbiAdmin`'s endpoints (its rule: ThebigBoss, every account) and `/PBAnalytics`' embed (its rule). */
export function powerbiRoutes(app: FastifyInstance, db: Db, secrets: Secrets, hosts?: PowerbiHosts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = powerbiService(db, secrets, hosts);
  const admin = { access: screenFor('/PowerbiAdmin')!.rule };
  const url = `${API_ROOT}/powerbi-configs`;

  r.get(
    url,
    { config: admin, schema: { response: { 200: z.object({ accounts: z.array(PowerbiConfigRow) }) } } },
    async () => ({
      accounts: await svc.list(),
    }),
  );
  r.put(
    `${url}/:accountId`,
    { config: admin, schema: { params: PowerbiAccountParams, body: PowerbiConfigInput } },
    async (req, reply) => {
      await svc.save(actorOf(req), req.params.accountId, req.body);
      return reply.code(204).send();
    },
  );
  r.delete(`${url}/:accountId`, { config: admin, schema: { params: PowerbiAccountParams } }, async (req, reply) => {
    await svc.remove(actorOf(req), req.params.accountId);
    return reply.code(204).send();
  });

  r.get(
    `${API_ROOT}/powerbi/embed`,
    { config: { access: screenFor('/PBAnalytics')!.rule }, schema: { response: { 200: PowerbiEmbed } } },
    async (req) => svc.embed(req.auth.accountId),
  );
}
