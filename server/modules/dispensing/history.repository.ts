import type { DbOrTx, Tx } from '../../db/client';
import { dispenses } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import { rowsShape } from './bulk.repository';
import { executeText } from './prepared';

/** What one stored dispense is checked against; only what its checks need is asked. */
export interface HistoryAsk {
  equipmentId: string;
  at: Date;
  /** The equipment's highest meter before `at` (the dispense has a meter). */
  meter: boolean;
  /** The equipment's last fill before `at` (a FAMS24 interval rule applies). */
  lastFill: boolean;
  /** The governing allocation's subject, whose litres of the product on the day and month count. */
  usage: { column: 'equipment' | 'employee' | 'cost_centre'; id: string; productId: string } | null;
  /** The store's time zone: days and months are the store's. */
  timeZone: string;
}

export interface HistoryFound {
  meter: number | null;
  lastFillAt: Date | null;
  /** Litres (as stored, exact) on the dispense's day and month; '0' when no allocation governs. */
  day: string;
  month: string;
  dayFrom: Date;
  dayTo: Date;
  monthFrom: Date;
  monthTo: Date;
}

/** A store-local day or month boundary of `at` in the zone `tz` (SQL expressions). */
const local = (unit: 'day' | 'month', at: string, tz: string, next = false) =>
  `(date_trunc('${unit}', ${at} at time zone ${tz})${next ? ` + interval '1 ${unit}'` : ''}) at time zone ${tz}`;

/** A history row as PostgreSQL answers it. */
export type HistoryRow = {
  meter: string | null;
  last_at: Date | null;
  day_from: Date;
  day_to: Date;
  month_from: Date;
  month_to: Date;
  day: string;
  month: string;
};

/**
 * The history checks of a batch of dispenses: what was stored before the batch (`exclude`: the
 * batch's own ids; the caller adds the batch's earlier records itself, see batch-order.ts). ONE
 * query whatever the batch's size: per record, the highest meter and the last fill before it with
 * its store-local day and month; per subject, product and day (records share them, `spans`), the
 * litres of that day and of its month, answered to each record of the span. A reversed dispense's
 * meter and fill no longer count (it was a mistake); a reversal's negative litres do count against
 * the allocation (they net the original out). Each probe walks an index from the dispense's side —
 * highest meter first (`dispenses_equipment_meter`), latest fill first (`dispenses_equipment_at`),
 * one month of a subject — so the cost does not grow with the history.
 *
 * Plain text with numbered parameters, built once per variant (ADR 063): `$1` the account, `$2`…`$10`
 * one array per column of the asks (`historyParams`), `$11` the ids left out (only with `exclude`;
 * without, no filter to plan: the ingest reads the history before it inserts the batch).
 */
function historyText(exclude: boolean): string {
  const notExcluded = exclude ? ' and d.id <> all($11::uuid[])' : '';
  const earlier = `d.account_id = $1::bigint and d.equipment_id = r.equipment_id and d.dispensed_at < r.at
    and d.reversal_of is null${notExcluded}
    and not exists (select 1 from dispenses x where x.account_id = $1::bigint and x.reversal_of = d.id)`;
  const inMonth = (column: string) => `select d.litres, d.dispensed_at from dispenses d
    where g.subject = '${column}' and d.account_id = $1::bigint and d.${column}_id = g.who and d.product_id = g.product_id
      and d.dispensed_at >= g.month_from and d.dispensed_at < g.month_to${notExcluded}`;
  return `with r as (
      select r.*, ${local('day', 'r.at', 'r.tz')} as day_from, ${local('day', 'r.at', 'r.tz', true)} as day_to,
        ${local('month', 'r.at', 'r.tz')} as month_from, ${local('month', 'r.at', 'r.tz', true)} as month_to
      from unnest($2::int[], $3::uuid[], $4::timestamptz[], $5::boolean[], $6::boolean[], $7::text[], $8::text[],
        $9::uuid[], $10::uuid[]) as r(i, equipment_id, at, want_meter, want_last, tz, subject, who, product_id)
    ), spans as (
      select distinct subject, who, product_id, day_from, day_to, month_from, month_to from r where subject is not null
    ), used as (
      select g.*, s.day, s.month from spans g cross join lateral (
        select coalesce(sum(x.litres) filter (where x.dispensed_at >= g.day_from and x.dispensed_at < g.day_to), 0) as day,
          coalesce(sum(x.litres), 0) as month
        from (${inMonth('equipment')} union all ${inMonth('employee')} union all ${inMonth('cost_centre')}) x
      ) s
    )
    select r.day_from, r.day_to, r.month_from, r.month_to, coalesce(u.day, 0) as day, coalesce(u.month, 0) as month,
      case when r.want_meter then (select d.meter from dispenses d where ${earlier} and d.meter is not null
        order by d.meter desc limit 1) end as meter,
      case when r.want_last then (select d.dispensed_at from dispenses d where ${earlier}
        order by d.dispensed_at desc limit 1) end as last_at
    from r left join used u on u.subject = r.subject and u.who = r.who and u.product_id = r.product_id
      and u.day_from = r.day_from and u.day_to = r.day_to and u.month_from = r.month_from and u.month_to = r.month_to
    order by r.i`;
}
const HISTORY = historyText(false);
const HISTORY_EXCLUDING = historyText(true);

