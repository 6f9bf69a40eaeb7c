import { sql } from 'drizzle-orm';
import { REPORTS, reportById, type ReportDeclaration } from '../../../src/contract/report-catalog';
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

type Setting = {
  report: string;
  hidden: boolean;
  displayName: string | null;
  defaults: ReportDefaults;
};

/**
 * The two layers over the standard reports (ADR 035): the global catalogue (which account types
 * may see each report) and the account's own settings (hidden, display name, default parameters).
 * `offered` is what `/ReportList` and every run honour: a report the account may not see does not
 * exist for it (404), like another account's row.
 */
export function reportSettingsService(db: DbOrTx) {
  const enabledFor = async (accountId: number): Promise<Set<string>> => {
    const res = await db.execute<{ report: string; allowed: boolean }>(sql`
      select c.report_id as report, c.account_types is null or a.type = any(c.account_types) as allowed
      from report_catalogue c, accounts a where a.id = ${accountId}`);
    const off = new Set(res.rows.filter((r) => !r.allowed).map((r) => r.report));
    return new Set(REPORTS.map((r) => r.id).filter((id) => !off.has(id)));
  };
  const settingsOf = async (accountId: number): Promise<Map<string, Setting>> => {
    const res = await db.execute<Setting>(sql`
      select report_id as report, hidden, display_name as "displayName", defaults
      from report_settings where account_id = ${accountId}`);
    return new Map(res.rows.map((r) => [r.report, r]));
  };
  const rowOf = (d: ReportDeclaration, s: Setting | undefined): ReportSettingRow => ({
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
      const after = {
        report: d.id,
        hidden: input.hidden,
        displayName: input.displayName ?? null,
        defaults: (input.defaults ?? {}) as ReportDefaults,
      };
      await db.execute(sql`
        insert into report_settings (account_id, report_id, hidden, display_name, defaults, updated_by)
        values (${actor.accountId}, ${d.id}, ${after.hidden}, ${after.displayName}, ${JSON.stringify(after.defaults)}::jsonb, ${actor.userId})
        on conflict (account_id, report_id) do update set hidden = excluded.hidden,
          display_name = excluded.display_name, defaults = excluded.defaults,
          updated_by = excluded.updated_by, updated_at = now()`);
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
      const res = await db.execute<{ report: string; accountTypes: string[] | null }>(
        sql`select report_id as report, account_types as "accountTypes" from report_catalogue`,
      );
      const types = await db.execute<{ type: string }>(sql`select distinct type from accounts order by type`);
      const by = new Map(res.rows.map((r) => [r.report, r.accountTypes]));
      return {
        reports: REPORTS.map((d) => ({
          report: d.id,
          title: d.title,
          group: d.group,
          accountTypes: by.get(d.id) ?? null,
        })),
        accountTypes: types.rows.map((t) => t.type),
      };
    },

    async setCatalogue(actor: { accountId: number; userId: number }, id: string, input: CatalogueUpdate) {
      const d = reportById(id);
      if (!d) throw notFound(`There is no report "${id}".`);
      const types = input.accountTypes === null ? null : [...new Set(input.accountTypes)].sort();
      const before = (await this.catalogue()).reports.find((r) => r.report === d.id)!;
      await db.execute(sql`
        insert into report_catalogue (report_id, account_types, updated_by)
        values (${d.id}, ${
          types === null
            ? sql`null`
            : sql`array[${sql.join(
                types.map((t) => sql`${t}`),
                sql`, `,
              )}]::text[]`
        }, ${actor.userId})
        on conflict (report_id) do update set account_types = excluded.account_types,
          updated_by = excluded.updated_by, updated_at = now()`);
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
