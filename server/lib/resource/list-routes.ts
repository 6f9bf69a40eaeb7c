import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Rule } from '../../../src/contract/access';
import { ListQuery, listResponse, type ExportFormat, type ListResponse } from '../../../src/contract/list';
import { ExportQueryExtra, META_FIELDS } from '../../../src/contract/resource';
import type { ColumnSpec } from '../../../src/contract/columns';
import {
  checkZone,
  CONTENT_TYPES,
  csvStream,
  exportColumns,
  exportFileName,
  xlsxStream,
  type ExportColumn,
} from './export';
import type { DbOrTx } from '../../db/client';
import { accountZone } from './zone';
import { listChunks, runList } from './list-engine';
import type { Actor, ListSpec } from './types';

export const actorOf = (req: FastifyRequest): Actor => ({
  accountId: req.auth.accountId,
  userId: req.auth.userId,
  roles: req.auth.roles,
});

export const ExportQuery = ListQuery.extend(ExportQueryExtra.shape);
const EXPORT_KEYS = Object.keys(ExportQueryExtra.shape);

export interface ListEndpoint<Row> {
  /** Full URL path, e.g. /api/v1/stores. */
  url: string;
  rule: Rule;
  row: z.ZodObject;
  /** File name stem and sheet title of exports. */
  fileBase: string;
  title: string;
  /** The columns the screen's table shows (src/contract): titles and formats of exports. */
  columns?: readonly ColumnSpec[];
  /** The account's time zone, the default of an export's local times (else UTC). */
  zone?(actor: Actor): Promise<string>;
  list(actor: Actor, query: ListQuery): Promise<ListResponse<Row>>;
  /** The filtered set, chunk by chunk (keyset), for exports. */
  chunks(actor: Actor, query: ListQuery, extraKeys: readonly string[]): AsyncIterable<Row[]>;
}

/** `GET <url>` (the list protocol) and `GET <url>/export?format=csv|xlsx` (streamed). */
export function registerListRoutes<Row>(app: FastifyInstance, e: ListEndpoint<Row>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    e.url,
    {
      config: { access: e.rule },
      schema: { querystring: ListQuery, response: { 200: listResponse(e.row) } },
    },
    async (req) => e.list(actorOf(req), req.query) as never,
  );

  r.get(
    `${e.url}/export`,
    {
      config: { access: e.rule },
      schema: { querystring: ExportQuery },
    },
    async (req, reply) => {
      const { format, columns: requested, tz, ...query } = req.query;
      const columns = exportColumns(e.columns, Object.keys(e.row.shape), META_FIELDS, requested);
      const zone = tz ? checkZone(tz) : ((await e.zone?.(actorOf(req))) ?? 'UTC');
      // Validate the query before the first byte goes out: errors after that cannot change the status.
      const chunks = e.chunks(actorOf(req), query as ListQuery, EXPORT_KEYS);
      const iterator = chunks[Symbol.asyncIterator]();
      const first = await iterator.next();
      const all = (async function* () {
        if (!first.done) yield first.value as Record<string, unknown>[];
        for (let n = await iterator.next(); !n.done; n = await iterator.next())
          yield n.value as Record<string, unknown>[];
      })();
      return sendExport(reply, { format, fileBase: e.fileBase, title: e.title, columns, zone }, all);
    },
  );
}

/** Sends an export (any list, grid or table) as a download, streamed. */
export function sendExport(
  reply: FastifyReply,
  o: { format: ExportFormat; fileBase: string; title: string; columns: ExportColumn[]; zone: string },
  chunks: AsyncIterable<Record<string, unknown>[]>,
) {
  reply.header('content-type', CONTENT_TYPES[o.format]);
  reply.header('content-disposition', `attachment; filename="${exportFileName(o.fileBase, o.format)}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(
    o.format === 'csv' ? csvStream(o.columns, chunks, o.zone) : xlsxStream(o.title, o.columns, chunks, o.zone),
  );
}

/** `list` and `chunks` of a ListEndpoint for any ListSpec (lists that are not resources). */
export function specList<Raw, Row>(
  db: DbOrTx,
  spec: ListSpec,
  toRow: (raw: Raw) => Row,
): Pick<ListEndpoint<Row>, 'list' | 'chunks' | 'zone'> {
  return {
    zone: (actor) => accountZone(db, actor.accountId),
    async list(actor, query) {
      const r = await runList<Raw>(db, spec, actor, query);
      return { items: r.rows.map(toRow), total: r.total, page: r.page, pageSize: r.pageSize, next: r.next };
    },
    async *chunks(actor, query, extraKeys) {
      for await (const rows of listChunks<Raw>(db, spec, actor, query, extraKeys)) yield rows.map(toRow);
    },
  };
}