/** `historyText`'s parameters `$1`…`$10`: the account, then one array per column of the asks. */
const historyParams = (accountId: number, asks: readonly HistoryAsk[]): unknown[] => {
  const n = asks.length;
  const cols: unknown[][] = Array.from({ length: 9 }, () => new Array(n));
  for (let i = 0; i < n; i++) {
    const a = asks[i];
    cols[0][i] = i;
    cols[1][i] = a.equipmentId;
    cols[2][i] = a.at.toISOString();
    cols[3][i] = a.meter;
    cols[4][i] = a.lastFill;
    cols[5][i] = a.timeZone;
    cols[6][i] = a.usage?.column ?? null;
    cols[7][i] = a.usage?.id ?? null;
    cols[8][i] = a.usage?.productId ?? null;
  }
  return [accountId, ...cols];
};

/** Parses the rows of `historyText`, in ask order. */
export const historyFound = (rows: readonly HistoryRow[]) =>
  rows.map((r): HistoryFound => ({
    meter: r.meter === null ? null : Number(r.meter),
    lastFillAt: r.last_at ? new Date(r.last_at) : null,
    day: String(r.day),
    month: String(r.month),
    dayFrom: new Date(r.day_from),
    dayTo: new Date(r.day_to),
    monthFrom: new Date(r.month_from),
    monthTo: new Date(r.month_to),
  }));

/**
 * The history checks of `asks` (`historyText`), in ask order: what is stored now less `exclude` (the
 * ids of a batch already inserted, e.g. a correction's replacement); empty when read before the insert.
 */
export async function dispenseHistory(
  db: DbOrTx,
  accountId: number,
  asks: readonly HistoryAsk[],
  exclude: readonly string[],
): Promise<HistoryFound[]> {
  if (!asks.length) return [];
  const { rows } = exclude.length
    ? await executeText<HistoryRow>(db, HISTORY_EXCLUDING, [...historyParams(accountId, asks), [...exclude]])
    : await executeText<HistoryRow>(db, HISTORY, historyParams(accountId, asks));
  return historyFound(rows);
}

/** The dispenses' columns the ingest writes, in the order of `insertDispenses`' parameters. */
export const DISPENSE_KEYS = [
  'accountId',
  'id',
  'payloadHash',
  'deviceId',
  'note',
  'createdBy',
  'variant',
  'storeId',
  'tankId',
  'productId',
  'equipmentId',
  'employeeId',
  'costCentreId',
  'litres',
  'meter',
  'meterType',
  'dispensedAt',
  'gpsLat',
  'gpsLng',
  'gpsAccuracyM',
  'employeeBy',
  'acceptedWarnings',
] as const satisfies readonly (keyof typeof dispenses.$inferInsert)[];
export type DispenseRow = Pick<typeof dispenses.$inferInsert, (typeof DISPENSE_KEYS)[number]>;

let insertText: string | undefined;
/** The rows (`rowsShape`, `$1…$22`) and the audit entries of the rows inserted (`$23…$26`), built once. */
const insertDispensesText = () =>
  (insertText ??= `with ins as (${rowsShape(dispenses, DISPENSE_KEYS, { onConflictDoNothing: true }).text}),
    aud as (insert into audit_log (account_id, user_id, action, entity, entity_id, after)
      select $23::bigint, $24::bigint, 'create', 'dispense', a.entity_id, a.after::jsonb
      from unnest($25::text[], $26::text[]) as a(entity_id, after) where a.entity_id::uuid in (select id from ins))
    select id from ins`);

/**
 * ONE statement (ADR 016, third pass; ADR 063): the rows (`on conflict do nothing`) and the audit
 * entries (`audit`: every entry's account and user are the batch's, action `create`, entity
 * `dispense`) of the rows it inserted; answers the ids inserted. Fixed text, so only the parameters
 * are made per request: made here, the statement run when the answered function is called (so the
 * caller makes them while its history query runs). The caller reads the history BEFORE it
 * (`dispenseHistory` with no exclusion), so it can judge the records while this runs.
 */
export function insertDispenses(
  tx: Tx,
  rows: readonly DispenseRow[],
  audit: { accountId: number; userId: number; entries: readonly AuditEntry[] },
): () => Promise<Set<string>> {
  const shape = rowsShape(dispenses, DISPENSE_KEYS, { onConflictDoNothing: true });
  const params = [
    ...shape.params(rows),
    audit.accountId,
    audit.userId,
    audit.entries.map((e) => e.entityId ?? null),
    audit.entries.map((e) => (e.after === null || e.after === undefined ? null : JSON.stringify(e.after))),
  ];
  return async () => {
    const { rows: ins } = await executeText<{ id: string }>(tx, insertDispensesText(), params);
    return new Set(ins.map((r) => r.id));
  };
}
