import { sql } from 'drizzle-orm';
import type { AllocationRule } from '../../../src/contract/setup/dispense-check';
import type { WebhookEvent } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import { subscribedSql } from '../integrations/webhooks.repository';
import { executeNamed } from './prepared';

export interface TankRef {
  id: string;
  storeId: string;
  productId: string;
  timezone: string;
}
export interface EquipmentRef {
  id: string;
  costCentreId: string | null;
  currentMeter: number | null;
  meterType: 'km' | 'hours' | null;
  /** A meter is fitted (own, else the type's, else yes; ADR 076). */
  hasMeter: boolean;
  /** Effective tank capacity: the equipment's own, else its type's. */
  capacity: number | null;
}

export interface ReferenceAsk {
  tanks: readonly string[];
  equipment?: readonly string[];
  employees?: readonly string[];
  costCentres?: readonly string[];
  /**
   * The live allocations that could govern the asked records: of the asked tanks' products, and
   * for the asked equipment, employees or cost centres (the equipment's own cost centres too).
   * An allocation of another subject never governs a record of the batch, so it is not read.
   */
  allocations?: boolean;
  /**
   * The stored payload hashes of these ids in this table (replays and clashes), read in the same
   * query: one round trip less for every batch (ADR 016, third pass).
   */
  hashes?: { table: 'dispenses' | 'transfers' | 'receipts'; ids: readonly string[] };
  /**
   * Also read the account's stored exception rules and its webhooks subscribed to this event, so
   * the batch runs no query of its own for them (ADR 055): the webhooks' read no longer sits
   * between the stock statement (which locks the tanks' books) and the commit.
   */
  rulesAndWebhooks?: WebhookEvent;
  /**
   * ADR 076: the user who recorded the batch on a field device: their live, active employee is read
   * (`recorderEmployee`), the employee of their records that name none.
   */
  recorder?: number;
}

export interface References {
  tanks: Map<string, TankRef>;
  equipment: Map<string, EquipmentRef>;
  employees: Set<string>;
  costCentres: Set<string>;
  allocationsOf: (productId: string) => AllocationRule[];
  /** Stored payload hash by id, for `ask.hashes`. */
  hashes: Map<string, string>;
  /** With `ask.rulesAndWebhooks`: the stored rules (null: none stored) and the subscribed webhooks' ids. */
  rulesAndWebhooks?: { rules: unknown; webhooks: string[] };
  /** With `ask.recorder`: the recording user's employee, or null when they are none. */
  recorderEmployee?: string | null;
}

const ids = (list: readonly string[] | undefined) => sql`${sql.param([...new Set(list ?? [])])}::uuid[]`;

/**
 * Everything a batch's records refer to in this account, in ONE query (a batch of ten records
 * otherwise spends more on round trips than on work): tanks with their store's time zone,
 * equipment with its type's meter type and capacity, which employees and cost centres exist, and
 * the live allocations that could govern the records (a batch of ten otherwise carried all ~200 of
 * the demo account's allocations of its products). Soft-deleted master data still resolves: a record
 * made before a deletion is still stored. With `ask.hashes`, a batch whose ids are all stored already
 * (a pure replay: a device resending what it was not answered) reads only the hashes: the other
 * parts are gated on "some id is not stored" (an InitPlan, so their scans do not run).
 */
