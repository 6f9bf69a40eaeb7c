import { sql, type SQL } from 'drizzle-orm';
import {
  FUTURE_TOLERANCE_MINUTES,
  INTEGRITY_ROW_CAP,
  type IntegrityCheckId,
  type IntegrityResult,
  type IntegrityRow,
} from '../../../src/contract/integrity';
import type { Db, DbOrTx } from '../../db/client';

/**
 * The integrity checks (src/contract/integrity.ts), each ONE set-based statement over one account:
 * it returns the check's first `INTEGRITY_ROW_CAP` rows, each carrying the full count
 * (`count(*) over ()`), so a check is one round trip whatever it finds. Rows name things as a user
 * knows them (fleet no., store and tank codes, times).
 */

const CAP = INTEGRITY_ROW_CAP;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

type Query = (a: number, now: SQL) => SQL;

const CHECKS: Record<IntegrityCheckId, Query> = {
  /** Per equipment and meter type, by time: a meter below the previous dispense's (reversed ones left out). */
  meter_out_of_sequence: (a) => sql`
    with d as (
      select d.store_id, d.equipment_id, d.dispensed_at, d.meter,
             lag(d.meter) over w as prev_meter, lag(d.dispensed_at) over w as prev_at
      from dispenses d
      where d.account_id = ${a} and d.meter is not null and d.reversal_of is null
        and not exists (select 1 from dispenses r where r.account_id = ${a} and r.reversal_of = d.id)
      window w as (partition by d.equipment_id, d.meter_type order by d.dispensed_at, d.id)
    )
    select e.fleet_no as "fleetNo", s.code as store, d.dispensed_at as at, d.meter::float8 as meter,
           d.prev_meter::float8 as "previousMeter", d.prev_at as "previousAt", count(*) over () as total
    from d
    join equipment e on e.account_id = ${a} and e.id = d.equipment_id
    join stores s on s.account_id = ${a} and s.id = d.store_id
    where d.meter < d.prev_meter
    order by d.dispensed_at desc
    limit ${CAP}`,

  /**
   * The holders' own columns (equipment.tags, employees.tag), not the registry: the registry's unique
   * index keeps itself clean, the question is whether the holders still agree with it.
   */
  tag_two_holders: (a) => sql`
    with h as (
      select lower(t.tag) as k, t.tag, 'equipment' as kind, e.id, e.fleet_no as name
      from equipment e cross join lateral unnest(e.tags) as t(tag)
      where e.account_id = ${a} and e.deleted_at is null and t.tag <> ''
      union all
      select lower(p.tag), p.tag, 'employee', p.id, p.name || ' (' || p.number || ')'
      from employees p
      where p.account_id = ${a} and p.deleted_at is null and p.tag is not null and p.tag <> ''
    )
    select min(tag) as tag, string_agg(distinct kind || ' ' || name, ', ') as holders, count(*) over () as total
    from h
    group by k
    having count(distinct id) > 1
    order by 1
    limit ${CAP}`,

  tank_without_strapping: (a) => sql`
    select s.code as store, t.code as tank, t.name, t.capacity::float8 as capacity, count(*) over () as total
    from tanks t
    join stores s on s.account_id = ${a} and s.id = t.store_id
    where t.account_id = ${a} and t.deleted_at is null
      and (case when jsonb_typeof(t.strapping_chart) = 'array' then jsonb_array_length(t.strapping_chart) else 0 end) < 2
    order by s.code, t.code
    limit ${CAP}`,

  negative_book_stock: (a) => sql`
    select s.code as store, t.code as tank, k.book_litres::float8 as "bookLitres", count(*) over () as total
    from tank_stock k
    join tanks t on t.account_id = ${a} and t.id = k.tank_id
    join stores s on s.account_id = ${a} and s.id = t.store_id
    where k.account_id = ${a} and k.book_litres < 0 and t.deleted_at is null
    order by k.book_litres
    limit ${CAP}`,

  /** The unique index already refuses two live allocations with the same store (or both "any"). */
  overlapping_allocations: (a) => sql`
    with x as (
      select id, product_id, store_id, equipment_id, employee_id, cost_centre_id
      from allocations where account_id = ${a} and deleted_at is null and active
    )
    select coalesce('Equipment ' || e.fleet_no, 'Employee ' || p.name || ' (' || p.number || ')', 'Cost centre ' || c.code)
             as subject,
           pr.code as product,
           coalesce(s1.code, 'any store') || ' + ' || coalesce(s2.code, 'any store') as stores,
           count(*) over () as total
    from x
    join x y on y.product_id = x.product_id and x.id < y.id
      and y.equipment_id is not distinct from x.equipment_id
      and y.employee_id is not distinct from x.employee_id
      and y.cost_centre_id is not distinct from x.cost_centre_id
      and (x.store_id is null or y.store_id is null or x.store_id = y.store_id)
    join products pr on pr.account_id = ${a} and pr.id = x.product_id
    left join equipment e on e.account_id = ${a} and e.id = x.equipment_id
    left join employees p on p.account_id = ${a} and p.id = x.employee_id
    left join cost_centres c on c.account_id = ${a} and c.id = x.cost_centre_id
    left join stores s1 on s1.account_id = ${a} and s1.id = x.store_id
    left join stores s2 on s2.account_id = ${a} and s2.id = y.store_id
    order by 1, 2
    limit ${CAP}`,

  /** The foreign key keeps the tank row; a deleted (soft) tank is the case that can happen. */
  receipt_without_tank: (a) => sql`
    select s.code as store, t.code as tank, r.delivery_note as "deliveryNote", r.supplier, r.received_on as at,
           r.litres::float8 as litres, count(*) over () as total
    from receipts r
    left join tanks t on t.account_id = ${a} and t.id = r.tank_id
    left join stores s on s.account_id = ${a} and s.id = t.store_id
    where r.account_id = ${a} and (t.id is null or t.deleted_at is not null)
    order by r.received_on desc
    limit ${CAP}`,

  reading_in_future: (a, now) => sql`
    with f as (
      select 'Tank reading' as kind, s.code as store, s.code || ' ' || t.code as subject, r.read_at as at,
             r.source as source
      from tank_readings r
      join tanks t on t.account_id = ${a} and t.id = r.tank_id
      join stores s on s.account_id = ${a} and s.id = t.store_id
      where r.account_id = ${a} and r.read_at > ${now} + ${`${FUTURE_TOLERANCE_MINUTES} minutes`}::interval
      union all
      select 'Dispense', s.code, e.fleet_no, d.dispensed_at, 'device ' || d.device_id
      from dispenses d
      join equipment e on e.account_id = ${a} and e.id = d.equipment_id
      join stores s on s.account_id = ${a} and s.id = d.store_id
      where d.account_id = ${a} and d.dispensed_at > ${now} + ${`${FUTURE_TOLERANCE_MINUTES} minutes`}::interval
    )
    select kind, store, subject, at, source, count(*) over () as total
    from f
    order by at desc
    limit ${CAP}`,

  /** A transfer's legs are its stock movements (ref_id = the transfer): −litres out of the source, +litres in. */
  transfer_legs_disagree: (a) => sql`
    with m as (
      select ref_id, tank_id, kind, sum(litres) as l
      from stock_movements
      where account_id = ${a} and kind in ('transfer_out', 'transfer_in')
      group by ref_id, tank_id, kind
    )
    select fs.code || ' ' || ft.code as "from", coalesce(ts.code || ' ' || tt.code, 'bowser ' || t.to_bowser, '') as "to",
           t.transferred_at as at, t.litres::float8 as litres, mo.l::float8 as "outLeg", mi.l::float8 as "inLeg",
           count(*) over () as total
    from transfers t
    left join m mo on mo.ref_id = t.id and mo.kind = 'transfer_out' and mo.tank_id = t.from_tank_id
    left join m mi on mi.ref_id = t.id and mi.kind = 'transfer_in' and mi.tank_id = t.to_tank_id
    join tanks ft on ft.account_id = ${a} and ft.id = t.from_tank_id
    join stores fs on fs.account_id = ${a} and fs.id = ft.store_id
    left join tanks tt on tt.account_id = ${a} and tt.id = t.to_tank_id
    left join stores ts on ts.account_id = ${a} and ts.id = tt.store_id
    where t.account_id = ${a}
      and (mo.l is distinct from -t.litres or (t.to_tank_id is not null and mi.l is distinct from t.litres))
    order by t.transferred_at desc
    limit ${CAP}`,

  /**
   * Inactive since: the deletion, else the audit entry that turned `active` off (the latest), else
   * the row's last change. Each holder's dispenses after that by its (account, holder, time) index.
   */
  inactive_still_dispensing: (a) => {
    const since = (entity: string, alias: string) => sql`coalesce(${sql.raw(alias)}.deleted_at,
      (select max(l.at) from audit_log l
        where l.account_id = ${a} and l.entity = ${entity} and l.entity_id = ${sql.raw(alias)}.id::text
          and l.after ->> 'active' = 'false' and coalesce(l.before ->> 'active', 'true') <> 'false'),
      ${sql.raw(alias)}.updated_at)`;
    const after = (column: string) => sql`
      select count(*)::int as n, max(d.dispensed_at) as last_at
      from dispenses d
      where d.account_id = ${a} and d.${sql.raw(column)} = i.id and d.dispensed_at > i.since and d.reversal_of is null
        and not exists (select 1 from dispenses r where r.account_id = ${a} and r.reversal_of = d.id)`;
    return sql`
      with i as (
        select 'Equipment' as kind, e.id, e.fleet_no as who, ${since('equipment', 'e')} as since
        from equipment e where e.account_id = ${a} and (not e.active or e.deleted_at is not null)
      ), j as (
        select 'Employee' as kind, p.id, p.name || ' (' || p.number || ')' as who, ${since('employee', 'p')} as since
        from employees p where p.account_id = ${a} and (not p.active or p.deleted_at is not null)
      ), f as (
        select i.kind, i.who, i.since, x.n, x.last_at from i cross join lateral (${after('equipment_id')}) x
        union all
        select i.kind, i.who, i.since, x.n, x.last_at from j as i cross join lateral (${after('employee_id')}) x
      )
      select kind, who, since as "inactiveSince", n as dispenses, last_at as "lastAt", count(*) over () as total
      from f
      where n > 0
      order by last_at desc
      limit ${CAP}`;
  },
};

export function checksRepository(db: DbOrTx, accountId: number) {
  return {
    /** Runs one check: its full count and its first rows. */
    async run(id: IntegrityCheckId, now: Date): Promise<IntegrityResult> {
      const res = await db.execute(CHECKS[id](accountId, sql`${now.toISOString()}::timestamptz`));
      const raw = res.rows as Record<string, unknown>[];
      const rows: IntegrityRow[] = raw.map((r) => {
        const out: IntegrityRow = {};
        for (const [k, v] of Object.entries(r)) {
          if (k === 'total') continue;
          out[k] = typeof v === 'number' ? v : iso(v);
        }
        return out;
      });
      return { check: id, count: raw.length ? Number(raw[0].total) : 0, rows };
    },
  };
}

/**
 * Every check in one snapshot: a repeatable-read, read-only transaction, so the checks see the
 * same data, under a statement timeout so a run can never hold the database for long.
 */
export function runAllChecks(
  db: Db,
  accountId: number,
  ids: readonly IntegrityCheckId[],
  now: Date,
): Promise<IntegrityResult[]> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local statement_timeout = '120s'`);
      const checks = checksRepository(tx, accountId);
      const out: IntegrityResult[] = [];
      for (const id of ids) out.push(await checks.run(id, now));
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
