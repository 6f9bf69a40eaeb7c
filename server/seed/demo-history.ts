import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { addDays, localDate } from '../../src/contract/calendar';
import type { Db, Tx } from '../db/client';
import { accounts } from '../db/schema';
import { audit } from '../lib/audit';
import { DEMO_FUELS } from './demo-catalogue';
import { planDispenses, type HistoryCalendar } from './demo-history-dispenses';
import { loadHistoryFleet, localMidnight, type HistoryFleet } from './demo-history-fleet';
import {
  insertDispenses,
  insertMovements,
  insertReadings,
  insertReceipts,
  insertTransfers,
  movementsOf,
} from './demo-history-insert';
import { accountAdmin, pickJudged, seedJudged } from './demo-history-judged';
import { simulateTanks } from './demo-history-tanks';
import { seedDemoIncidents } from './demo-incidents';
import { insertDemoPrices } from './demo-prices';
import { prng } from './prng';

/** Days of history before today (today, up to now, comes on top). */
export const HISTORY_DAYS = 365;
const SEED = 20_250_101;

/** `FAMS_DEMO_HISTORY=0` seeds the demo accounts without their year of records. */
export const demoHistoryEnabled = (env: NodeJS.ProcessEnv = process.env) => env.FAMS_DEMO_HISTORY !== '0';

/** The calendar from local midnight HISTORY_DAYS ago up to `now`, in the stores' zones. */
export function historyCalendar(fleet: HistoryFleet, now: Date, days = HISTORY_DAYS): HistoryCalendar {
  const today = localDate(now, fleet.stores[0].timezone);
  const dates = Array.from({ length: days + 1 }, (_, i) => addDays(today, i - days));
  const dayStart = new Map(fleet.stores.map((s) => [s.id, dates.map((d) => localMidnight(s.timezone, d))]));
  return {
    dates,
    weekdays: dates.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()),
    dayStart,
    start: Math.min(...[...dayStart.values()].map((v) => v[0])),
    end: now.getTime(),
  };
}

/** Everything the year holds, computed before anything is written (pure, seeded). */
export function planHistory(fleet: HistoryFleet, now: Date, days = HISTORY_DAYS) {
  const r = prng(SEED);
  const cal = historyCalendar(fleet, now, days);
  const fills = planDispenses(r, fleet, cal);
  const tanks = simulateTanks(r, fleet, cal, fills.dispenses);
  // Drawn after everything above, so the rest of the year is the same with or without them.
  const judged = pickJudged(r, fills.dispenses, days);
  return {
    cal,
    ...fills,
    ...tanks,
    judged,
    movements: [...movementsOf(fills.dispenses, tanks.receipts, tanks.transfers), ...tanks.adjustments],
  };
}
export type HistoryPlan = ReturnType<typeof planHistory>;

/**
 * One year of Demo Fuels up to now (ADR 013): ~150 000 dispenses with meters rising per equipment,
 * deliveries when tanks run low, transfers, hourly gauge readings that agree with the records
 * (dips after closing on tanks without a probe), a slowly leaking tank and a truck whose
 * consumption jumps. Written in one transaction by bulk statements (see `writeHistory`), with one
 * audit entry for the whole.
 */
export async function seedDemoHistory(db: Db, log: Logger, now = new Date()): Promise<HistoryPlan | null> {
  const started = Date.now();
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Fuels'));
  if (!account) return null;
  const fleet = await loadHistoryFleet(db, account.id, DEMO_FUELS);
  const plan = planHistory(fleet, now);
  const planned = Date.now();
  const steps = await db.transaction((tx) => writeHistory(tx, account.id, plan));
  // Fresh tables have no statistics until autovacuum gets to them; the first reports would plan blind.
  // The small reference tables too: autovacuum analyzes a table after 50 changed rows, so a few
  // stores, tanks and products are never analyzed, and planned as empty they made the GPS records'
  // count a nested loop over stores × tanks × products (1.8 s instead of 50 ms, ADR 081).
  await db.execute(
    sql`analyze dispenses, receipts, transfers, stock_movements, tank_readings, exceptions, audit_log, stores, tanks, products, equipment, employees`,
  );
  log.info(
    {
      dispenses: plan.dispenses.length,
      receipts: plan.receipts.length,
      transfers: plan.transfers.length,
      readings: plan.readings.length,
      leak: plan.leak,
      theft: plan.theft?.fleetNo,
      planMs: planned - started,
      writeMs: Date.now() - planned,
      steps,
    },
    'demo history seeded',
  );
  return plan;
}

/**
 * Writes a plan in the caller's transaction. Row by row, Postgres would check 2–8 foreign keys per
 * row (80 % of the time of these inserts), and the statement-level trigger would still rewrite
 * `tank_stock` once per insert statement (migration 0008). As the database owner
 * (the embedded database's superuser), the seed switches both off for its own transaction
 * (`session_replication_role = replica`, which skips FK and user triggers), checks every
 * reference once afterwards with one anti-join per foreign key, and rebuilds each tank's book
 * from its movements — the same sum the trigger keeps — and the dispenses' day rollups. Without
 * that right (another database user), the foreign keys are checked row by row and only the trigger
 * is paused (ALTER TABLE is transactional: a failure restores it).
 */
