import { foreignFilters } from './report-filters.repository';
import { resolveRange } from '../../../src/contract/report-range';
import {
  CHART_POINTS,
  PREVIEW_ROWS,
  MAX_REPORT_DAYS,
  linesOf,
  REPORT_FILTERS,
  REPORTS,
  reportById,
  undeclaredFilters,
  type PreviewPage,
  type ReportDeclaration,
  type ReportLine,
  type ReportRun,
} from '../../../src/contract/reports';
import { daysInRange, localDate } from '../../../src/contract/calendar';
import type { ReportRunParams } from '../../../src/contract/reports';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { accountZone } from '../../lib/resource/zone';
import { openRowCursor, type RowCursor } from '../../lib/row-cursor';
import { reportSettingsService } from './report-settings.service';
import { reportsRepository, type ReportQuery } from './reports.repository';
import type { ReportHeading } from './reports.pdf';
import { letterheadOf } from '../../lib/letterhead';
import { customSources, type CustomSource, type Viewer } from './custom-reports.source';
import { isCustomKey, type ReportId } from '../../../src/contract/report-keys';

type RunFacts = Omit<ReportRun, 'lines' | 'truncated' | 'page' | 'pageSize' | 'chart'>;

/**
 * An open run (ADR 058): its facts (period, row count) and its lines, read once from a cursor as they
 * are written — rows with their subtotals and the total, never the whole run in memory. Whoever opens a
 * run reads `lines` to the end or calls `close` (the cursor holds a connection).
 */
/** Rows fetched from the cursor at a time. */
const BATCH = 1000;

export interface ReportResult {
  decl: ReportDeclaration;
  run: RunFacts;
  lines: AsyncIterable<ReportLine>;
  close: () => Promise<void>;
  zone: string;
  query: ReportQuery;
  /** Runs another statement on the run's cursor connection (its heading, its chart; ADR 064). */
  exec: RowCursor['query'];
  /** The run's chart over all its rows, from a query of its own (the PDF draws it before the rows; ADR 064). */
  chart: () => Promise<ReportRun['chart']>;
}

/** A chart's points: `y` summed per `x` over every row of the run; null past `CHART_POINTS` points. */
function chartOf(decl: ReportDeclaration) {
  const c = decl.chart;
  if (!c) return null;
  const sums = new Map<string, number>();
  let tooMany = false;
  return {
    add(values: Record<string, unknown>) {
      if (tooMany) return;
      const x = values[c.x] === null || values[c.x] === undefined ? '(none)' : String(values[c.x]);
      // A line runs per day: a row that is not a day (the reconciliation's "Period" line per tank) is no point.
      if (c.kind === 'line' && !/^\d{4}-\d{2}-\d{2}$/.test(x)) return;
      if (!sums.has(x) && sums.size >= CHART_POINTS) {
        tooMany = true;
        return;
      }
      sums.set(x, (sums.get(x) ?? 0) + Number(values[c.y] ?? 0));
    },
    done(): ReportRun['chart'] {
      if (tooMany || !sums.size) return null;
      const title = (k: string) => decl.columns.find((col) => col.key === k)?.title ?? k;
      const points = [...sums].map(([x, y]) => ({ x, y: Math.round(y * 1000) / 1000 }));
      if (c.kind === 'line') points.sort((a, b) => (a.x < b.x ? -1 : a.x > b.x ? 1 : 0));
      return { kind: c.kind, x: title(c.x), y: title(c.y), points };
    },
  };
}

/**
 * Runs a standard report: resolves the period on the account's clock, runs the report's one
 * query, adds subtotals and the total. The preview and the files come from the same run.
 */
