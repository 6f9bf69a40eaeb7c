import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../src/contract/auth';
import { API_ROOT } from '../../../src/contract/constants';
import type { ModuleDeps } from '../deps';

const started = Date.now();

export function healthRoutes(app: FastifyInstance, { database, version }: ModuleDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_ROOT}/health`,
    {
      config: { access: 'public' },
      schema: { response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_req, reply) => {
      let up = false;
      try {
        await database.pool.query('select 1');
        up = true;
      } catch {
        /* reported below */
      }
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: up ? ('up' as const) : ('down' as const),
        version,
        uptimeS: Math.round((Date.now() - started) / 1000),
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );
}