export async function writeHistory(
  tx: Tx,
  accountId: number,
  plan: HistoryPlan,
): Promise<Record<string, number | string>> {
  const ms: Record<string, number | string> = {};
  let t = Date.now();
  const step = async (name: string, f: () => Promise<unknown>) => {
    await f();
    ms[name] = Date.now() - t;
    t = Date.now();
  };
  const fast = await tx
    .transaction((sp) => sp.execute(sql`set local session_replication_role = replica`))
    .then(
      () => true,
      () => false,
    );
  ms.mode = fast ? 'bulk checks' : 'row checks';
  if (!fast) await tx.execute(sql`alter table stock_movements disable trigger stock_movements_tank_stock`);
  // The judged fills come in through the ingest below, with their stock movements.
  const judged = new Set(plan.judged.map((d) => d.id));
  await step('dispenses', () =>
    insertDispenses(
      tx,
      accountId,
      plan.dispenses.filter((d) => !judged.has(d.id)),
    ),
  );
  await step('receipts+transfers', async () => {
    await insertReceipts(tx, accountId, plan.receipts);
    await insertTransfers(tx, accountId, plan.transfers);
  });
  await step('readings', () => insertReadings(tx, accountId, plan.readings));
  await step('movements', () =>
    insertMovements(
      tx,
      accountId,
      plan.movements.filter((m) => !judged.has(m.refId ?? '')),
    ),
  );
  await step('prices', () => insertDemoPrices(tx, accountId, plan.cal.dates));
  if (fast) {
    await tx.execute(sql`set local session_replication_role = origin`);
    await step('verify', () => verifyReferences(tx, accountId));
  } else {
    await tx.execute(sql`alter table stock_movements enable trigger stock_movements_tank_stock`);
  }
  await tx.execute(sql`
    insert into tank_stock (account_id, tank_id, book_litres, updated_at)
    select account_id, tank_id, sum(litres), now() from stock_movements where account_id = ${accountId} group by account_id, tank_id
    on conflict (account_id, tank_id) do update set book_litres = excluded.book_litres, updated_at = now()`);
  // The day rollups of the dispenses (ADR 034), which the triggers kept only when they were on.
  await tx.execute(sql`select dispense_days_rebuild(${accountId})`);
  // Who handles the exceptions and logs the incidents.
  const admin = await accountAdmin(tx, accountId);
  let raised = 0;
  await step(
    'judged',
    async () => (raised = await seedJudged(tx, accountId, admin, plan.judged, plan.cal.end, SEED + 1)),
  );
  let incidents = 0;
  if (admin)
    await step('incidents', async () => (incidents = await seedDemoIncidents(tx, accountId, admin, plan.cal.end)));
  await audit(tx, {
    accountId,
    userId: 1,
    action: 'seed',
    entity: 'demo_history',
    after: {
      from: plan.cal.dates[0],
      to: plan.cal.dates[plan.cal.dates.length - 1],
      dispenses: plan.dispenses.length,
      receipts: plan.receipts.length,
      transfers: plan.transfers.length,
      readings: plan.readings.length,
      stockMovements: plan.movements.length,
      judged: plan.judged.length,
      exceptions: raised,
      incidents,
      leak: plan.leak,
      theft: plan.theft && { ...plan.theft, from: new Date(plan.theft.from).toISOString() },
    },
  });
  ms.book = Date.now() - t;
  return ms;
}

/** The foreign keys of the rows written above (beyond account_id, which is the constant we wrote). */
const REFERENCES: [table: string, column: string, target: string][] = [
  ['dispenses', 'store_id', 'stores'],
  ['dispenses', 'tank_id', 'tanks'],
  ['dispenses', 'product_id', 'products'],
  ['dispenses', 'equipment_id', 'equipment'],
  ['dispenses', 'employee_id', 'employees'],
  ['dispenses', 'cost_centre_id', 'cost_centres'],
  ['receipts', 'tank_id', 'tanks'],
  ['transfers', 'from_tank_id', 'tanks'],
  ['transfers', 'to_tank_id', 'tanks'],
  ['transfers', 'employee_id', 'employees'],
  ['tank_readings', 'tank_id', 'tanks'],
  ['stock_movements', 'tank_id', 'tanks'],
];

/**
 * Every reference of the account's field records resolves (one anti-join per key); throws, rolling all back, otherwise.
 */
async function verifyReferences(tx: Tx, accountId: number) {
  const checks = REFERENCES.map(
    ([table, column, target]) => sql`
    select ${`${table}.${column}`} as key, count(*)::int as n from ${sql.raw(table)} x
    where x.account_id = ${accountId} and x.${sql.raw(column)} is not null
      and not exists (select 1 from ${sql.raw(target)} t where t.account_id = x.account_id and t.id = x.${sql.raw(column)})`,
  );
  const { rows } = await tx.execute(sql`${sql.join(checks, sql` union all `)}`);
  const broken = (rows as { key: string; n: number }[]).filter((r) => r.n > 0);
  const users = await tx.execute(
    sql`select count(*)::int as n from dispenses d where d.account_id = ${accountId} and not exists (select 1 from users u where u.id = d.created_by)`,
  );
  if (broken.length || (users.rows[0] as { n: number }).n)
    throw new Error(`demo history: broken references ${JSON.stringify(broken)}`);
}