export function reportsService(db: DbOrTx, now: () => Date = () => new Date()) {
  const repo = reportsRepository(db);
  const settings = reportSettingsService(db);
  const custom = customSources(db);
  /** A report's declaration and its rows: a standard report the account offers, or a saved custom one (ADR 045). */
  const source = async (accountId: number, id: string, viewer?: Viewer) => {
    if (isCustomKey(id)) return custom.source(accountId, id, viewer);
    const decl = reportById(id);
    if (!decl) throw notFound(`There is no report "${id}".`);
    await settings.assertOffered(accountId, decl.id);
    return { decl, statement: (q: ReportQuery) => repo.statement(decl.id as ReportId, q) };
  };
  return {
    /**
     * The reports this user may run: the standard ones the account offers, under its names and with
     * its defaults (ADR 035), then the custom reports published to the user (ADR 045).
     */
    async catalog(accountId: number, viewer: Viewer) {
      const [standard, customs] = await Promise.all([settings.offered(accountId), custom.offered(accountId, viewer)]);
      return [
        ...standard.map(({ decl, title, defaults }) => ({
          id: decl.id,
          title,
          description: decl.description,
          group: decl.group,
          defaults,
        })),
        ...customs.map((d) => ({
          id: d.id,
          title: d.title,
          description: d.description,
          group: d.group,
          defaults: {},
          custom: {
            columns: d.columns.map((c) => ({ ...c })),
            sums: [...d.sums],
            filters: [...d.filters],
            subtotalBy: [...(d.subtotalBy ?? [])],
          },
        })),
      ];
    },

    /** Every report key of the account with its title (the history's and schedules' report filters, ADR 050). */
    async titles(accountId: number) {
      const [standard, customs] = await Promise.all([settings.offered(accountId), custom.titles(accountId)]);
      const named = new Map(standard.map((s) => [s.decl.id, s.title]));
      return [...REPORTS.map((d) => ({ id: d.id, title: named.get(d.id) ?? d.title, deleted: false })), ...customs];
    },

    /** 404 unless this user may run the report (a run is started only for what the user sees). */
    assertRunnable: async (accountId: number, id: string, viewer: Viewer) => void (await source(accountId, id, viewer)),

    /** Runs a report; `viewer` (absent for a schedule's occurrence) must be allowed a custom report. */
    async run(accountId: number, id: string, p: ReportRunParams, viewer?: Viewer): Promise<ReportResult> {
      return this.runOf(accountId, await source(accountId, id, viewer), p);
    },

    /** Runs a report's source: the period on the account's clock, its one query, subtotals and the total. */
    async runOf(accountId: number, src: CustomSource, p: ReportRunParams): Promise<ReportResult> {
      const { decl, statement } = src;
      const extra = undeclaredFilters(decl, p);
      if (extra) throw badRequest('The report parameters are not valid.', extra);
      const foreign = await foreignFilters(db, accountId, p);
      if (foreign) throw badRequest('The report parameters are not valid.', foreign);
      const zone = await accountZone(db, accountId);
      const at = now();
      const range = resolveRange(p.range, at, zone, p.from && p.to ? { from: p.from, to: p.to } : undefined);
      if (decl.period === 'range' && daysInRange(range.from, range.to) > MAX_REPORT_DAYS)
        throw badRequest(`A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period.`, {
          to: [`At most ${MAX_REPORT_DAYS} days after From`],
        });
      const filters = Object.fromEntries(
        REPORT_FILTERS.filter((f) => decl.filters.includes(f) && p[f]).map((f) => [f, p[f]!]),
      );
      const q: ReportQuery = { accountId, ...range, days: p.days, today: localDate(at, zone), zone, filters };
      const cursor = await openRowCursor(db, statement(q));
      const chart = async () => {
        const c = decl.chart;
        if (!c || !cursor.count) return null;
        const points = chartOf(decl)!;
        // On the cursor's connection: a second one from the pool could wait for ever when every connection
        // holds a run's cursor.
        for (const r of await cursor.query(repo.chartSums(statement(q), c.x, c.y, CHART_POINTS + 1)))
          points.add({ [c.x]: r.x, [c.y]: r.y });
        return points.done();
      };
      return {
        decl,
        zone,
        query: q,
        exec: cursor.query,
        chart,
        lines: linesOf(decl, cursor.batches(BATCH)),
        close: cursor.close,
        run: {
          report: decl.id,
          title: decl.title,
          from: decl.period === 'range' ? range.from : null,
          to: decl.period === 'range' ? range.to : null,
          generatedAt: at.toISOString(),
          rowCount: cursor.count,
        },
      };
    },

    /**
     * The PDF's heading: the letterhead's name and lines (legal name and numbers, contact; ADR 080), the
     * logo file, the account's currency and the run's parameters in words.
     */
    async heading(r: ReportResult): Promise<ReportHeading & { logoFile: string | null }> {
      const h = await repo.heading(r.query.accountId, r.query.filters, r.exec);
      const period =
        r.decl.period === 'range'
          ? `${r.query.from} to ${r.query.to} (each store's local days)`
          : `Not fuelled for ${r.query.days} days up to ${r.query.today}`;
      const filters = [
        h.store && `Store ${h.store}`,
        h.product && `Product ${h.product}`,
        h.costCentre && `Cost centre ${h.costCentre}`,
        h.tank && `Tank ${h.tank}`,
        h.equipment && `Equipment ${h.equipment}`,
        h.employee && `Employee ${h.employee}`,
      ].filter(Boolean);
      const lh = letterheadOf(h.accountName, h.card);
      return {
        account: lh.name,
        letterhead: [[lh.legalName, lh.ids].filter(Boolean).join(' · '), lh.contact].filter(Boolean),
        currency: h.currency,
        parameters: [period, ...filters].join(' · '),
        logoFile: h.logoFile,
      };
    },

    /**
     * The preview's page (ADR 058): the run is read to its end (the total and the chart are the whole
     * run's) keeping only the page's rows, the subtotals that close on the page, and the total.
     */
    async preview(r: ReportResult, { page, size }: PreviewPage = { page: 1, size: PREVIEW_ROWS }): Promise<ReportRun> {
      const first = (page - 1) * size;
      const chart = chartOf(r.decl);
      const lines: ReportLine[] = [];
      let rows = 0;
      try {
        for await (const l of r.lines) {
          if (l.kind === 'row') {
            rows++;
            chart?.add(l.values);
          }
          // A subtotal belongs to the page of the row it follows.
          if (l.kind === 'total' || (rows > first && rows <= first + size)) lines.push(l);
        }
      } finally {
        await r.close();
      }
      const shown = Math.max(0, Math.min(size, r.run.rowCount - first));
      return {
        ...r.run,
        truncated: shown < r.run.rowCount,
        page,
        pageSize: size,
        lines,
        chart: chart?.done() ?? null,
      };
    },
  };
}
