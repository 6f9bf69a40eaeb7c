import { and, sql, type SQL } from 'drizzle-orm';
import { filtersOf, type ListQuery } from '../../../src/contract/list';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../errors';
import { afterCondition, decodeCursor, encodeCursor, keyFields, orderBy, type SortKey } from './cursor';
import { qualifiedFields } from './qualify';
import type { Actor, ListSpec } from './types';

/** Query keys of the list protocol; anything else (other than `f.*`) is refused, not ignored. */
const LIST_KEYS = new Set(['page', 'pageSize', 'sort', 'q', 'deleted', 'after']);

export interface ListResult<Raw> {
  rows: Raw[];
  total: number;
  page: number;
  pageSize: number;
  next: string | null;
}

export interface ListOptions {
  /** Skip the count (exports page through with cursors and need no total). */
  withTotal?: boolean;
  /** Overrides `pageSize` (exports read bigger pages than the API allows). */
  pageSize?: number;
  /** Further query keys the caller handles itself (export: format, columns). */
  extraKeys?: readonly string[];
}

function sortKeys(spec: ListSpec, sort: string): SortKey[] {
  const keys: SortKey[] = [];
  for (const part of sort.split(',')) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const expr = spec.sort[name];
    if (!expr)
      throw badRequest(`Cannot sort by ${name}.`, { sort: [`Sortable fields: ${Object.keys(spec.sort).join(', ')}`] });
    keys.push({ expr, desc });
  }
  // The id makes the order total, so paging never skips or repeats rows.
  keys.push({ expr: spec.id, desc: false });
  return keys;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of `q` must appear (case-insensitively) in one of the search fields. */
function searchCondition(spec: ListSpec, actor: Actor, q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length || !spec.search.length) return undefined;
  return and(
    ...words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      return sql`(${sql.join(
        spec.search.map((e) => (typeof e === 'function' ? e(pattern, actor) : sql`${e} ilike ${pattern}`)),
        sql` or `,
      )})`;
    }),
  );
}

/** The conditions of a list query (without the cursor), or a 400 naming the bad key. */
export function listConditions(spec: ListSpec, actor: Actor, query: ListQuery, extraKeys: readonly string[] = []): SQL {
  const unknown = Object.keys(query).filter((k) => !LIST_KEYS.has(k) && !k.startsWith('f.') && !extraKeys.includes(k));
  if (unknown.length) {
    throw badRequest(
      `Unknown query parameters: ${unknown.join(', ')}.`,
      Object.fromEntries(unknown.map((k) => [k, ['Unknown parameter']])),
    );
  }
  const conds: (SQL | undefined)[] = [spec.scope(actor)];
  if (spec.deletedAt) {
    if (query.deleted === 'only') conds.push(sql`${spec.deletedAt} is not null`);
    else if (query.deleted !== 'include') conds.push(sql`${spec.deletedAt} is null`);
  }
  conds.push(searchCondition(spec, actor, query.q));
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, values] of Object.entries(filtersOf(query))) {
    const f = spec.filters[field];
    const built = f
      ? f.build(values)
      : { error: `Cannot filter by ${field}. Filters: ${Object.keys(spec.filters).join(', ') || 'none'}` };
    if ('error' in built) fieldErrors[`f.${field}`] = [built.error];
    else conds.push(built);
  }
  if (Object.keys(fieldErrors).length) throw badRequest('Some filters are not valid.', fieldErrors);
  return and(...conds)!;
}

/** Runs one page of the list protocol (src/contract/list.ts) over any ListSpec. */
export async function runList<Raw>(
  db: DbOrTx,
  spec: ListSpec,
  actor: Actor,
  query: ListQuery,
  opts: ListOptions = {},
): Promise<ListResult<Raw>> {
  const where = listConditions(spec, actor, query, opts.extraKeys);
  const sort = query.sort ?? spec.defaultSort;
  const keys = sortKeys(spec, sort);
  const pageSize = opts.pageSize ?? query.pageSize;
  let cursor: SQL | undefined;
  if (query.after) {
    const values = decodeCursor(query.after, sort, keys.length);
    if (!values)
      throw badRequest('The page cursor is not valid for this sort.', { after: ['Start again from the first page'] });
    cursor = afterCondition(keys, values);
  }
  const page = query.after ? 1 : query.page;
  const select = { ...qualifiedFields(spec.from, spec.fields), ...keyFields(keys) };
  const rowsQuery = db
    .select(select as never)
    .from(spec.from as never)
    .where(cursor ? and(where, cursor) : where)
    .orderBy(...orderBy(keys))
    .limit(pageSize + 1)
    .offset(query.after ? 0 : (page - 1) * pageSize);
  const summary = opts.withTotal === false ? undefined : spec.summary?.(actor, query);
  const countQuery =
    opts.withTotal === false
      ? undefined
      : summary
        ? db.execute(sql`select rows as n from (${summary}) s`).then((r) => r.rows as { n: number }[])
        : db
            .select({ n: sql<number>`count(*)::int` })
            .from(spec.from as never)
            .where(where);
  const [rows, count] = await Promise.all([
    rowsQuery as unknown as Promise<Record<string, unknown>[]>,
    countQuery as unknown as Promise<{ n: number }[]> | undefined,
  ]);
  const more = rows.length > pageSize;
  const pageRows = more ? rows.slice(0, pageSize) : rows;
  const last = pageRows[pageRows.length - 1];
  const next =
    more && last
      ? encodeCursor(
          sort,
          keys.map((_, i) => (last[`__k${i}`] as string | null) ?? null),
        )
      : null;
  return { rows: pageRows as Raw[], total: count?.[0]?.n ?? -1, page, pageSize, next };
}

/** Rows read per round trip when a whole filtered set is streamed (exports). */
export const EXPORT_CHUNK = 500;

/** Every row of the filtered set, a chunk at a time with the keyset cursor (memory stays flat). */
export async function* listChunks<Raw>(
  db: DbOrTx,
  spec: ListSpec,
  actor: Actor,
  query: ListQuery,
  extraKeys: readonly string[],
): AsyncGenerator<Raw[]> {
  let after: string | undefined;
  for (;;) {
    // The whole filtered set: any `after` or `page` the caller sent is replaced.
    const q = { ...query, page: 1 } as ListQuery;
    if (after) q.after = after;
    else delete q.after;
    const r = await runList<Raw>(db, spec, actor, q, { withTotal: false, pageSize: EXPORT_CHUNK, extraKeys });
    yield r.rows;
    if (!r.next) return;
    after = r.next;
  }
}
