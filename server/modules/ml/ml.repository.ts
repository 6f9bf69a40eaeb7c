import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { MlReport, TrainingLabel } from '../../../src/contract/ml';
import type { DbOrTx } from '../../db/client';
import { mlSandboxReports } from '../../db/schema';

type Stored = Omit<MlReport, 'id' | 'createdAt' | 'expiresAt'>;

/** A day's exceptions: how many, their codes and their outcome (genuine wins over a false alarm, both over open). */
export interface Outcome {
  exceptions: number;
  codes: string;
  label: TrainingLabel;
}

/** Outcome columns of a group of joined exceptions `e` (left join: none → count 0, label `none`). */
const outcomeSql = sql`count(e.id)::int as exceptions, coalesce(string_agg(distinct e.code, ' '), '') as codes,
  case when bool_or(e.status = 'resolved' and e.resolution_reason is distinct from 'false_alarm') then 'genuine'
       when bool_or(e.status = 'resolved' and e.resolution_reason = 'false_alarm') then 'false_alarm'
       when bool_or(e.status <> 'resolved') then 'unresolved' else 'none' end as label`;

export interface EquipmentDay extends Outcome {
  equipment_id: string;
  fleet_no: string;
  day: string;
  meter_type: string;
  fills: number;
  litres: number;
  max_fill_litres: number;
  distance: number | null;
  rate: number | null;
}

/** `/MLUpload`'s reads and writes: the sandbox reports and the training set's set-based reads. */
export function mlRepository(db: DbOrTx) {
  return {
    async saveReport(id: string, accountId: number, userId: number, report: Stored, ttlHours: number) {
      const [r] = await db
        .insert(mlSandboxReports)
        .values({
          id,
          accountId,
          createdBy: userId,
          report,
          expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
        })
        .returning({ createdAt: mlSandboxReports.createdAt, expiresAt: mlSandboxReports.expiresAt });
      return r;
    },

    /** The account's report while it has not expired. */
    async report(accountId: number, id: string) {
      const [r] = await db
        .select()
        .from(mlSandboxReports)
        .where(
          and(
            eq(mlSandboxReports.id, id),
            eq(mlSandboxReports.accountId, accountId),
            gt(mlSandboxReports.expiresAt, sql`now()`),
          ),
        );
      return r ?? null;
    },

    /** Deletes expired reports of every account (housekeeping on each upload). */
    async deleteExpired(): Promise<number> {
      const r = await db
        .delete(mlSandboxReports)
        .where(lt(mlSandboxReports.expiresAt, sql`now()`))
        .returning({ id: mlSandboxReports.id });
      return r.length;
    },

    /**
     * Per equipment and store-local day of `from`..`to`: the fills (reversals and reversed ones left
     * out, as the consumption check does), litres, the distance since each fill's previous fill
     * (the month before `from` gives the first one its predecessor), the rate, and the outcome of
     * the exceptions raised on those fills.
     */
    async equipmentDays(accountId: number, from: string, to: string): Promise<EquipmentDay[]> {
      const res = await db.execute(sql`
        with f as (
          select d.id, d.equipment_id, (d.dispensed_at at time zone s.timezone)::date as day, d.litres::float8 as litres,
            coalesce(d.meter_type, 'km') as mt,
            (d.meter - lag(d.meter) over (partition by d.equipment_id, d.product_id order by d.dispensed_at, d.id))::float8 as distance
          from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
          where d.account_id = ${accountId} and d.reversal_of is null
            and d.dispensed_at >= ${from}::date - 32 and d.dispensed_at < ${to}::date + 2
            and d.id not in (select reversal_of from dispenses where account_id = ${accountId} and reversal_of is not null)
        ), g as (
          select f.equipment_id, f.day, min(f.mt) as mt, count(*)::int as fills, sum(f.litres) as litres, max(f.litres) as max_fill,
            sum(f.distance) filter (where f.distance > 0) as distance,
            sum(f.litres) filter (where f.distance > 0) as measured
          from f where f.day between ${from}::date and ${to}::date group by 1, 2
        ), o as (
          select f.equipment_id, f.day, ${outcomeSql}
          from f left join exceptions e on e.account_id = ${accountId} and e.entity = 'dispense' and e.entity_id = f.id
          where f.day between ${from}::date and ${to}::date group by 1, 2
        )
        select g.equipment_id, coalesce(eq.fleet_no, '') as fleet_no, to_char(g.day, 'YYYY-MM-DD') as day, g.mt as meter_type,
          g.fills, round(g.litres::numeric, 3)::float8 as litres, round(g.max_fill::numeric, 3)::float8 as max_fill_litres,
          round(g.distance::numeric, 1)::float8 as distance,
          case when g.distance > 0 then round((g.measured / g.distance * case when g.mt = 'hours' then 1 else 100 end)::numeric, 3)::float8 end as rate,
          o.exceptions, o.codes, o.label
        from g join o using (equipment_id, day)
          left join equipment eq on eq.account_id = ${accountId} and eq.id = g.equipment_id
        order by fleet_no, g.day`);
      return res.rows as unknown as EquipmentDay[];
    },

    /** The outcome of the exceptions raised on each tank per store-local day of `from`..`to`. */
    async tankOutcomes(accountId: number, from: string, to: string): Promise<Map<string, Outcome>> {
      const res = await db.execute(sql`
        select e.tank_id, to_char((e.raised_at at time zone s.timezone)::date, 'YYYY-MM-DD') as day, ${outcomeSql}
        from exceptions e join stores s on s.account_id = e.account_id and s.id = e.store_id
        where e.account_id = ${accountId} and e.tank_id is not null
          and e.raised_at >= ${from}::date - 1 and e.raised_at < ${to}::date + 2
        group by 1, 2`);
      const rows = res.rows as unknown as Array<Outcome & { tank_id: string; day: string }>;
      return new Map(
        rows.map((r) => [`${r.tank_id}|${r.day}`, { exceptions: r.exceptions, codes: r.codes, label: r.label }]),
      );
    },
  };
}
