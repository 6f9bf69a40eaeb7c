import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { ReferenceData } from '../../../src/contract/setup/reference';
import { REFERENCE_PATH } from '../../../src/contract/setup/resources';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/resource';
import { referenceRepository } from './reference.repository';

/**
 * `GET /api/v1/reference` — the account's reference data in one call for field devices (rule
 * `everybody`: a driver who may not open the setup screens still needs to pick a tank). Answers
 * 304 to a matching `If-None-Match`, so a device can refresh cheaply whenever it is online.
 */
export function referenceRoutes(app: FastifyInstance, db: Db) {
  const repo = referenceRepository(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_ROOT}${REFERENCE_PATH}`,
    {
      config: { access: 'everybody' },
      schema: { response: { 200: ReferenceData } },
    },
    async (req, reply) => {
      const data = await repo.load(actorOf(req).accountId);
      const etag = `"${crypto.createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.code(304 as never).send(undefined as never);
      return { generatedAt: new Date().toISOString(), ...data };
    },
  );
}
