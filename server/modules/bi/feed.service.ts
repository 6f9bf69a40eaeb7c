import { FEED_MAX_TOP, type FeedQuery } from '../../../src/contract/bi';
import { DATASETS, type DatasetId } from '../../../src/contract/datasets';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/resource/cursor';
import { feedPage } from './feed.repository';

export interface FeedPage {
  rows: Record<string, unknown>[];
  /** The `$skiptoken` of the next page, when there is one. */
  next?: string;
}

const afterOf = (dataset: DatasetId, token: string | undefined) => {
  if (!token) return undefined;
  const v = decodeCursor(token, `feed:${dataset}`, 2);
  if (!v || !v[0] || !v[1]) throw badRequest('The paging token is not valid.', { $skiptoken: ['Not a paging token'] });
  return { at: v[0], id: v[1] };
};

/** Pages of a dataset for one account (the feed key's); keyset paging on (instant, id). */
export function feedService(db: Db) {
  async function page(accountId: number, dataset: DatasetId, q: FeedQuery, limit = q.$top): Promise<FeedPage> {
    const rows = await feedPage(db, {
      accountId,
      dataset,
      from: q.from,
      to: q.to,
      storeId: q.storeId,
      limit: limit + 1,
      after: afterOf(dataset, q.$skiptoken),
    });
    if (rows.length <= limit) return { rows };
    rows.length = limit;
    const last = rows[limit - 1];
    return { rows, next: encodeCursor(`feed:${dataset}`, [String(last.at), String(last.id)]) };
  }
  return {
    page,
    /** Every row of the request, a page at a time (the CSV answer streams them). */
    async *all(accountId: number, dataset: DatasetId, q: FeedQuery): AsyncIterable<Record<string, unknown>[]> {
      let token = q.$skiptoken;
      for (;;) {
        const p = await page(accountId, dataset, { ...q, $skiptoken: token }, FEED_MAX_TOP);
        yield p.rows;
        if (!p.next) return;
        token = p.next;
      }
    },
    fields: (dataset: DatasetId) => DATASETS[dataset].fields,
    /** The `$select`ed field keys in the dataset's order (all without `$select`); an unknown key is a 400. */
    selected(dataset: DatasetId, select: string | undefined): string[] {
      const all = DATASETS[dataset].fields.map((f) => f.key);
      if (!select) return all;
      const asked = select.split(',').map((k) => k.trim());
      const unknown = asked.filter((k) => !all.includes(k));
      if (unknown.length || !asked.some(Boolean))
        throw badRequest(`$select: ${unknown.join(', ') || 'no field'} is not a field of ${dataset}.`, {
          $select: [`Choose from ${all.join(', ')}`],
        });
      return all.filter((k) => asked.includes(k));
    },
  };
}
