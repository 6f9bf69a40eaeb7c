import { describe, expect, it } from 'vitest';
import { booksAfterEach, seenInOrder, type Drawn } from './batch-order';
import type { HistoryAsk, HistoryFound } from './history.repository';

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 9, d, h));
const drawn = (over: Partial<Drawn>): Drawn => ({
  equipmentId: 'e',
  employeeId: null,
  costCentreId: null,
  productId: 'p',
  litres: 1,
  meter: null,
  at: day(5, 10),
  ...over,
});
const ask = (over: Partial<HistoryAsk> = {}): HistoryAsk => ({
  equipmentId: 'e',
  at: day(5),
  meter: true,
  lastFill: true,
  usage: { column: 'equipment', id: 'e', productId: 'p' },
  timeZone: 'UTC',
  ...over,
});
const found = (over: Partial<HistoryFound> = {}): HistoryFound => ({
  meter: null,
  lastFillAt: null,
  day: '0.1',
  month: '0.1',
  dayFrom: day(5),
  dayTo: day(6),
  monthFrom: day(1),
  monthTo: new Date(Date.UTC(2026, 10, 1)),
  ...over,
});

describe('seenInOrder', () => {
  it('adds only earlier records of the batch, in exact millilitres', () => {
    const list = [
      drawn({ litres: 0.2, meter: 100, at: day(5, 9) }),
      drawn({ litres: 0.7, meter: 90, at: day(5, 11) }),
      drawn({ litres: 1, at: day(5, 8) }),
    ];
    const seen = seenInOrder(
      list,
      list.map((d) => ask({ at: d.at })),
      list.map(() => found()),
    );
    expect(seen[0]).toEqual({ meter: null, lastFillAt: null, usedDay: 0.1, usedMonth: 0.1 });
    expect(seen[1]).toEqual({ meter: 100, lastFillAt: day(5, 9), usedDay: 0.3, usedMonth: 0.3 });
    // Earlier in time than both: their meters and fills are not before it, their litres are the same day.
    expect(seen[2]).toEqual({ meter: null, lastFillAt: null, usedDay: 1, usedMonth: 1 });
  });

  it('counts only the governing subject and product, within the day and month', () => {
    const list = [
      drawn({ equipmentId: 'other', employeeId: 'p1', litres: 5 }),
      drawn({ productId: 'q', litres: 7 }),
      drawn({ at: day(6, 9), litres: 11 }),
      drawn({ litres: 2 }),
    ];
    const asks = list.map(() => ask({ usage: { column: 'employee', id: 'p1', productId: 'p' } }));
    asks[3] = ask();
    const seen = seenInOrder(
      list,
      asks,
      list.map(() => found({ day: '0', month: '0' })),
    );
    expect(seen[3]).toMatchObject({ usedDay: 0, usedMonth: 11 });
    expect(
      seenInOrder(
        list,
        asks.map((a, i) => (i === 3 ? ask({ usage: { column: 'employee', id: 'p1', productId: 'p' } }) : a)),
        list.map(() => found({ day: '0', month: '0' })),
      )[3],
    ).toMatchObject({ usedDay: 5, usedMonth: 5 });
  });
});

describe('booksAfterEach', () => {
  it('is the book now less what later records moved, per tank', () => {
    const moves = [
      [{ tankId: 'A', litres: -0.1 }],
      [
        { tankId: 'A', litres: -0.2 },
        { tankId: 'B', litres: 0.2 },
      ],
      [{ tankId: 'B', litres: -5 }],
    ];
    const books = booksAfterEach(
      moves,
      new Map([
        ['A', '-0.300'],
        ['B', '10.000'],
      ]),
      (k) => (k === 2 ? 'B' : 'A'),
    );
    expect(books).toEqual([-0.1, -0.3, 10]);
  });
});
