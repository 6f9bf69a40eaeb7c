import { describe, expect, it } from 'vitest';
import { cardColumns, type ListColumn } from './columns';

const col = (id: string, extra: Partial<ListColumn<unknown>> = {}): ListColumn<unknown> => ({
  id,
  header: id,
  ...extra,
});
const ids = (cs: ListColumn<unknown>[]) => cs.map((c) => c.id);

describe("a phone card's columns", () => {
  it('follow declared priorities: the first key figure heads, 1 and 2 show, the rest wait behind More', () => {
    const r = cardColumns([
      col('when', { priority: 1 }),
      col('status', { priority: 2 }),
      col('tank'),
      col('fleet', { priority: 1 }),
      col('litres', { priority: 1, numeric: true }),
      col('meter', { numeric: true, priority: 3 }),
    ]);
    expect(r.heading?.id).toBe('when');
    expect(ids(r.figures)).toEqual(['status', 'fleet', 'litres']);
    expect(ids(r.more)).toEqual(['tank', 'meter']);
  });

  it('without priorities: the first column heads, the next three and every number show', () => {
    const r = cardColumns([
      col('code'),
      col('name'),
      col('store'),
      col('tank'),
      col('note'),
      col('litres', { numeric: true }),
    ]);
    expect(r.heading?.id).toBe('code');
    expect(ids(r.figures)).toEqual(['name', 'store', 'tank', 'litres']);
    expect(ids(r.more)).toEqual(['note']);
  });

  it('no columns: no heading and nothing to show', () => {
    expect(cardColumns([])).toEqual({ heading: undefined, figures: [], more: [] });
  });
});
