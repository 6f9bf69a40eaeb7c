import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import type { ExportFormat } from '../../../src/contract/list';
import {
  CalendarExportQuery,
  CalendarQuery,
  CalendarResponse,
  DayQuery,
  DayResponse,
  GpsQuery,
  GpsResponse,
  MapConfig,
  SeriesExportQuery,
  SeriesQuery,
  SeriesResponse,
  seriesRows,
  VIEWS_PATHS,
} from '../../../src/contract/views';
import { registerListRoutes } from '../../lib/resource';
import { plainColumn, type ExportColumn } from '../../lib/resource/export';
import { sendExport } from '../../lib/resource/list-routes';
import { screenRules } from '../setup/rules';
import { dayRecordsEndpoint } from './day-records.list';
import { gpsRecordsEndpoint } from './gps-records.list';
import { viewsService } from './views.service';
import type { ModuleDeps } from '../deps';

/** Sends figures as a CSV or XLSX file (the same writers as every list export). */
function sendFile(
  reply: FastifyReply,
  format: ExportFormat,
  base: string,
  title: string,
  columns: ExportColumn[],
  rows: Record<string, unknown>[],
) {
  const chunks = (async function* () {
    yield rows;
  })();
  // Buckets and days are store-local calendar days already; no instant is written.
  return sendExport(reply, { format, fileBase: base, title, columns, zone: 'UTC' }, chunks);
}

const CALENDAR_COLUMNS: ExportColumn[] = [
  plainColumn('date', 'Day', 'date'),
  plainColumn('dispensed', 'Dispensed (L)', 'litres', 3),
  plainColumn('received', 'Received (L)', 'litres', 3),
  plainColumn('transferredOut', 'Transferred out (L)', 'litres', 3),
  plainColumn('transferredIn', 'Transferred in (L)', 'litres', 3),
  plainColumn('dispenses', 'Dispenses', 'number', 0),
  plainColumn('receipts', 'Receipts', 'number', 0),
  plainColumn('transfers', 'Transfers', 'number', 0),
];
const SERIES_COLUMNS: ExportColumn[] = [
  plainColumn('metric', 'Figure', 'text'),
  plainColumn('bucket', 'Period', 'text'),
  plainColumn('group', 'Group', 'text'),
  plainColumn('groupId', 'Group id', 'text'),
  plainColumn('litres', 'Litres', 'litres', 3),
  plainColumn('count', 'Records', 'number', 0),
];

/**
 * Quick views and GPS. Reading follows each screen's rule (src/contract/screens.ts): charts and
 * calendar `quickReportViewers`, GPS `editor`. Every query is scoped to the token's account.
 */
export function viewsRoutes(app: FastifyInstance, { db, map }: ModuleDeps) {
  const svc = viewsService(db, map);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const chart = screenRules('/QuickChartView').read;
  const calendar = screenRules('/QuickCalendarView').read;
  const gps = screenRules('/QuickViewGPSInformation').read;
  const url = (p: string) => `${API_ROOT}${p}`;

  r.get(
    url(VIEWS_PATHS.series),
    { config: { access: chart }, schema: { querystring: SeriesQuery, response: { 200: SeriesResponse } } },
    async (req) => svc.series(req.auth.accountId, req.query),
  );

  r.get(
    url(`${VIEWS_PATHS.series}/export`),
    { config: { access: chart }, schema: { querystring: SeriesExportQuery } },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const res = await svc.series(req.auth.accountId, q);
      const rows = seriesRows(res).map((x) => ({ metric: res.metric, ...x }));
      return sendFile(reply, format, `chart-${res.metric}`, `Chart ${res.metric}`, SERIES_COLUMNS, rows);
    },
  );

  r.get(
    url(VIEWS_PATHS.calendar),
    { config: { access: calendar }, schema: { querystring: CalendarQuery, response: { 200: CalendarResponse } } },
    async (req) => svc.calendar(req.auth.accountId, req.query),
  );

  r.get(
    url(`${VIEWS_PATHS.calendar}/export`),
    { config: { access: calendar }, schema: { querystring: CalendarExportQuery } },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const res = await svc.calendar(req.auth.accountId, q);
      return sendFile(reply, format, `calendar-${res.month}`, `Calendar ${res.month}`, CALENDAR_COLUMNS, res.days);
    },
  );

  r.get(
    url(VIEWS_PATHS.day),
    { config: { access: calendar }, schema: { querystring: DayQuery, response: { 200: DayResponse } } },
    async (req) => svc.day(req.auth.accountId, req.query),
  );
  registerListRoutes(app, dayRecordsEndpoint(db));

  r.get(
    url(VIEWS_PATHS.gps),
    { config: { access: gps }, schema: { querystring: GpsQuery, response: { 200: GpsResponse } } },
    async (req) => svc.gps(req.auth.accountId, req.query),
  );
  registerListRoutes(app, gpsRecordsEndpoint(db));

  r.get(url(VIEWS_PATHS.map), { config: { access: gps }, schema: { response: { 200: MapConfig } } }, async (req) =>
    svc.mapConfig(req.auth.accountId),
  );
}
