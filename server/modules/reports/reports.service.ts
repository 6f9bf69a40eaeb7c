import { resolveRange } from '../../../src/contract/report-range';
import {
  PREVIEW_ROWS,
  MAX_REPORT_DAYS,
  REPORT_FILTERS,
  REPORTS,
  reportById,
  undeclaredFilters,
  withTotals,
  type ReportDeclaration,
  type ReportLine,
  type ReportRun,
} from '../../../src/contract/reports';
import { daysInRange, localDate } from '../../../src/contract/calendar';
import type { ReportRunParams } from '../../../src/contract/reports';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { accountZone } from '../../lib/resource/zone';
import { reportSettingsService } from './report-settings.service';
import { reportsRepository, type ReportQuery } from './reports.repository';
import { customSources, type CustomSource, type Viewer } from './custom-reports.source';
import { isCustomKey, type ReportId } from '../../../src/contract/report-keys';

export interface ReportResult {
  decl: ReportDeclaration;
  run: Omit<ReportRun, 'lines' | 'truncated'>;
  lines: ReportLine[];
  zone: string;
  query: ReportQuery;
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
    return { decl, rows: (q: ReportQuery) => repo.rows(decl.id as ReportId, q) };
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
      const { decl, rows: rowsOf } = src;
      const extra = undeclaredFilters(decl, p);
      if (extra) throw badRequest('The report parameters are not valid.', extra);
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
      const rows = await rowsOf(q);
      return {
        decl,
        zone,
        query: q,
        lines: withTotals(decl, rows),
        run: {
          report: decl.id,
          title: decl.title,
          from: decl.period === 'range' ? range.from : null,
          to: decl.period === 'range' ? range.to : null,
          generatedAt: at.toISOString(),
          rowCount: rows.length,
        },
      };
    },

    /** The account's company name, logo file and the run's parameters in words, for the PDF's heading. */
    async heading(r: ReportResult): Promise<{ account: string; parameters: string; logoFile: string | null }> {
      const h = await repo.heading(r.query.accountId, r.query.filters);
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
      return { account: h.account, parameters: [period, ...filters].join(' · '), logoFile: h.logoFile };
    },

    /** The preview: the first rows, their subtotals and the run's total. */
    preview(r: ReportResult): ReportRun {
      let rows = 0;
      const lines = r.lines.filter((l) => l.kind === 'total' || (l.kind === 'row' ? ++rows : rows) <= PREVIEW_ROWS);
      return { ...r.run, truncated: r.run.rowCount > PREVIEW_ROWS, lines };
    },
  };
}
