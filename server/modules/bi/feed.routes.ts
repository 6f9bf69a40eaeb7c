import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedKeyInput, FeedKeyRow, FeedParams, FeedQuery, NewFeedKey } from '../../../src/contract/bi';
import { API_ROOT } from '../../../src/contract/constants';
import { DATASET_IDS, DATASETS, type DatasetId } from '../../../src/contract/datasets';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { csvStream, type ExportColumn } from '../../lib/resource/export';
import { actorOf, IdParams } from '../../lib/resource';
import { feedKeysService } from './feed-keys.service';
import { feedMetadata } from './feed-metadata';
import { feedService } from './feed.service';

declare module 'fastify' {
  interface FastifyRequest {
    feedAccountId?: number;
  }
}

/** The feed's CSV columns: the declared titles; instants stay exact ISO text in UTC for a BI tool. */
const csvColumns = (dataset: DatasetId): ExportColumn[] =>
  DATASETS[dataset].fields.map((f) => ({
    header: f.title,
    kind: f.kind === 'datetime' || f.kind === 'code' ? 'text' : f.kind,
    decimals: f.decimals,
    value: (r) => r[f.key],
  }));

/** The request's own origin, so `@odata.nextLink` works behind whatever name the tool used. */
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The BI feed (ADR 041): keys managed on `/PBAnalytics` (its rule, admin), and the read-only
 * `GET /feed/:dataset` opened by a key instead of a user token (`access: 'public'` plus the key
 * check before validation, rate limited like the gauges' push). The key's account is the tenant.
 */
export function feedRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keys = feedKeysService(db);
  const feed = feedService(db);
  const access = screenFor('/PBAnalytics')!.rule;

  r.get(
    `${API_ROOT}/bi-feed-keys`,
    { config: { access }, schema: { response: { 200: z.object({ keys: z.array(FeedKeyRow) }) } } },
    async (req) => ({ keys: await keys.list(req.auth.accountId) }),
  );
  r.post(
    `${API_ROOT}/bi-feed-keys`,
    { config: { access }, schema: { body: FeedKeyInput, response: { 201: NewFeedKey } } },
    async (req, reply) => reply.code(201).send(await keys.create(actorOf(req), req.body.name)),
  );
  r.delete(`${API_ROOT}/bi-feed-keys/:id`, { config: { access }, schema: { params: IdParams } }, async (req, reply) => {
    await keys.revoke(actorOf(req), req.params.id);
    return reply.code(204).send();
  });

  const feedConfig = { access: 'public' as const, rateLimit: { max: 600, timeWindow: '1 minute' } };
  // After the rate limit, before validation: a caller without a valid key learns nothing.
  const byKey = async (req: FastifyRequest) => {
    req.feedAccountId = (await keys.authenticate(req.headers.authorization)).accountId;
  };

  r.get(`${API_ROOT}/feed`, { config: feedConfig, onRequest: byKey }, async (req) => ({
    '@odata.context': `${origin(req)}${API_ROOT}/feed/$metadata`,
    value: DATASET_IDS.map((id) => ({ name: id, kind: 'EntitySet', url: `feed/${id}`, title: DATASETS[id].title })),
  }));

  // Before `/feed/:dataset` in meaning: a static path wins over the parameter in Fastify's router.
  r.get(`${API_ROOT}/feed/$metadata`, { config: feedConfig, onRequest: byKey }, async (_req, reply) => {
    reply.header('content-type', 'application/xml; charset=utf-8');
    reply.header('odata-version', '4.0');
    return reply.send(feedMetadata());
  });

  r.get(
    `${API_ROOT}/feed/:dataset`,
    { config: feedConfig, onRequest: byKey, schema: { params: FeedParams, querystring: FeedQuery } },
    async (req, reply) => {
      const accountId = req.feedAccountId!;
      const { dataset } = req.params;
      reply.header('cache-control', 'no-store');
      if (req.query.$format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${dataset}.csv"`);
        return reply.send(csvStream(csvColumns(dataset), feed.all(accountId, dataset, req.query)));
      }
      const page = await feed.page(accountId, dataset, req.query);
      const body: Record<string, unknown> = {
        '@odata.context': `${origin(req)}${API_ROOT}/feed/$metadata#${dataset}`,
        value: page.rows,
      };
      if (page.next) {
        const u = new URL(`${origin(req)}${API_ROOT}/feed/${dataset}`);
        for (const [k, v] of Object.entries(req.query))
          if (v !== undefined && k !== '$skiptoken') u.searchParams.set(k, String(v));
        u.searchParams.set('$skiptoken', page.next);
        body['@odata.nextLink'] = u.toString();
      }
      return body;
    },
  );
}
