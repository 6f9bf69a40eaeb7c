/**
 * Keyset paging in the shared table (ADR 034). The URL keeps the page number (bookmarks, Back);
 * the next page is fetched `after` the last row of the page before it, with the cursor the server
 * returned (`next`), so rows added meanwhile neither repeat nor push rows out of sight, and a deep
 * page is an index range read instead of an offset. A page opened without its cursor (a
 * bookmark, Previous past what was seen) falls back to the page number.
 */
type ListQuery = Record<string, string | number>;

/** The list a query asks for, whatever its page: search, filters, sort, page size. */
export function listKey(q: ListQuery): string {
  return JSON.stringify(
    Object.entries(q)
      .filter(([k]) => k !== 'page' && k !== 'after')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Two queries for pages of the same list (so its rows may stay shown while the other loads). */
export const sameList = (a: ListQuery, b: ListQuery): boolean => listKey(a) === listKey(b);

/** Cursors kept per list and page; the oldest go first beyond a few hundred. */
export class PageCursors {
  private readonly cursors = new Map<string, string>();
  constructor(private readonly max = 200) {}

  private key = (q: ListQuery, page: number) => `${listKey(q)}#${page}`;

  /** The query to send: `after` the page before when its cursor is known, else the page number. */
  fetchQuery(q: ListQuery): ListQuery {
    const page = Number(q.page ?? 1);
    const after = page > 1 ? this.cursors.get(this.key(q, page)) : undefined;
    if (!after) return q;
    const { page: _page, ...rest } = q;
    return { ...rest, after };
  }

  /** Remembers where the page after `q`'s starts. */
  remember(q: ListQuery, next: string | null | undefined): void {
    if (!next) return;
    const key = this.key(q, Number(q.page ?? 1) + 1);
    this.cursors.delete(key);
    this.cursors.set(key, next);
    if (this.cursors.size > this.max) this.cursors.delete(this.cursors.keys().next().value!);
  }
}
