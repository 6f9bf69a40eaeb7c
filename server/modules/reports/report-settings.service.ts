import { REPORTS, reportById, type StandardReport } from '../../../src/contract/report-catalog';
import type {
  CatalogueRow,
  CatalogueUpdate,
  ReportDefaults,
  ReportSettingRow,
  ReportSettingUpdate,
} from '../../../src/contract/report-settings';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { reportSettingsRepository, type Setting } from './report-settings.repository';

/**
 * The two layers over the standard reports (ADR 035): the global catalogue (which account types
 * may see each report) and the account's own settings (hidden, display name, default parameters).
 * `offered` is what `/ReportList` and every run honour: a report the account may not see does not
 * exist for it (404), like another account's row.
 */
export function reportSettingsService(db: DbOrTx) {
  const repo = reportSettingsRepository(db);
  const enabledFor = async (accountId: number): Promise<Set<string>> => {
    const off = await repo.disabledFor(accountId);
    return new Set(REPORTS.map((r) => r.id).filter((id) => !off.has(id)));
  };
  const settingsOf = (accountId: number) => repo.settingsOf(accountId);
  const rowOf = (d: StandardReport, s: Setting | undefined): ReportSettingRow => ({
    report: d.id,
    title: d.title,
    group: d.group,
    hidden: s?.hidden ?? false,
    displayName: s?.displayName ?? null,
    defaults: s?.defaults ?? {},
  });

  return {
    /** The reports the account's users may run, with the account's names and defaults. */
    async offered(accountId: number) {
      const [enabled, settings] = await Promise.all([enabledFor(accountId), settingsOf(accountId)]);
      return REPORTS.filter((d) => enabled.has(d.id) && !settings.get(d.id)?.hidden).map((d) => {
        const s = settings.get(d.id);
        return { decl: d, title: s?.displayName || d.title, defaults: s?.defaults ?? {} };
      });
    },

    /** 404 unless the account's users may run this report. */
    async assertOffered(accountId: number, id: string) {
      const offered = await this.offered(accountId);
      if (!offered.some((o) => o.decl.id === id)) throw notFound(`There is no report "${id}".`);
    },

    /** `/StandardReportListBold`: every report the account's type may see, with its settings. */
    async list(accountId: number): Promise<ReportSettingRow[]> {
      const [enabled, settings] = await Promise.all([enabledFor(accountId), settingsOf(accountId)]);
      return REPORTS.filter((d) => enabled.has(d.id)).map((d) => rowOf(d, settings.get(d.id)));
    },

    async update(actor: { accountId: number; userId: number }, id: string, input: ReportSettingUpdate) {
      const d = reportById(id);
      if (!d || !(await enabledFor(actor.accountId)).has(d.id)) throw notFound(`There is no report "${id}".`);
      const before = (await settingsOf(actor.accountId)).get(d.id);
      const after: Setting = {
        report: d.id,
        hidden: input.hidden,
        displayName: input.displayName ?? null,
        defaults: (input.defaults ?? {}) as ReportDefaults,
      };
      await repo.saveSetting(actor.accountId, actor.userId, after);
      await audit(db, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: 'update',
        entity: 'report_setting',
        before: before ?? null,
        after,
      });
      return rowOf(d, after);
    },

    /** `/StandardReportAdminList`: the global catalogue and the account types in use. */
    async catalogue(): Promise<{ reports: CatalogueRow[]; accountTypes: string[] }> {
      const [by, accountTypes] = await Promise.all([repo.catalogue(), repo.accountTypes()]);
      return {
        reports: REPORTS.map((d) => ({
          report: d.id,
          title: d.title,
          group: d.group,
          accountTypes: by.get(d.id) ?? null,
        })),
        accountTypes,
      };
    },

    async setCatalogue(actor: { accountId: number; userId: number }, id: string, input: CatalogueUpdate) {
      const d = reportById(id);
      if (!d) throw notFound(`There is no report "${id}".`);
      const types = input.accountTypes === null ? null : [...new Set(input.accountTypes)].sort();
      const before = (await this.catalogue()).reports.find((r) => r.report === d.id)!;
      await repo.saveCatalogue(d.id, types, actor.userId);
      const after = { report: d.id, title: d.title, group: d.group, accountTypes: types };
      await audit(db, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: 'update',
        entity: 'report_catalogue',
        before,
        after,
      });
      return after;
    },
  };
}
