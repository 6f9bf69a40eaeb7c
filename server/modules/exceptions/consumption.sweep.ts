import type { Jobs } from '../../lib/jobs';
import { CONSUMPTION_EXCEPTION, judgeFill } from '../../../src/contract/consumption';
import type { DbOrTx } from '../../db/client';
import { subjectKey } from '../../../src/contract/exception-periods';
import { consumptionRepository, type JudgedFill } from './consumption.repository';
import { raiseOrExtend, type PeriodicRaise } from './raise.repository';
import { exceptionRulesRepository } from './rules.repository';
import { thresholdsRepository } from './thresholds.repository';

const DAY_MS = 86_400_000;
/** Fills judged by each run: a run every 6 h looks at the last two weeks, so a missed run costs nothing. */
export const CHECK_DAYS = 14;
export const CONSUMPTION_QUEUE = 'consumption-sweep';
export const CONSUMPTION_CRON = '37 */6 * * *';

/** One unresolved exception per vehicle, gathering its months (ADR 075). */
export const consumptionKey = (equipmentId: string) => subjectKey(CONSUMPTION_EXCEPTION, equipmentId);

const unit = (t: JudgedFill['meterType']) => (t === 'hours' ? 'L/h' : 'L/100 km');

/**
 * The consumption check of one account (`src/contract/consumption.ts`): the fuel fills of the
 * last `CHECK_DAYS` against each vehicle's year before them (figures from one set-based query,
 * judged by the contract's `judgeFill`). Each month of a vehicle's outlier fills is one entry
 * naming the month's first outlier fill and listing them all; a vehicle's unresolved exception
 * gathers its months, else a new one names the first fill (ADR 075).
 */
export async function checkConsumption(
  db: DbOrTx,
  accountId: number,
  now = new Date(),
): Promise<{ outliers: number; raised: string[] }> {
  const since = new Date(now.getTime() - CHECK_DAYS * DAY_MS);
  const repo = consumptionRepository(db);
  // The account's sensitivity (exception rules, ADR 027) and calibrated baseline size (ADR 052).
  const [rules, thresholds] = await Promise.all([
    exceptionRulesRepository(db).rulesFor(accountId),
    thresholdsRepository(db).activeFor(accountId),
  ]);
  const limits = {
    z: rules.outlierZ,
    minExcess: rules.outlierMinExcessPct / 100,
    minFills: thresholds.values.baselineMinFills,
  };
  const byMonth = new Map<string, Array<JudgedFill & { baseline: number; excess: number; z: number }>>();
  let outliers = 0;
  for (const fill of await repo.judgedFills(accountId, since, now)) {
    const j = judgeFill(fill.rate, fill, limits);
    if (!j) continue;
    outliers++;
    const key = `${fill.equipmentId}|${fill.at.slice(0, 7)}`;
    byMonth.set(key, [...(byMonth.get(key) ?? []), { ...fill, ...j }]);
  }
  const raises: PeriodicRaise[] = [...byMonth].map(([key, fills]) => {
    const o = fills[0];
    const u = unit(o.meterType);
    const hours = o.meterType === 'hours';
    const worst = Math.max(...fills.map((f) => f.excess));
    return {
      subjectId: o.equipmentId,
      entity: 'dispense',
      entityId: o.id,
      storeId: o.storeId,
      equipmentId: o.equipmentId,
      entry: {
        period: key.slice(-7),
        message:
          `${o.fleetNo}: ${o.litres.toFixed(1)} L for ${o.distance.toFixed(hours ? 1 : 0)} ${hours ? 'h' : 'km'} is ${o.rate.toFixed(1)} ${u}, ` +
          `${Math.round(o.excess * 100)} % over its usual ${o.baseline.toFixed(1)} ${u}` +
          (fills.length > 1 ? ` (${fills.length} such fills this month so far)` : ''),
        summary:
          `${fills.length} fill${fills.length > 1 ? 's' : ''}, up to ${Math.round(worst * 100)} % over ` +
          `its usual ${o.baseline.toFixed(1)} ${u}`,
        unit: u,
        baseline: o.baseline,
        fillsInBaseline: o.n,
        fills: fills.map((f) => ({
          id: f.id,
          at: f.at,
          litres: f.litres,
          distance: f.distance,
          rate: Math.round(f.rate * 100) / 100,
          excess: f.excess,
          z: f.z,
        })),
      },
    };
  });
  const done = await raiseOrExtend(
    db,
    accountId,
    { code: CONSUMPTION_EXCEPTION, severity: 'warning', noun: 'Fuel use far over usual' },
    raises,
  );
  return { outliers, raised: done.map((d) => d.key) };
}

/** Every account with recent fills. Idempotent (a month is held once per vehicle), so several instances may run it. */
export async function sweepConsumption(db: DbOrTx, now = new Date()): Promise<number> {
  let raised = 0;
  const repo = consumptionRepository(db);
  for (const accountId of await repo.accountsWithDispenses(new Date(now.getTime() - CHECK_DAYS * DAY_MS))) {
    raised += (await checkConsumption(db, accountId, now)).raised.length;
  }
  return raised;
}

/** The sweep as a pg-boss cron job (singleton: one instance runs it at a time), also run once at start. */
export function registerConsumptionSweep(jobs: Jobs) {
  jobs.cron(CONSUMPTION_QUEUE, CONSUMPTION_CRON, () => sweepConsumption(jobs.database.db), { runAtStart: true });
}
