import { sql, type SQL } from 'drizzle-orm';
import { DATASETS, type DatasetId } from '../../../src/contract/datasets';
import type { DbOrTx } from '../../db/client';
import { inLocalDays } from '../../lib/local-day';
import { DATASET_SQL } from './datasets.sql';

export interface FeedPageQuery {
  accountId: number;
  dataset: DatasetId;
  from?: string;
  to?: string;
  storeId?: string;
  limit: number;
  /** The last row of the previous page: its instant as exact text and its id. */
  after?: { at: string; id: string };
}

/** An instant as exact ISO text in UTC (microseconds kept, so the keyset never skips a row). */
const isoText = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of a dataset in (instant, id) order, every declared field by its key. The tenant is the
 * key's account; the days are each store's local days (`inLocalDays`: the UTC window first, so the
 * `(account_id, <time>)` indexes serve it).
 */
export async function feedPage(db: DbOrTx, q: FeedPageQuery): Promise<Record<string, unknown>[]> {
  const d = DATASET_SQL[q.dataset];
  const cols = DATASETS[q.dataset].fields.map((f) =>
    f.key === 'at' || f.kind === 'datetime'
      ? sql`${isoText(f.key === 'at' ? d.at : d.fields[f.key])} as ${sql.identifier(f.key)}`
      : sql`${d.fields[f.key]} as ${sql.identifier(f.key)}`,
  );
  const days =
    q.from || q.to ? sql` and ${inLocalDays(d.at, d.tz, q.from ?? '2000-01-01', q.to ?? '2199-12-31')}` : sql``;
  const store = q.storeId ? sql` and ${d.storeId} = ${q.storeId}::uuid` : sql``;
  const after = q.after ? sql` and (${d.at}, r.id) > (${q.after.at}::timestamptz, ${q.after.id}::uuid)` : sql``;
  const res = await db.execute(sql`
    select ${sql.join(cols, sql`, `)}
    from ${d.from}
    where r.account_id = ${q.accountId}${days}${store}${after}
    order by ${d.at}, r.id
    limit ${q.limit}`);
  return res.rows as Record<string, unknown>[];
}
