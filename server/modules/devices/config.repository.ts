import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ControllerConfig } from '../../../src/contract/devices-config';
import type { Db, DbOrTx } from '../../db/client';

/** SHA-256 of `<salt>:<tag in lower case>`, base64url: what a controller compares a read tag with. */
export const tagHash = (salt: string, tag: string) =>
  crypto.createHash('sha256').update(`${salt}:${tag.trim().toLowerCase()}`, 'utf8').digest('base64url');

type Rows<T> = Promise<{ rows: T[] }>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The configuration of a store's controller, read in one snapshot: live tanks, the account's
 * products, active equipment and employees allowed at the store, and the allocations for the
 * store or every store. Undefined when the store is not the account's.
 */
export async function controllerConfig(
  db: DbOrTx,
  accountId: number,
  storeId: string,
  now = new Date(),
): Promise<ControllerConfig | undefined> {
  const x = db as Db;
  const [store] = (
    await (x.execute(sql`select id, code, name, variant, timezone from stores
      where account_id = ${accountId} and id = ${storeId} and deleted_at is null`) as Rows<{
      id: string;
      code: string;
      name: string;
      variant: string;
      timezone: string;
    }>)
  ).rows;
  if (!store) return undefined;
  // The salt is the store's id: stable, so a controller's tag table does not change with each fetch.
  const salt = store.id;
  const tanks = await (x.execute(sql`select t.code, t.name, p.code as product_code, t.capacity from tanks t
      join products p on p.account_id = t.account_id and p.id = t.product_id
      where t.account_id = ${accountId} and t.store_id = ${storeId} and t.deleted_at is null
      order by lower(t.code), t.id`) as Rows<{ code: string; name: string; product_code: string; capacity: string }>);
  const products = await (x.execute(sql`select code, name, unit, price from products
      where account_id = ${accountId} and deleted_at is null order by lower(code)`) as Rows<{
    code: string;
    name: string;
    unit: string;
    price: string;
  }>);
  const equipment = await (x.execute(sql`select fleet_no, tags, pin_required, odometer_required from equipment
      where account_id = ${accountId} and deleted_at is null and active order by lower(fleet_no)`) as Rows<{
    fleet_no: string;
    tags: string[];
    pin_required: boolean;
    odometer_required: boolean;
  }>);
  const employees = await (x.execute(sql`select number, name, tag, pin_hash from employees
      where account_id = ${accountId} and deleted_at is null
        and (cardinality(store_ids) = 0 or ${storeId}::uuid = any(store_ids))
      order by lower(number)`) as Rows<{ number: string; name: string; tag: string | null; pin_hash: string | null }>);
  const allocations = await (x.execute(sql`select p.code as product_code,
        case when a.equipment_id is not null then 'equipment' when a.employee_id is not null then 'employee'
          else 'cost_centre' end as subject,
        coalesce(e.fleet_no, m.number, c.code) as subject_code,
        a.daily_limit, a.monthly_limit, a.max_per_transaction, a.weekdays, a.hours_from, a.hours_to
      from allocations a
      join products p on p.account_id = a.account_id and p.id = a.product_id
      left join equipment e on e.account_id = a.account_id and e.id = a.equipment_id
      left join employees m on m.account_id = a.account_id and m.id = a.employee_id
      left join cost_centres c on c.account_id = a.account_id and c.id = a.cost_centre_id
      where a.account_id = ${accountId} and a.deleted_at is null and a.active
        and (a.store_id is null or a.store_id = ${storeId})
      order by 1, 2, 3`) as Rows<{
    product_code: string;
    subject: 'equipment' | 'employee' | 'cost_centre';
    subject_code: string;
    daily_limit: string | null;
    monthly_limit: string | null;
    max_per_transaction: string | null;
    weekdays: number[] | null;
    hours_from: string | null;
    hours_to: string | null;
  }>);
  return {
    formatVersion: 1,
    generatedAt: now.toISOString(),
    store,
    tagSalt: salt,
    tanks: tanks.rows.map((t, i) => ({
      pump: i + 1,
      code: t.code,
      name: t.name,
      productCode: t.product_code,
      capacity: Number(t.capacity),
    })),
    products: products.rows.map((p) => ({ code: p.code, name: p.name, unit: p.unit, price: Number(p.price) })),
    equipment: equipment.rows.map((e) => ({
      fleetNo: e.fleet_no,
      tagHashes: (e.tags ?? []).map((t) => tagHash(salt, t)),
      pinRequired: e.pin_required,
      odometerRequired: e.odometer_required,
    })),
    employees: employees.rows.map((e) => ({
      number: e.number,
      name: e.name,
      tagHash: e.tag ? tagHash(salt, e.tag) : null,
      pinHash: e.pin_hash,
    })),
    allocations: allocations.rows.map((a) => ({
      productCode: a.product_code,
      subject: a.subject,
      subjectCode: a.subject_code,
      dailyLimit: num(a.daily_limit),
      monthlyLimit: num(a.monthly_limit),
      maxPerTransaction: num(a.max_per_transaction),
      weekdays: a.weekdays,
      hoursFrom: a.hours_from,
      hoursTo: a.hours_to,
    })),
  };
}
