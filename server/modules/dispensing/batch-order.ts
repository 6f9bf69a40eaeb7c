import type { HistoryAsk, HistoryFound } from './history.repository';

/**
 * A batch's records are judged as if they had come one by one in batch order (ADR 016): the
 * history query reads what was stored before the batch, and these pure functions add what the
 * batch's EARLIER records would have added by then. Litres are summed in whole millilitres (the
 * columns' scale) and divided once, so a sum equals the number PostgreSQL's exact numeric gives.
 */
export const ml = (litres: number | string) => Math.round(Number(litres) * 1000);

/** A stored dispense as the history checks of later records see it. */
export interface Drawn {
  equipmentId: string;
  employeeId: string | null;
  costCentreId: string | null;
  productId: string;
  litres: number;
  meter: number | null;
  at: Date;
}

export interface Seen {
  /** Highest meter of the equipment before the dispense (records only; master data is the caller's). */
  meter: number | null;
  lastFillAt: Date | null;
  usedDay: number;
  usedMonth: number;
}

const subjectOf = (d: Drawn, column: 'equipment' | 'employee' | 'cost_centre') =>
  column === 'equipment' ? d.equipmentId : column === 'employee' ? d.employeeId : d.costCentreId;

export function seenInOrder(
  drawn: readonly Drawn[],
  asks: readonly HistoryAsk[],
  found: readonly HistoryFound[],
): Seen[] {
  // The earlier records that can matter to a record, by its equipment and by its allocation's subject
  // and product: each record looks only at those (ADR 063), in batch order, as one by one would.
  const byEquipment = new Map<string, Drawn[]>();
  const bySubject = new Map<string, Drawn[]>();
  const push = (map: Map<string, Drawn[]>, key: string, d: Drawn) => {
    const list = map.get(key);
    if (list) list.push(d);
    else map.set(key, [d]);
  };
  return drawn.map((d, k) => {
    const { usage } = asks[k];
    const f = found[k];
    let meter = f.meter;
    let lastFillAt = f.lastFillAt;
    let day = ml(f.day);
    let month = ml(f.month);
    for (const e of byEquipment.get(d.equipmentId) ?? []) {
      if (e.at < d.at) {
        if (e.meter !== null && (meter === null || e.meter > meter)) meter = e.meter;
        if (!lastFillAt || e.at > lastFillAt) lastFillAt = e.at;
      }
    }
    if (usage)
      for (const e of bySubject.get(`${usage.column}|${usage.id}|${usage.productId}`) ?? []) {
        if (e.at >= f.monthFrom && e.at < f.monthTo) {
          month += ml(e.litres);
          if (e.at >= f.dayFrom && e.at < f.dayTo) day += ml(e.litres);
        }
      }
    push(byEquipment, d.equipmentId, d);
    for (const column of SUBJECTS) {
      const who = subjectOf(d, column);
      if (who !== null) push(bySubject, `${column}|${who}|${d.productId}`, d);
    }
    return { meter, lastFillAt, usedDay: day / 1000, usedMonth: month / 1000 };
  });
}
const SUBJECTS = ['equipment', 'employee', 'cost_centre'] as const;

/**
 * Each record's tank book stock right after its own movements, as one-by-one would read it:
 * the book now (after the whole batch moved) less what the LATER records moved.
 * `moves[k]` are record k's movements; `bookNow` is exact (numeric as text).
 */
export function booksAfterEach(
  moves: readonly { tankId: string; litres: number }[][],
  bookNow: ReadonlyMap<string, string>,
  tankOf: (k: number) => string,
): number[] {
  const later = new Map<string, number>();
  const out: number[] = new Array(moves.length);
  for (let k = moves.length - 1; k >= 0; k--) {
    const tank = tankOf(k);
    out[k] = (ml(bookNow.get(tank) ?? '0') - (later.get(tank) ?? 0)) / 1000;
    for (const m of moves[k]) later.set(m.tankId, (later.get(m.tankId) ?? 0) + ml(m.litres));
  }
  return out;
}
