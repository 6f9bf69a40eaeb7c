import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import { ExportFormat, ListQuery } from '../../../src/contract/list';
import {
  AllocationUsageRow, CorrectionInput, CorrectionResult, DispenseDetail, DispenseRecordRow, PivotQuery, PivotResult, RECORD_LISTS,
  ReceiptDetail, ReceiptRecordRow, RecordTotals, ReverseInput, TransferDetail, TransferRecordRow,
} from '../../../src/contract/records';
import { screenFor } from '../../../src/contract/screens';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { actorOf, registerListRoutes, specList, type ListSpec } from '../../lib/resource';
import { CONTENT_TYPES, csvStream, exportFileName, xlsxStream } from '../../lib/resource/export';
import { allocationUsage } from './allocation-usage.list';
import { correctionService } from './correction.service';
import { pivotService, pivotTable } from './pivot.service';
import { RECORD_KINDS, recordsService, type RecordKind } from './records.service';

const ruleOf = (screen: string) => {
  const s = screenFor(screen);
  if (!s) throw new Error(`No screen ${screen} in src/contract/screens.ts`);
  return s.rule;
};
const IdParams = z.object({ id: z.uuid('Not a record id') });

const ROWS = { dispenses: DispenseRecordRow, receipts: ReceiptRecordRow, transfers: TransferRecordRow } as const;
const DETAILS = { dispenses: DispenseDetail, receipts: ReceiptDetail, transfers: TransferDetail } as const;

/**
 * The record screens' endpoints (src/contract/records.ts). Each list is the one list protocol with
 * export (`registerListRoutes`), plus `/totals` and `/:id`; every read is scoped to the token's
 * account by the list specs; rules are the screens'.
 */
export function recordsRoutes(app: FastifyInstance, database: Database) {
  const db = database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const records = recordsService(db);

  for (const kind of Object.keys(ROWS) as RecordKind[]) {
    const info = RECORD_LISTS[kind];
    const rule = ruleOf(info.screen);
    const url = `${API_ROOT}${info.path}`;
    registerListRoutes(app, {
      url, rule, row: ROWS[kind], fileBase: info.path.split('/').pop()!, title: info.title,
      ...specList<unknown, unknown>(db, RECORD_KINDS[kind].spec as ListSpec, RECORD_KINDS[kind].toRow as (r: unknown) => unknown),
    });
    r.get(`${url}/totals`, { config: { access: rule }, schema: { querystring: ListQuery, response: { 200: RecordTotals } } },
      async (req) => records.totals(kind, actorOf(req), req.query));
    r.get(`${url}/:id`, { config: { access: rule }, schema: { params: IdParams, response: { 200: DETAILS[kind] } } },
      async (req) => records.detail(kind, actorOf(req), req.params.id) as never);
  }

  const usage = RECORD_LISTS.allocations;
  registerListRoutes(app, {
    url: `${API_ROOT}${usage.path}`, rule: ruleOf(usage.screen), row: AllocationUsageRow, fileBase: 'allocation-usage', title: usage.title,
    ...allocationUsage(db),
  });

  // Corrections are made on /FiltersDispensing, so they follow its rule.
  const correct = correctionService(database);
  const editRule = ruleOf(RECORD_LISTS.dispenses.screen);
  r.post(`${API_ROOT}/dispenses/:id/correct`, {
    config: { access: editRule }, schema: { params: IdParams, body: CorrectionInput, response: { 201: CorrectionResult } },
  }, async (req, reply) => reply.code(201).send(await correct.correct(req.auth, req.params.id, req.body)));
  r.post(`${API_ROOT}/dispenses/:id/reverse`, {
    config: { access: editRule }, schema: { params: IdParams, body: ReverseInput, response: { 201: CorrectionResult } },
  }, async (req, reply) => reply.code(201).send(await correct.reverse(req.auth, req.params.id, req.body.reason)));

  const pivot = pivotService(db);
  const pivotRule = ruleOf('/QuickPivot');
  r.get(`${API_ROOT}/records/pivot`, { config: { access: pivotRule }, schema: { querystring: PivotQuery, response: { 200: PivotResult } } },
    async (req) => pivot.pivot(req.auth.accountId, req.query));
  r.get(`${API_ROOT}/records/pivot/export`, {
    config: { access: pivotRule }, schema: { querystring: z.looseObject({ format: ExportFormat }) },
  }, async (req, reply) => {
    const { format, ...rest } = req.query as { format: 'csv' | 'xlsx' } & Record<string, unknown>;
    const q = PivotQuery.safeParse(rest);
    if (!q.success) {
      const fields: Record<string, string[]> = {};
      for (const i of q.error.issues) (fields[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
      throw badRequest('The pivot query is not valid.', fields);
    }
    const table = pivotTable(await pivot.pivot(req.auth.accountId, q.data));
    const chunks = (async function* () { yield table.rows; })();
    reply.header('content-type', CONTENT_TYPES[format]);
    reply.header('content-disposition', `attachment; filename="${exportFileName('pivot', format)}"`);
    reply.header('cache-control', 'no-store');
    return reply.send(format === 'csv' ? csvStream(table.columns, chunks) : xlsxStream('Pivot', table.columns, chunks));
  });
}