export async function loadReferences(db: DbOrTx, accountId: number, ask: ReferenceAsk): Promise<References> {
  const none = sql`'[]'::json`;
  const asked = [...new Set(ask.hashes?.ids ?? [])];
  const gate = asked.length ? sql` and (select count(*) from h) < ${asked.length}` : sql``;
  const {
    rows: [r],
  } = await executeNamed<{
    tanks: TankRef[];
    equipment: EquipmentRef[];
    employees: string[];
    cost_centres: string[];
    allocations: AllocationRule[];
    hashes: [string, string][];
    rules?: unknown;
    webhooks?: string[];
    recorder_employee?: string | null;
  }>(
    db,
    sql`${
      asked.length
        ? sql`with h as (select id, payload_hash from ${sql.identifier(ask.hashes!.table)}
      where account_id = ${accountId} and id = any(${ids(asked)}))`
        : sql``
    }
    select
      (select coalesce(json_agg(json_build_object('id', t.id, 'storeId', t.store_id, 'productId', t.product_id, 'timezone', s.timezone)), '[]')
        from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id
        where t.account_id = ${accountId} and t.id = any(${ids(ask.tanks)})${gate}) as tanks,
      ${
        ask.equipment?.length
          ? sql`(select coalesce(json_agg(json_build_object('id', e.id, 'costCentreId', e.cost_centre_id, 'currentMeter', e.current_meter,
          'meterType', coalesce(e.meter_type, y.meter_type), 'hasMeter', coalesce(e.has_meter, y.has_meter, true), 'capacity', coalesce(e.tank_capacity, y.tank_capacity))), '[]')
        from equipment e left join equipment_types y on y.account_id = e.account_id and y.id = e.type_id
        where e.account_id = ${accountId} and e.id = any(${ids(ask.equipment)})${gate})`
          : none
      } as equipment,
      ${ask.employees?.length ? sql`(select coalesce(json_agg(id), '[]') from employees where account_id = ${accountId} and id = any(${ids(ask.employees)})${gate})` : none} as employees,
      ${ask.costCentres?.length ? sql`(select coalesce(json_agg(id), '[]') from cost_centres where account_id = ${accountId} and id = any(${ids(ask.costCentres)})${gate})` : none} as cost_centres,
      ${
        ask.allocations
          ? sql`(select coalesce(json_agg(json_build_object('id', a.id, 'productId', a.product_id, 'storeId', a.store_id,
          'equipmentId', a.equipment_id, 'employeeId', a.employee_id, 'costCentreId', a.cost_centre_id, 'dailyLimit', a.daily_limit,
          'monthlyLimit', a.monthly_limit, 'weekdays', a.weekdays, 'hoursFrom', a.hours_from, 'hoursTo', a.hours_to,
          'maxPerTransaction', a.max_per_transaction, 'active', a.active)), '[]')
        from allocations a where a.account_id = ${accountId} and a.deleted_at is null
          and a.product_id in (select product_id from tanks where account_id = ${accountId} and id = any(${ids(ask.tanks)}))
          and (a.equipment_id = any(${ids(ask.equipment)}) or a.employee_id = any(${ids(ask.employees)}) or a.cost_centre_id = any(${ids(ask.costCentres)})
            or a.cost_centre_id in (select cost_centre_id from equipment where account_id = ${accountId} and id = any(${ids(ask.equipment)}))${
              ask.recorder !== undefined
                ? sql`
            or a.employee_id in (select id from employees where account_id = ${accountId} and user_id = ${ask.recorder} and deleted_at is null)`
                : sql``
            })${gate})`
          : none
      } as allocations,
      ${
        asked.length ? sql`(select coalesce(json_agg(json_build_array(h.id, h.payload_hash)), '[]') from h)` : none
      } as hashes${
        ask.rulesAndWebhooks
          ? sql`,
      (select rules from exception_rules where account_id = ${accountId}) as rules,
      (select coalesce(json_agg(w.id), '[]') from (${subscribedSql(accountId, ask.rulesAndWebhooks)}) w) as webhooks`
          : sql``
      }${
        ask.recorder !== undefined
          ? sql`,
      (select id from employees where account_id = ${accountId} and user_id = ${ask.recorder}
        and deleted_at is null and active${gate}) as recorder_employee`
          : sql``
      }`,
  );
  const byProduct = new Map<string, AllocationRule[]>();
  for (const a of r.allocations) byProduct.set(a.productId, [...(byProduct.get(a.productId) ?? []), a]);
  return {
    tanks: new Map(r.tanks.map((t) => [t.id, t])),
    equipment: new Map(r.equipment.map((e) => [e.id, e])),
    employees: new Set(r.employees),
    costCentres: new Set(r.cost_centres),
    allocationsOf: (productId) => byProduct.get(productId) ?? [],
    hashes: new Map(r.hashes),
    ...(ask.rulesAndWebhooks ? { rulesAndWebhooks: { rules: r.rules ?? null, webhooks: r.webhooks ?? [] } } : {}),
    ...(ask.recorder !== undefined ? { recorderEmployee: r.recorder_employee ?? null } : {}),
  };
}
