import { sql } from 'drizzle-orm';
import { API_ROOT } from '../../../src/contract/constants';
import { SAP_EXPORT_COLUMNS, SAP_EXPORTS_LIST, SapExportRow } from '../../../src/contract/sap';
import type { DbOrTx } from '../../db/client';
import { sapExports as x } from '../../db/schema';
import { iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from '../setup/rules';

const createdByName = sql<string | null>`(select u.display_name from users u where u.id = ${x.createdBy})`;

/** `/SAP`'s history: every export with who, when, the period and its figures (the file is re-downloaded by id). */
const spec: ListSpec = {
  from: x,
  fields: {
    id: x.id,
    createdAt: x.createdAt,
    createdByName,
    periodFrom: x.periodFrom,
    periodTo: x.periodTo,
    reExport: x.reExport,
    lines: x.lines,
    dispenses: x.dispenses,
    litres: x.litres,
    total: x.total,
    fileName: x.fileName,
  },
  scope: (actor) => sql`${x.accountId} = ${actor.accountId}`,
  id: x.id,
  search: [],
  sort: { createdAt: x.createdAt, periodFrom: x.periodFrom, total: x.total },
  defaultSort: SAP_EXPORTS_LIST.defaultSort,
  filters: {},
};

type Raw = Omit<SapExportRow, 'createdAt'> & { createdAt: Date };

export function sapExportsEndpoint(db: DbOrTx): ListEndpoint<SapExportRow> {
  return {
    url: `${API_ROOT}${SAP_EXPORTS_LIST.path}`,
    rule: screenRules(SAP_EXPORTS_LIST.screen).read,
    row: SapExportRow,
    fileBase: 'sap-exports',
    title: SAP_EXPORTS_LIST.title,
    columns: SAP_EXPORT_COLUMNS,
    ...specList<Raw, SapExportRow>(db, spec, (r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      litres: Number(r.litres),
      total: Number(r.total),
    })),
  };
}
