import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import { ExportFormat, ListQuery } from '../../../src/contract/list';
import {
  AllocationUsageRow,
  DispenseDetail,
  DispenseRecordRow,
  PivotQuery,
  PivotResult,
  RECORD_LISTS,
  ReceiptDetail,
  ReceiptRecordRow,
  RecordTotals,
  TransferDetail,
  TransferRecordRow,
} from '../../../src/contract/records';
import { CorrectionInput, CorrectionResult, ReverseInput } from '../../../src/contract/record-corrections';
import { RECORD_COLUMNS } from '../../../src/contract/record-columns';
import { screenFor } from '../../../src/contract/screens';
import { badRequest, fieldErrorsOf } from '../../lib/errors';
import { actorOf, registerListRoutes, specList, type ListSpec } from '../../lib/resource';
import { plainColumn, type ExportColumn } from '../../lib/resource/export';
import { sendExport } from '../../lib/resource/list-routes';
import { decimalsOf, type ColumnKind } from '../../../src/contract/columns';
import { allocationUsage } from './allocation-usage.list';
import { correctionService } from './correction.service';
import { pivotService, pivotTable } from './pivot.service';
import { RECORD_KINDS, recordsService, type RecordKind } from './records.service';
import type { ModuleDeps } from '../deps';

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
export function recordsRoutes(app: FastifyInstance, { database }: ModuleDeps) {
  const db = database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const records = recordsService(db);

  for (const kind of Object.keys(ROWS) as RecordKind[]) {
    const info = RECORD_LISTS[kind];
    const rule = ruleOf(info.screen);
    const url = `${API_ROOT}${info.path}`;
    registerListRoutes(app, {
      url,
      rule,
      row: ROWS[kind],
      fileBase: info.path.split('/').pop()!,
      title: info.title,
      columns: RECORD_COLUMNS[kind],
      ...specList<unknown, unknown>(
        db,
        RECORD_KINDS[kind].spec as ListSpec,
        RECORD_KINDS[kind].toRow as (r: unknown) => unknown,
      ),
    });
    r.get(
      `${url}/totals`,
      { config: { access: rule }, schema: { querystring: ListQuery, response: { 200: RecordTotals } } },
      async (req) => records.totals(kind, actorOf(req), req.query),
    );
    r.get(
      `${url}/:id`,
      { config: { access: rule }, schema: { params: IdParams, response: { 200: DETAILS[kind] } } },
      async (req) => records.detail(kind, actorOf(req), req.params.id) as never,
    );
  }

  const usage = RECORD_LISTS.allocations;
  registerListRoutes(app, {
    url: `${API_ROOT}${usage.path}`,
    rule: ruleOf(usage.screen),
    row: AllocationUsageRow,
    fileBase: 'allocation-usage',
    title: usage.title,
    columns: RECORD_COLUMNS.allocations,
    ...allocationUsage(db),
  });

  // Corrections are made on /FiltersDispensing, so they follow its rule.
  const correct = correctionService(database);
  const editRule = ruleOf(RECORD_LISTS.dispenses.screen);
  r.post(
    `${API_ROOT}/dispenses/:id/correct`,
    {
      config: { access: editRule },
      schema: { params: IdParams, body: CorrectionInput, response: { 201: CorrectionResult } },
    },
    async (req, reply) => reply.code(201).send(await correct.correct(req.auth, req.params.id, req.body)),
  );
  r.post(
    `${API_ROOT}/dispenses/:id/reverse`,
    {
      config: { access: editRule },
      schema: { params: IdParams, body: ReverseInput, response: { 201: CorrectionResult } },
    },
    async (req, reply) => reply.code(201).send(await correct.reverse(req.auth, req.params.id, req.body.reason)),
  );

  const pivot = pivotService(db);
  const pivotRule = ruleOf('/QuickPivot');
  r.get(
    `${API_ROOT}/records/pivot`,
    { config: { access: pivotRule }, schema: { querystring: PivotQuery, response: { 200: PivotResult } } },
    async (req) => pivot.pivot(req.auth.accountId, req.query),
  );
  r.get(
    `${API_ROOT}/records/pivot/export`,
    {
      config: { access: pivotRule },
      schema: { querystring: z.looseObject({ format: ExportFormat }) },
    },
    async (req, reply) => {
      const { format, ...rest } = req.query as { format: 'csv' | 'xlsx' } & Record<string, unknown>;
      const q = PivotQuery.safeParse(rest);
      if (!q.success) {
        const fields = fieldErrorsOf(q.error.issues);
        throw badRequest('The pivot query is not valid.', fields);
      }
      const result = await pivot.pivot(req.auth.accountId, q.data);
      const table = pivotTable(result);
      const chunks = (async function* () {
        yield table.rows;
      })();
      // Every figure of a measure with the same fixed decimals (litres 3, money 2, counts 0).
      const kind = ({ litres: 'litres', cost: 'money', count: 'number' } as const)[result.measure];
      const columns = table.columns.map((c, i) =>
        i === 0 ? plainColumn(c, c, 'text') : plainColumn(c, c, kind, kind === 'number' ? 0 : undefined),
      );
      const decimals = (c: ExportColumn) => c.decimals ?? decimalsOf({ kind: c.kind as ColumnKind });
      return sendExport(
        reply,
        {
          format,
          fileBase: 'pivot',
          title: 'Pivot',
          columns: columns.map((c) => ({ ...c, decimals: decimals(c) })),
          zone: 'UTC',
        },
        chunks,
      );
    },
  );
}
