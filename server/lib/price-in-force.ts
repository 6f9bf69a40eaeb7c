import { sql, type SQL } from 'drizzle-orm';
import { localDay } from './local-day';

/**
 * The price per unit of a dispense at its time (issue 13, ADR 035): among the product's dated
 * prices (`product_prices`) that have started by the dispense's store-local day, the store's own
 * price wins over the all-stores one, then the latest start; with none, the product's list price.
 * `d` is the dispense (account_id, product_id, store_id, dispensed_at), `tz` its store's zone,
 * `listPrice` the product's `price`. A correlated subquery on the `product_prices_uq` index
 * (account, product, …) — the table holds a few rows per product, so it stays set-based in effect.
 */
export function priceInForce(d: SQL, tz: SQL, listPrice: SQL): SQL {
  return sql`coalesce((
    select pp.price from product_prices pp
    where pp.account_id = ${d}.account_id and pp.product_id = ${d}.product_id
      and (pp.store_id = ${d}.store_id or pp.store_id is null) and pp.deleted_at is null
      and pp.effective_from <= ${localDay(sql`${d}.dispensed_at`, tz)}
    order by pp.store_id is null, pp.effective_from desc
    limit 1), ${listPrice}, 0)`;
}
