import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  TANK_LEVELS_PATH,
  TankLevelsQuery,
  TankLevelsResponse,
  TankReadingsQuery,
  TankReadingsResponse,
} from '../../../src/contract/tanks';
import { IdParams } from '../../lib/resource';
import { tanksService } from './tanks.service';
import type { ModuleDeps } from '../deps';

/**
 * `/TankLevels` (rule atg): the latest level of every tank, and one tank's reading history for
 * the chart. Both read only the token's account.
 */
export function tanksRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const svc = tanksService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_ROOT}${TANK_LEVELS_PATH}`,
    {
      config: { access: 'atg' },
      schema: { querystring: TankLevelsQuery, response: { 200: TankLevelsResponse } },
    },
    async (req) => ({
      generatedAt: new Date().toISOString(),
      tanks: await svc.levels(req.auth.accountId, req.query),
    }),
  );

  r.get(
    `${API_ROOT}/tanks/:id/readings`,
    {
      config: { access: 'atg' },
      schema: { params: IdParams, querystring: TankReadingsQuery, response: { 200: TankReadingsResponse } },
    },
    async (req) => svc.readings(req.auth.accountId, req.params.id, req.query),
  );
}
