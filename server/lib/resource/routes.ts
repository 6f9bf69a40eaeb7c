import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Rule } from '../../../src/contract/access';
import type { ColumnSpec } from '../../../src/contract/columns';
import { API_ROOT } from '../../../src/contract/constants';
import { VersionQuery } from '../../../src/contract/resource';
import { badRequest } from '../errors';
import { actorOf, registerListRoutes } from './list-routes';
import type { ListQuery, ListResponse } from '../../../src/contract/list';
import type { Actor, AnyResourceDef } from './types';

/** What the routes need of a resource service (any resource's `resourceService(...)` fits). */
type Row = Record<string, unknown>;
export interface MountableService {
  def: AnyResourceDef;
  list(actor: Actor, query: ListQuery): Promise<ListResponse<unknown>>;
  exportChunks(actor: Actor, query: ListQuery, extraKeys: readonly string[]): AsyncIterable<unknown[]>;
  zone?(actor: Actor): Promise<string>;
  get(actor: Actor, id: string): Promise<Row>;
  create(actor: Actor, input: never): Promise<Row>;
  update(actor: Actor, id: string, body: never): Promise<Row>;
  remove(actor: Actor, id: string, version: number): Promise<Row>;
  restore(actor: Actor, id: string, version?: number): Promise<Row>;
}

export const IdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
// Fastify gives null for a request without a body.
const OptionalVersion = z.strictObject({ version: z.number().int().min(1).optional() }).nullish();

export interface MountOptions {
  /** Path relative to API_ROOT; default the resource's own. */
  path?: string;
  read?: Rule;
  write?: Rule;
  /** The columns of the screen that shows this mount, when not the resource's own. */
  columns?: readonly ColumnSpec[];
  /** false: list, export and get only (a read view of another screen). */
  writes?: boolean;
}

/**
 * Registers a resource's endpoints (see src/contract/resource.ts): list, export, get, create,
 * update, soft delete and restore, each with its declared access rule.
 */
export function registerResource(app: FastifyInstance, svc: MountableService, opts: MountOptions = {}) {
  const { def } = svc;
  const url = `${API_ROOT}${opts.path ?? def.info.path}`;
  const read = opts.read ?? def.rules.read;
  const write = opts.write ?? def.rules.write;
  const Row = def.schemas.row;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerListRoutes(app, {
    url,
    rule: read,
    row: Row,
    fileBase: (opts.path ?? def.info.path).slice(1),
    title: def.info.title,
    columns: opts.columns,
    zone: svc.zone,
    list: (a, q) => svc.list(a, q),
    chunks: (a, q, keys) => svc.exportChunks(a, q, keys) as AsyncIterable<Record<string, unknown>[]>,
  });

  r.get(
    `${url}/:id`,
    {
      config: { access: read },
      schema: { params: IdParams, response: { 200: Row } },
    },
    async (req) => svc.get(actorOf(req), req.params.id),
  );

  if (opts.writes === false) return;

  r.post(
    url,
    {
      config: { access: write },
      schema: { body: def.schemas.create, response: { 201: Row } },
    },
    async (req, reply) => reply.code(201).send(await svc.create(actorOf(req), req.body as never)),
  );

  r.put(
    `${url}/:id`,
    {
      config: { access: write },
      schema: { params: IdParams, body: def.schemas.update, response: { 200: Row } },
    },
    async (req) => svc.update(actorOf(req), req.params.id, req.body as never),
  );

  r.delete(
    `${url}/:id`,
    {
      config: { access: write },
      schema: { params: IdParams, querystring: VersionQuery, body: OptionalVersion, response: { 200: Row } },
    },
    async (req) => {
      const version = req.body?.version ?? req.query.version;
      if (version === undefined)
        throw badRequest('Say which version you are deleting.', { version: ['version is required'] });
      return svc.remove(actorOf(req), req.params.id, version);
    },
  );

  r.post(
    `${url}/:id/restore`,
    {
      config: { access: write },
      schema: { params: IdParams, body: OptionalVersion, response: { 200: Row } },
    },
    async (req) => svc.restore(actorOf(req), req.params.id, req.body?.version),
  );
}
