import { sql } from 'drizzle-orm';
import type { ReportDefaults } from '../../../src/contract/report-settings';
import type { DbOrTx } from '../../db/client';

export type Setting = {
  report: string;
  hidden: boolean;
  displayName: string | null;
  defaults: ReportDefaults;
};

/** The report catalogue's and the accounts' report settings' queries (ADR 035). */
export function reportSettingsRepository(db: DbOrTx) {
  return {
    /** Reports the catalogue turns off for the account's type. */
    async disabledFor(accountId: number): Promise<Set<string>> {
      const res = await db.execute<{ report: string; allowed: boolean }>(sql`
        select c.report_id as report, c.account_types is null or a.type = any(c.account_types) as allowed
        from report_catalogue c, accounts a where a.id = ${accountId}`);
      return new Set(res.rows.filter((r) => !r.allowed).map((r) => r.report));
    },

    async settingsOf(accountId: number): Promise<Map<string, Setting>> {
      const res = await db.execute<Setting>(sql`
        select report_id as report, hidden, display_name as "displayName", defaults
        from report_settings where account_id = ${accountId}`);
      return new Map(res.rows.map((r) => [r.report, r]));
    },

    async saveSetting(accountId: number, userId: number, s: Setting) {
      await db.execute(sql`
        insert into report_settings (account_id, report_id, hidden, display_name, defaults, updated_by)
        values (${accountId}, ${s.report}, ${s.hidden}, ${s.displayName}, ${JSON.stringify(s.defaults)}::jsonb, ${userId})
        on conflict (account_id, report_id) do update set hidden = excluded.hidden,
          display_name = excluded.display_name, defaults = excluded.defaults,
          updated_by = excluded.updated_by, updated_at = now()`);
    },

    /** The catalogue's account types per report (null: every type). */
    async catalogue(): Promise<Map<string, string[] | null>> {
      const res = await db.execute<{ report: string; accountTypes: string[] | null }>(
        sql`select report_id as report, account_types as "accountTypes" from report_catalogue`,
      );
      return new Map(res.rows.map((r) => [r.report, r.accountTypes]));
    },

    async accountTypes(): Promise<string[]> {
      const res = await db.execute<{ type: string }>(sql`select distinct type from accounts order by type`);
      return res.rows.map((t) => t.type);
    },

    async saveCatalogue(reportId: string, types: string[] | null, userId: number) {
      const value =
        types === null
          ? sql`null`
          : sql`array[${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )}]::text[]`;
      await db.execute(sql`
        insert into report_catalogue (report_id, account_types, updated_by) values (${reportId}, ${value}, ${userId})
        on conflict (report_id) do update set account_types = excluded.account_types,
          updated_by = excluded.updated_by, updated_at = now()`);
    },
  };
}
