import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEED_QUERY_OPTIONS,
  FeedKeyInput,
  FeedKeyRow,
  FeedParams,
  FeedQuery,
  NewFeedKey,
} from '../../../src/contract/bi';
import { API_ROOT } from '../../../src/contract/constants';
import { DATASET_IDS, DATASETS, type DatasetId } from '../../../src/contract/datasets';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
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
const csvColumns = (dataset: DatasetId, keys: readonly string[]): ExportColumn[] =>
  DATASETS[dataset].fields
    .filter((f) => keys.includes(f.key))
    .map((f) => ({
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
  /** An OData system query option the feed does not implement is a 501 (OData 4.0 Part 1, 9.3.1). */
  const onlyOurOptions = async (req: FastifyRequest) => {
    const other = Object.keys((req.query ?? {}) as object).filter(
      (k) => k.startsWith('$') && !(FEED_QUERY_OPTIONS as readonly string[]).includes(k),
    );
    if (other.length)
      throw new AppError(
        501,
        'not_implemented',
        `${other.join(', ')} ${other.length === 1 ? 'is' : 'are'} not supported by this feed; use ${FEED_QUERY_OPTIONS.join(', ')}, from, to and storeId.`,
      );
  };

  r.get(`${API_ROOT}/feed`, { config: feedConfig, onRequest: byKey }, async (req) => ({
    '@odata.context': `${origin(req)}${API_ROOT}/feed/$metadata`,
    // Absolute URLs: a relative one resolves differently with and without the root's trailing slash.
    value: DATASET_IDS.map((id) => ({
      name: id,
      kind: 'EntitySet',
      url: `${origin(req)}${API_ROOT}/feed/${id}`,
      title: DATASETS[id].title,
    })),
  }));

  // Before `/feed/:dataset` in meaning: a static path wins over the parameter in Fastify's router.
  r.get(`${API_ROOT}/feed/$metadata`, { config: feedConfig, onRequest: byKey }, async (_req, reply) => {
    reply.header('content-type', 'application/xml; charset=utf-8');
    reply.header('odata-version', '4.0');
    return reply.send(feedMetadata());
  });

  r.get(
    `${API_ROOT}/feed/:dataset`,
    {
      config: feedConfig,
      onRequest: byKey,
      preValidation: onlyOurOptions,
      schema: { params: FeedParams, querystring: FeedQuery },
    },
    async (req, reply) => {
      const accountId = req.feedAccountId!;
      const { dataset } = req.params;
      const fields = feed.selected(dataset, req.query.$select);
      reply.header('cache-control', 'no-store');
      if (req.query.$format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${dataset}.csv"`);
        return reply.send(csvStream(csvColumns(dataset, fields), feed.all(accountId, dataset, req.query)));
      }
      const page = await feed.page(accountId, dataset, req.query);
      reply.header('odata-version', '4.0');
      const pick = req.query.$select
        ? (r: Record<string, unknown>) => Object.fromEntries(fields.map((k) => [k, r[k]]))
        : (r: Record<string, unknown>) => r;
      const body: Record<string, unknown> = {
        '@odata.context': `${origin(req)}${API_ROOT}/feed/$metadata#${dataset}${req.query.$select ? `(${fields.join(',')})` : ''}`,
        value: page.rows.map(pick),
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
