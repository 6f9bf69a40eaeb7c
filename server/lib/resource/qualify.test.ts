import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customerSites, tanks } from '../../db/schema';
import { qualifiedFields } from './qualify';

const t = customerSites;
const tankCount = sql<number>`(select count(*) from ${tanks} where ${tanks.storeId} = ${t.storeId})`.mapWith(Number);
const render = (fields: Record<string, unknown>) =>
  new QueryBuilder()
    .select(fields as never)
    .from(t)
    .toSQL().sql;

describe('qualifiedFields', () => {
  it('keeps the outer table name on a column inside a correlated subquery', () => {
    // Without it Drizzle writes both columns bare: `"store_id" = "store_id"`, true for every tank.
    expect(render({ tankCount })).toContain('where "store_id" = "store_id"');
    expect(render(qualifiedFields(t, { tankCount }))).toContain('"tanks"."store_id" = "customer_sites"."store_id"');
  });

  it('keeps the value decoder and leaves plain columns and raw-from lists alone', () => {
    const q = qualifiedFields(t, { tankCount, name: t.name });
    const decoded = q.tankCount as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } };
    expect(decoded.decoder.mapFromDriverValue('3')).toBe(3);
    expect(q.name).toBe(t.name);
    const raw = { tankCount };
    expect(qualifiedFields(sql`customer_sites s`, raw)).toBe(raw);
  });
});
