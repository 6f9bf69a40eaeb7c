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

/** The quadratic form seenInOrder had before ADR 063: every earlier record of the batch, one by one. */
function seenEveryEarlier(list: readonly Drawn[], asks: readonly HistoryAsk[], founds: readonly HistoryFound[]) {
  const ml = (l: number | string) => Math.round(Number(l) * 1000);
  const subjectOf = (d: Drawn, c: 'equipment' | 'employee' | 'cost_centre') =>
    c === 'equipment' ? d.equipmentId : c === 'employee' ? d.employeeId : d.costCentreId;
  return list.map((d, k) => {
    const { usage } = asks[k];
    const f = founds[k];
    let meter = f.meter;
    let lastFillAt = f.lastFillAt;
    let dayMl = ml(f.day);
    let monthMl = ml(f.month);
    for (let j = 0; j < k; j++) {
      const e = list[j];
      if (e.equipmentId === d.equipmentId && e.at < d.at) {
        if (e.meter !== null && (meter === null || e.meter > meter)) meter = e.meter;
        if (!lastFillAt || e.at > lastFillAt) lastFillAt = e.at;
      }
      const inMonth = e.at >= f.monthFrom && e.at < f.monthTo;
      if (usage && e.productId === usage.productId && subjectOf(e, usage.column) === usage.id && inMonth) {
        monthMl += ml(e.litres);
        if (e.at >= f.dayFrom && e.at < f.dayTo) dayMl += ml(e.litres);
      }
    }
    return { meter, lastFillAt, usedDay: dayMl / 1000, usedMonth: monthMl / 1000 };
  });
}

describe('seenInOrder, grouped by equipment and subject (ADR 063)', () => {
  it('answers exactly what comparing every earlier record answers, on random batches', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[rnd(xs.length)];
    for (let round = 0; round < 50; round++) {
      const n = 1 + rnd(120);
      const list = Array.from({ length: n }, () =>
        drawn({
          equipmentId: pick(['e1', 'e2', 'e3']),
          employeeId: pick([null, 'w1', 'w2']),
          costCentreId: pick([null, 'c1', 'c2']),
          productId: pick(['p1', 'p2']),
          litres: rnd(100000) / 1000,
          meter: pick([null, rnd(1000)]),
          at: day(1 + rnd(20), rnd(24)),
        }),
      );
      const asks = list.map((d) =>
        ask({
          equipmentId: d.equipmentId,
          at: d.at,
          usage: pick([
            null,
            { column: 'equipment' as const, id: d.equipmentId, productId: d.productId },
            { column: 'employee' as const, id: pick(['w1', 'w2']), productId: pick(['p1', 'p2']) },
            { column: 'cost_centre' as const, id: pick(['c1', 'c2']), productId: d.productId },
          ]),
        }),
      );
      const founds = list.map((d) =>
        found({
          meter: pick([null, rnd(500)]),
          lastFillAt: pick([null, day(1, 1)]),
          day: String(rnd(1000) / 1000),
          month: String(rnd(100000) / 1000),
          dayFrom: day(d.at.getUTCDate()),
          dayTo: day(d.at.getUTCDate() + 1),
          monthFrom: day(1 + rnd(5)),
          monthTo: day(15 + rnd(10)),
        }),
      );
      expect(seenInOrder(list, asks, founds)).toEqual(seenEveryEarlier(list, asks, founds));
    }
  });
});
