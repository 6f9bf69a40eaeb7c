import { sql, type SQL } from 'drizzle-orm';
import { DATASETS, type DatasetId } from '../../../src/contract/datasets';
import type { DbOrTx } from '../../db/client';
import { DATASET_SQL } from '../bi/datasets.sql';

/**
 * When a record was stored (not when it happened on site: a dispense synced a day late is dropped
 * with the next drop, not skipped). Every field record's `received_at` and an exception's
 * `raised_at` default to `now()`, the storing transaction's start, which the drop's horizon uses.
 */
const STORED_AT: Record<DatasetId, SQL> = {
  dispenses: sql`r.received_at`,
  receipts: sql`r.received_at`,
  transfers: sql`r.received_at`,
  readings: sql`r.received_at`,
  exceptions: sql`r.raised_at`,
};

/** An instant as exact ISO text in UTC (microseconds kept, so a window never skips a row). */
export const isoText = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface DropPageQuery {
  accountId: number;
  dataset: DatasetId;
  /** Stored in [from, to): exact ISO text (microseconds), never through a JS Date. */
  from: string;
  to: string;
  limit: number;
  /** The last row of the previous page: when it was stored (exact text) and its id. */
  after?: { stored: string; id: string };
}

/**
 * One page of a dataset's records stored in the drop's window, in (stored, id) order, every field of
 * the BI feed's dataset by its key (the same columns as the feed's CSV) plus `_stored` for paging.
 */
export async function dropPage(db: DbOrTx, q: DropPageQuery): Promise<Record<string, unknown>[]> {
  const d = DATASET_SQL[q.dataset];
  const stored = STORED_AT[q.dataset];
  const cols = DATASETS[q.dataset].fields.map((f) =>
    f.key === 'at' || f.kind === 'datetime'
      ? sql`${isoText(f.key === 'at' ? d.at : d.fields[f.key])} as ${sql.identifier(f.key)}`
      : sql`${d.fields[f.key]} as ${sql.identifier(f.key)}`,
  );
  const after = q.after ? sql` and (${stored}, r.id) > (${q.after.stored}::timestamptz, ${q.after.id}::uuid)` : sql``;
  const res = await db.execute(sql`
    select ${sql.join(cols, sql`, `)}, ${isoText(stored)} as "_stored", r.id::text as "_id"
    from ${d.from}
    where r.account_id = ${q.accountId}
      and ${stored} >= ${q.from}::timestamptz and ${stored} < ${q.to}::timestamptz${after}
    order by ${stored}, r.id
    limit ${q.limit}`);
  return res.rows as Record<string, unknown>[];
}
