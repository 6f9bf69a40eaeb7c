import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BALANCING_PATH,
  DAILY_COLUMNS,
  DailyExportQuery,
  DailyQuery,
  DailyResponse,
  MONTHLY_COLUMNS,
  MonthlyExportQuery,
  MonthlyQuery,
  MonthlyResponse,
  RecordsQuery,
  RecordsResponse,
} from '../../../src/contract/balancing';
import { API_ROOT } from '../../../src/contract/constants';
import { LEAK_PATH, LeakQuery, LeakResponse } from '../../../src/contract/leak-test';
import type { ExportFormat } from '../../../src/contract/list';
import { fromSpec } from '../../lib/resource/export';
import { sendExport } from '../../lib/resource/list-routes';
import type { ColumnSpec } from '../../../src/contract/columns';
import { balancingService } from './balancing.service';
import type { ModuleDeps } from '../deps';

const RULE = 'quickReportViewers' as const;
const base = `${API_ROOT}${BALANCING_PATH}`;

/** One chunk through the same CSV/XLSX writers every list export uses. */
function sendFile(
  reply: FastifyReply,
  stem: string,
  title: string,
  format: ExportFormat,
  columns: readonly ColumnSpec[],
  rows: Record<string, unknown>[],
) {
  const chunks = (async function* () {
    yield rows;
  })();
  // Days are calendar days of each store; no instant is written, so the zone does not matter.
  return sendExport(reply, { format, fileBase: stem, title, columns: columns.flatMap(fromSpec), zone: 'UTC' }, chunks);
}

/** `/QuickBalancing`'s endpoints: month roll-up, daily figures, the records behind a figure, exports. */
export function balancingRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = balancingService(db);

  r.get(
    `${base}/monthly`,
    {
      config: { access: RULE },
      schema: { querystring: MonthlyQuery, response: { 200: MonthlyResponse } },
    },
    async (req) => svc.monthly(req.auth.accountId, req.query),
  );

  r.get(
    `${base}/daily`,
    {
      config: { access: RULE },
      schema: { querystring: DailyQuery, response: { 200: DailyResponse } },
    },
    async (req) => svc.daily(req.auth.accountId, req.query),
  );

  r.get(
    `${API_ROOT}${LEAK_PATH}`,
    {
      config: { access: RULE },
      schema: { querystring: LeakQuery, response: { 200: LeakResponse } },
    },
    async (req) => svc.leakTests(req.auth.accountId, req.query),
  );

  r.get(
    `${base}/records`,
    {
      config: { access: RULE },
      schema: { querystring: RecordsQuery, response: { 200: RecordsResponse } },
    },
    async (req) => svc.records(req.auth.accountId, req.query),
  );

  r.get(
    `${base}/monthly/export`,
    {
      config: { access: RULE },
      schema: { querystring: MonthlyExportQuery },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const m = await svc.monthly(req.auth.accountId, q);
      return sendFile(reply, `balancing-${q.month}`, `Balancing ${q.month}`, format, MONTHLY_COLUMNS, m.rows);
    },
  );

  r.get(
    `${base}/daily/export`,
    {
      config: { access: RULE },
      schema: { querystring: DailyExportQuery },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const d = await svc.daily(req.auth.accountId, q);
      const rows = d.tanks.flatMap((t) =>
        t.days.map((day) => ({
          storeCode: t.storeCode,
          storeName: t.storeName,
          tankCode: t.tankCode,
          tankName: t.tankName,
          ...day,
        })),
      );
      return sendFile(
        reply,
        `balancing-daily-${q.from}-${q.to}`,
        `Balancing ${q.from} to ${q.to}`,
        format,
        DAILY_COLUMNS,
        rows,
      );
    },
  );
}
