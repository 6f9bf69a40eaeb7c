import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * The demo year's fuel prices (ADR 035): an all-stores price for each fuel from the first day of
 * the history, changed twice over the year, and one store's own diesel price for the last two
 * months — so the reports' cost columns move with the dates. Factors of the list price.
 */
export const DEMO_PRICE_STEPS: { dayIndex: number; factor: number }[] = [
  { dayIndex: 0, factor: 0.94 },
  { dayIndex: 130, factor: 0.98 },
  { dayIndex: 250, factor: 1.02 },
];

export async function insertDemoPrices(tx: Tx, accountId: number, dates: string[]) {
  const steps = DEMO_PRICE_STEPS.filter((s) => s.dayIndex < dates.length).map(
    (s) => sql`(${dates[s.dayIndex]}::date, ${s.factor}::numeric)`,
  );
  await tx.execute(sql`
    insert into product_prices (account_id, product_id, store_id, price, effective_from, created_by, updated_by)
    select p.account_id, p.id, null, round(p.price * f.factor, 2), f.day, 1, 1
    from products p, (values ${sql.join(steps, sql`, `)}) as f(day, factor)
    where p.account_id = ${accountId} and p.kind = 'fuel' and p.deleted_at is null`);
  const storeDay = dates[Math.max(0, dates.length - 60)];
  await tx.execute(sql`
    insert into product_prices (account_id, product_id, store_id, price, effective_from, created_by, updated_by)
    select p.account_id, p.id, s.id, round(p.price * 1.05, 2), ${storeDay}::date, 1, 1
    from products p
    join lateral (select id from stores where account_id = p.account_id and deleted_at is null order by code limit 1) s on true
    where p.account_id = ${accountId} and p.code = 'DSL50' and p.deleted_at is null`);
}
