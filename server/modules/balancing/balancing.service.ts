import {
  MAX_DRILL_RECORDS,
  VARIANCE_FIXED_LITRES,
  VARIANCE_THROUGHPUT_SHARE,
  reconcileDays,
  summarise,
  VARIANCE_EXCEPTION,
  type DailyQuery,
  type DailyResponse,
  type DailyRow,
  type DayInput,
  type MonthlyQuery,
  type MonthlyResponse,
  type MonthlyRow,
  type RecordsQuery,
  type RecordsResponse,
  type TankInfo,
} from '../../../src/contract/balancing';
import { addDays, dateRange, localDate, monthBounds } from '../../../src/contract/calendar';
import {
  LEAK_EXCEPTION,
  LEAK_METHOD,
  LEAK_WINDOW_DAYS,
  leakTest,
  type LeakResponse,
  type LeakRow,
} from '../../../src/contract/leak-test';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { balancingRepository, type TankRow } from './balancing.repository';
import { varianceAllowance } from '../../../src/contract/exception-rules';
import { exceptionRulesRepository } from '../exceptions/rules.repository';
import { thresholdsRepository } from '../exceptions/thresholds.repository';
import { raiseOrExtend } from '../exceptions/raise.repository';
import { leakLimitsOf } from '../../../src/contract/ml';

/** A daily answer over all tanks is refused beyond this many tank-days (choose a store or a tank). */
export const MAX_TANK_DAYS = 20_000;

export interface TankDays {
  tank: TankRow;
  days: DailyRow[];
}

const info = ({ deleted: _d, ...t }: TankRow): TankInfo => t;

/**
 * Reconciliation over the set-based figures of the repository: the database sums, the contract's
 * pure functions reconcile (`src/contract/balancing.ts`). `now` decides which days have started
 * (a day still to come in a store's zone has no row) and which months are complete.
 */
