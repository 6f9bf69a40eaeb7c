import { describe, expect, it } from 'vitest';
import { PageCursors, sameList } from './keyset';

describe('keyset paging of the shared table', () => {
  const q = (page: number, extra: Record<string, string> = {}) => ({
    page,
    pageSize: 25,
    sort: '-dispensedAt',
    ...extra,
  });

  it('fetches the next page after the cursor of the page before, per list', () => {
    const c = new PageCursors();
    expect(c.fetchQuery(q(2))).toEqual(q(2));
    c.remember(q(1), 'cursor-1');
    expect(c.fetchQuery(q(2))).toEqual({ pageSize: 25, sort: '-dispensedAt', after: 'cursor-1' });
    // Another search is another list: no cursor, the page number.
    expect(c.fetchQuery(q(2, { q: 'DF-0012' }))).toEqual(q(2, { q: 'DF-0012' }));
    // Page 1 never takes a cursor; a page never reached by Next falls back to its number.
    expect(c.fetchQuery(q(1))).toEqual(q(1));
    expect(c.fetchQuery(q(7))).toEqual(q(7));
    c.remember(q(2), null);
    expect(c.fetchQuery(q(3))).toEqual(q(3));
  });

  it('forgets the oldest cursors beyond its size', () => {
    const c = new PageCursors(2);
    c.remember(q(1), 'a');
    c.remember(q(2), 'b');
    c.remember(q(3), 'c');
    expect(c.fetchQuery(q(2))).toEqual(q(2));
    expect(c.fetchQuery(q(4))).toMatchObject({ after: 'c' });
  });

  it('keeps rows shown only between pages of the same list, never for a new term or filter', () => {
    expect(sameList(q(1), { ...q(2), after: 'x' })).toBe(true);
    expect(sameList(q(1), q(1, { q: 'a' }))).toBe(false);
    expect(sameList(q(1, { q: 'a' }), q(1, { q: 'ab' }))).toBe(false);
    expect(sameList(q(1), q(1, { 'f.storeId': 's' }))).toBe(false);
  });
});
