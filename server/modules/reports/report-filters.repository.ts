import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../../src/contract/report-keys';
import type { ReportRunParams } from '../../../src/contract/reports';
import type { DbOrTx } from '../../db/client';
import { costCentres, employees, equipment, products, stores, tanks } from '../../db/schema';

const TABLES = {
  storeId: [stores, 'store'],
  productId: [products, 'product'],
  tankId: [tanks, 'tank'],
  equipmentId: [equipment, 'equipment'],
  costCentreId: [costCentres, 'cost centre'],
  employeeId: [employees, 'employee'],
} as const satisfies Record<ReportFilter, readonly [unknown, string]>;

/**
 * The filters of a run or schedule naming a row that is not the account's (another account's store),
 * as field errors; undefined when every one is the account's (deleted rows too: their history is
 * still reported). One query for all.
 */
export async function foreignFilters(
  db: DbOrTx,
  accountId: number,
  p: Partial<Pick<ReportRunParams, ReportFilter>>,
): Promise<Record<string, string[]> | undefined> {
  const named = (Object.keys(TABLES) as ReportFilter[]).filter((f) => p[f]);
  if (!named.length) return undefined;
  const probes: SQL[] = named.map((f) => {
    const t = TABLES[f][0];
    return sql`select ${f}::text as f where not exists (select 1 from ${t}
      where ${t.accountId} = ${accountId} and ${t.id} = ${p[f]}::uuid )`;
  });
  const res = await db.execute<{ f: ReportFilter }>(sql.join(probes, sql` union all `));
  if (!res.rows.length) return undefined;
  return Object.fromEntries(res.rows.map((r) => [r.f, [`Choose a ${TABLES[r.f][1]} of this account`]]));
}