export function balancingService(db: DbOrTx) {
  const repo = balancingRepository(db);

  /** Daily rows of the given tanks for [from, to], in each tank's store-local days. */
  async function compute(
    accountId: number,
    tanks: TankRow[],
    from: string,
    to: string,
    now: Date,
  ): Promise<TankDays[]> {
    const ids = tanks.map((t) => t.tankId);
    const [flows, closings] = await Promise.all([
      repo.flows(accountId, ids, from, to),
      repo.closings(accountId, ids, from, to),
    ]);
    const flowOf = new Map(flows.map((f) => [`${f.tankId}|${f.day}|${f.kind}`, f.litres]));
    const closingOf = new Map(closings.map((c) => [`${c.tankId}|${c.day}`, c.litres]));
    const daysOf = new Map(
      tanks.map((t) => {
        const today = localDate(now, t.timezone);
        return [t.tankId, today < from ? [] : dateRange(from, today < to ? today : to)];
      }),
    );

    // The book is needed only where an opening has no reading: look it up for those tanks alone.
    const needBook = tanks
      .filter((t) => daysOf.get(t.tankId)!.some((d) => !closingOf.has(`${t.tankId}|${addDays(d, -1)}`)))
      .map((t) => t.tankId);
    const bookAt = new Map<string, number>();
    if (needBook.length) {
      const rows = await repo.book(accountId, needBook, from);
      const current = new Map(rows.filter((r) => r.day === null).map((r) => [r.tankId, r.litres]));
      const moved = new Map(rows.filter((r) => r.day !== null).map((r) => [`${r.tankId}|${r.day}`, r.litres]));
      for (const t of needBook) {
        const days = daysOf.get(t)!;
        // Moves after the last day shown (up to the present) come off the current book first.
        let book = current.get(t) ?? 0;
        for (const [k, v] of moved)
          if (k.startsWith(`${t}|`) && k.slice(t.length + 1) > (days[days.length - 1] ?? '')) book -= v;
        for (let i = days.length - 1; i >= 0; i--) {
          book -= moved.get(`${t}|${days[i]}`) ?? 0;
          bookAt.set(`${t}|${days[i]}`, book);
        }
      }
    }

    return tanks.map((tank) => {
      const f = (day: string, kind: string) => flowOf.get(`${tank.tankId}|${day}|${kind}`) ?? 0;
      const inputs: DayInput[] = daysOf.get(tank.tankId)!.map((day) => ({
        day,
        receipts: f(day, 'receipts'),
        dispensed: f(day, 'dispensed'),
        transfersOut: f(day, 'transfersOut'),
        transfersIn: f(day, 'transfersIn'),
        openingReading: closingOf.get(`${tank.tankId}|${addDays(day, -1)}`) ?? null,
        bookAtStart: bookAt.get(`${tank.tankId}|${day}`) ?? 0,
        closingReading: closingOf.get(`${tank.tankId}|${day}`) ?? null,
      }));
      return { tank, days: reconcileDays(inputs) };
    });
  }

  async function monthlyRows(accountId: number, q: MonthlyQuery, now: Date): Promise<MonthlyRow[]> {
    const { from, to } = monthBounds(q.month);
    const tanks = await repo.tanks(accountId, { storeId: q.storeId, since: from });
    const computed = await compute(accountId, tanks, from, to, now);
    return computed.map(({ tank, days }) => ({
      ...info(tank),
      ...summarise(days),
      complete: localDate(now, tank.timezone) > to,
    }));
  }

  return {
    compute,

    async daily(accountId: number, q: DailyQuery, now = new Date()): Promise<DailyResponse> {
      const tanks = await repo.tanks(accountId, { tankId: q.tankId, storeId: q.storeId, since: q.from });
      if (q.tankId && !tanks.length) throw notFound('No such tank in this account.');
      const span = dateRange(q.from, q.to).length;
      if (tanks.length * span > MAX_TANK_DAYS) {
        throw badRequest(
          `That is ${tanks.length * span} tank-days; at most ${MAX_TANK_DAYS}. Choose a store or a tank, or a shorter range.`,
          { to: ['Choose a shorter range'] },
        );
      }
      const computed = await compute(accountId, tanks, q.from, q.to, now);
      return {
        from: q.from,
        to: q.to,
        tanks: computed.map(({ tank, days }) => ({ ...info(tank), days, total: summarise(days) })),
      };
    },

    /**
     * The month per tank. A complete month (over in the store's zone) that breaks the rule raises
     * `variance_over_threshold` once (ADR 012), or joins the tank's unresolved one (ADR 075); a
     * month still running only shows the flag.
     */
    async monthly(accountId: number, q: MonthlyQuery, now = new Date()): Promise<MonthlyResponse> {
      const rows = await monthlyRows(accountId, q, now);
      await raise(accountId, q.month, rows);
      const { from, to } = monthBounds(q.month);
      return {
        month: q.month,
        from,
        to,
        rule: { throughputShare: VARIANCE_THROUGHPUT_SHARE, fixedLitres: VARIANCE_FIXED_LITRES },
        rows,
      };
    },

    async records(accountId: number, q: RecordsQuery, now = new Date()): Promise<RecordsResponse> {
      const [tank] = await repo.tanks(accountId, { tankId: q.tankId });
      if (!tank) throw notFound('No such tank in this account.');
      if (q.day > localDate(now, tank.timezone))
        throw badRequest('That day has not started yet.', { day: ['Choose a day up to today'] });
      const bounds = await repo.dayBounds(accountId, q.tankId, q.day);
      const rows = await repo.records(accountId, q.tankId, q.kind, bounds, MAX_DRILL_RECORDS);
      const readings = q.kind === 'readings';
      // Readings: the last one at or before the start opens the day, the last one of the day closes it.
      const opening = readings ? rows.filter((r) => new Date(r.at) <= new Date(bounds.start)).at(-1)?.id : undefined;
      const closing = readings ? rows.filter((r) => new Date(r.at) > new Date(bounds.start)).at(-1)?.id : undefined;
      const total = rows[0]?.total ?? 0;
      return {
        tank: info(tank),
        day: q.day,
        kind: q.kind,
        start: bounds.start,
        end: bounds.end,
        items: rows.map((r) => ({
          id: String(r.id),
          at: new Date(r.at).toISOString(),
          litres: r.litres,
          detail: r.detail,
          reversalOf: r.reversalOf ?? null,
          role: r.id === closing ? ('closing' as const) : r.id === opening ? ('opening' as const) : null,
        })),
        total,
        // A sum of readings means nothing; for the flows it is the figure the row shows.
        litres: readings ? 0 : Math.round((rows[0]?.sum ?? 0) * 1000) / 1000,
        truncated: total > rows.length,
      };
    },

    /**
     * The leak test of each tank (`src/contract/leak-test.ts`) over the last `LEAK_WINDOW_DAYS`
     * complete days in its store's zone, ending with the month's last day when a month is given.
     * Only days that open and close on a reading count: a day opened from the book measures the
     * book's drift since the last reading, not the day's loss. A FAIL raises `leak_suspected` for
     * the window's month, or adds the month to the tank's unresolved one (whoever looks, or the
     * sweep; ADR 075).
     */
    async leakTests(
      accountId: number,
      f: { month?: string; storeId?: string },
      now = new Date(),
    ): Promise<LeakResponse> {
      const until = f.month ? monthBounds(f.month).to : undefined;
      const utcToday = localDate(now, 'UTC');
      // Store days lie within a day of UTC's: one range covers every zone, then each tank keeps its own days.
      const to = until && until < utcToday ? addDays(until, 1) : addDays(utcToday, 1);
      const from = addDays(to, -(LEAK_WINDOW_DAYS + 2));
      const tanks = await repo.tanks(accountId, { storeId: f.storeId, since: from });
      const computed = await compute(accountId, tanks, from, to, now);
      // The account's calibrated limits (ADR 052; the standard's until a version is uploaded).
      const limits = leakLimitsOf((await thresholdsRepository(db).activeFor(accountId)).values);
      const rows: LeakRow[] = computed.map(({ tank, days }) => {
        const today = localDate(now, tank.timezone);
        const last = until && until < today ? until : addDays(today, -1);
        const window = days.filter((d) => d.day <= last).slice(-LEAK_WINDOW_DAYS);
        const label = `${tank.storeCode} ${tank.tankCode}`;
        return {
          tankId: tank.tankId,
          storeId: tank.storeId,
          label,
          from: window[0]?.day ?? last,
          to: last,
          ...leakTest(
            window.map((d) => (d.openingSource === 'reading' ? d.variance : null)),
            limits,
          ),
        };
      });
      // A FAIL is the month of the window's last day; a tank's unresolved leak exception gathers
      // the months (ADR 075).
      await raiseOrExtend(
        db,
        accountId,
        { code: LEAK_EXCEPTION, severity: 'critical', noun: 'Leak' },
        rows
          .filter((r) => r.verdict === 'fail')
          .map((r) => ({
            subjectId: r.tankId,
            entity: 'tank',
            entityId: r.tankId,
            storeId: r.storeId,
            tankId: r.tankId,
            entry: {
              period: r.to.slice(0, 7),
              message: `${r.label}: leak suspected — losing ${r.leakRate!.toFixed(3)} L/h (95 % between ${r.low!.toFixed(3)} and ${r.high!.toFixed(3)}) over ${r.from} to ${r.to}; the threshold is ${r.threshold.toFixed(3)} L/h`,
              summary: `${r.leakRate!.toFixed(3)} L/h`,
              verdict: r.verdict,
              from: r.from,
              to: r.to,
              leakRate: r.leakRate,
              low: r.low,
              high: r.high,
              mdl: r.mdl,
              days: r.days,
              threshold: r.threshold,
              method: LEAK_METHOD,
            },
          })),
      );
      return { method: LEAK_METHOD, windowDays: LEAK_WINDOW_DAYS, rows };
    },

    /**
     * Raises the variance exception for the complete, flagged tanks of a month, or adds the month to
     * a tank's unresolved one; returns the keys written now.
     */
    async sweep(accountId: number, month: string, now = new Date()): Promise<string[]> {
      return raise(accountId, month, await monthlyRows(accountId, { month }, now));
    },
  };

  /**
   * Raises `variance_over_threshold` for the complete months over the ACCOUNT's reconciliation rule
   * (exception rules, ADR 027; the default is the screen's 1 % + 492.1 L): a changed rule applies to
   * months raised after the change. A tank's unresolved variance exception gathers its months (ADR 075).
   */
  async function raise(accountId: number, month: string, rows: MonthlyRow[]): Promise<string[]> {
    const complete = rows.filter((r) => r.complete);
    if (!complete.length) return [];
    const rules = await exceptionRulesRepository(db).rulesFor(accountId);
    const share = `${rules.varianceThroughputPct} %`;
    const fixed = `${rules.varianceFixedLitres.toLocaleString('en-US')} L`;
    const done = await raiseOrExtend(
      db,
      accountId,
      { code: VARIANCE_EXCEPTION, severity: 'critical', noun: 'Variance over the limit' },
      complete
        .map((r) => ({ ...r, allowance: varianceAllowance(rules, r.dispensed) }))
        .filter((r) => Math.abs(r.variance) > r.allowance)
        .map((r) => ({
          subjectId: r.tankId,
          entity: 'tank',
          entityId: r.tankId,
          storeId: r.storeId,
          tankId: r.tankId,
          entry: {
            period: month,
            message: `${r.storeCode} ${r.tankCode}: variance of ${r.variance.toLocaleString('en-US')} L in ${month} is over the allowance of ${r.allowance.toLocaleString('en-US')} L (${share} of ${r.dispensed.toLocaleString('en-US')} L + ${fixed})`,
            summary: `${r.variance.toLocaleString('en-US')} L against an allowance of ${r.allowance.toLocaleString('en-US')} L`,
            month,
            variance: r.variance,
            threshold: r.allowance,
            dispensed: r.dispensed,
            variancePct: r.variancePct,
          },
        })),
    );
    return done.map((d) => d.key);
  }
}
export type BalancingService = ReturnType<typeof balancingService>;
