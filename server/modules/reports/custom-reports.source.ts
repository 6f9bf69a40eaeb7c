import {
  CustomReportDeclaration,
  customReportDeclaration,
  mayRunCustom,
  DRAFT_ID,
} from '../../../src/contract/custom-reports';
import { customIdOf, customKeyOf, isCustomKey } from '../../../src/contract/report-keys';
import type { SQL } from 'drizzle-orm';
import type { ReportDeclaration } from '../../../src/contract/report-catalog';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { customReportSql } from '../bi/custom-report.sql';
import { customReportsRepository, type SavedCustomReport } from './custom-reports.repository';
import type { ReportQuery } from './reports.repository';

/** The user a run is for; absent for a scheduled occurrence (checked when the schedule was written). */
export interface Viewer {
  userId: number;
  roles: readonly string[];
}

/** A report's declaration and its one statement (its rows are read through a cursor, ADR 058). */
export interface CustomSource {
  decl: ReportDeclaration;
  statement: (q: ReportQuery) => SQL;
}

const statementOf = (accountId: number, d: CustomReportDeclaration) => (q: ReportQuery) =>
  customReportSql(d, { accountId, from: q.from, to: q.to, filters: q.filters });

const ownerOf = (r: SavedCustomReport) => ({ ownerId: r.createdBy, published: r.published, roles: r.roles });

/** The saved declaration as the contract parses it (a dataset's field list may have changed since). */
const declarationOf = (r: SavedCustomReport) =>
  CustomReportDeclaration.safeParse({
    title: r.title,
    description: r.description,
    dataset: r.dataset,
    ...r.declaration,
  });

/**
 * Saved custom reports as sources of the one report engine (ADR 045): `custom:<id>` → its report
 * declaration and its one statement (`customReportSql`: whitelisted fields, bound values, the account
 * and the store-local period always applied). `accountId` is the runner's account: a report published to
 * it by another account (ADR 064) runs over this account's rows only, never its author's. A report that is
 * missing, deleted, of another account and not published to this one, or not for this user is a 404, as an
 * unknown standard report.
 */
export function customSources(db: DbOrTx) {
  const repo = customReportsRepository(db);
  const missing = (key: string) => notFound(`There is no report "${key}".`);
  return {
    async source(accountId: number, key: string, viewer?: Viewer): Promise<CustomSource> {
      if (!isCustomKey(key)) throw missing(key);
      const saved = await repo.byId(accountId, customIdOf(key));
      if (!saved || (viewer && !mayRunCustom(ownerOf(saved), viewer))) throw missing(key);
      const d = declarationOf(saved);
      if (!d.success) throw badRequest(`The custom report "${saved.title}" no longer fits its dataset; edit it.`);
      return { decl: customReportDeclaration(saved.id, d.data), statement: statementOf(accountId, d.data) };
    },

    /** Whether this user may run the saved report (a live one of the account). */
    async runnable(accountId: number, key: string, viewer: Viewer): Promise<boolean> {
      if (!isCustomKey(key)) return false;
      const saved = await repo.byId(accountId, customIdOf(key));
      return !!saved && mayRunCustom(ownerOf(saved), viewer);
    },

    /** A declaration not saved yet (the builder's live preview). */
    draft: (accountId: number, d: CustomReportDeclaration): CustomSource => ({
      decl: customReportDeclaration(DRAFT_ID, d),
      statement: statementOf(accountId, d),
    }),

    /** Every saved report of the account as `custom:<id>` → title (deleted ones marked). */
    async titles(accountId: number) {
      return (await repo.titles(accountId)).map((r) => ({
        id: customKeyOf(r.id),
        title: r.deletedAt ? `${r.title} (deleted)` : r.title,
        deleted: r.deletedAt !== null,
      }));
    },

    /** The saved reports this user may run, as report declarations (`/ReportList`'s "Custom" group). */
    async offered(accountId: number, viewer: Viewer): Promise<ReportDeclaration[]> {
      return (await repo.live(accountId))
        .filter((r) => mayRunCustom(ownerOf(r), viewer))
        .flatMap((r) => {
          const d = declarationOf(r);
          return d.success ? [customReportDeclaration(r.id, d.data)] : [];
        });
    },
  };
}
