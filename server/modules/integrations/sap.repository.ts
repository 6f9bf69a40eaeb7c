import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SapMapping, SapMappingInput, SapPeriod, SapSettings } from '../../../src/contract/sap';
import { MAX_UNMAPPED_LISTED } from '../../../src/contract/sap';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  costCentres,
  products,
  sapCostCentreMap,
  sapExports,
  sapProductMap,
  sapSettings,
} from '../../db/schema';
import { inLocalDays, localDay } from '../../lib/local-day';
import { pricesByDay } from '../../lib/price-in-force';

/**
 * The dispenses of a period (stores' local days, as the reports) that this export would post, with
 * their cost at the price in force (the reports' own rule, ADR 035) and their SAP mapping. Already
 * posted dispenses are left out unless re-exporting; `posted` still counts them.
 */
function classified(accountId: number, p: SapPeriod): SQL {
  return sql`
    with c as (
      select d.id, d.dispensed_at, d.store_id, d.equipment_id, d.cost_centre_id, d.product_id, d.litres,
        d.litres * coalesce(pr.price, 0) as cost,
        exists (select 1 from sap_posted sp where sp.account_id = d.account_id and sp.dispense_id = d.id) as posted
      from dispenses d
      join stores s on s.account_id = d.account_id and s.id = d.store_id
      left join (${pricesByDay(accountId, p.from, p.to)}) pr
        on pr.store_id = d.store_id and pr.product_id = d.product_id
        and pr.day = ${localDay(sql`d.dispensed_at`, sql`s.timezone`)}
      where d.account_id = ${accountId} and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, p.from, p.to)}
    ), e as (
      select c.*, cc.code as cc_code, m.sap_cost_centre, m.gl_account, pd.code as product_code, pm.material,
        (m.cost_centre_id is not null and pm.product_id is not null) as mapped
      from c
      join products pd on pd.account_id = ${accountId} and pd.id = c.product_id
      left join cost_centres cc on cc.account_id = ${accountId} and cc.id = c.cost_centre_id
      left join sap_cost_centre_map m on m.account_id = ${accountId} and m.cost_centre_id = c.cost_centre_id
      left join sap_product_map pm on pm.account_id = ${accountId} and pm.product_id = c.product_id
      where ${p.reExport ? sql`true` : sql`not c.posted`}
    )`;
}

export type RawLine = {
  costCentre: string;
  sapCostCentre: string;
  glAccount: string;
  product: string;
  material: string;
  dispenses: number;
  litres: number;
  /** The line's cost, rounded to cents. */
  amount: number;
  /** The cost centre's whole cost rounded once (the cost-centre report's figure). */
  costCentreTotal: number;
};

export function sapRepository(db: DbOrTx) {
  return {
    async mapping(accountId: number): Promise<SapMapping> {
      const [settings] = await db
        .select({
          companyCode: sapSettings.companyCode,
          documentType: sapSettings.documentType,
          offsetAccount: sapSettings.offsetAccount,
        })
        .from(sapSettings)
        .where(eq(sapSettings.accountId, accountId));
      const cc = await db
        .select({
          costCentreId: costCentres.id,
          code: costCentres.code,
          name: costCentres.name,
          sapCostCentre: sapCostCentreMap.sapCostCentre,
          glAccount: sapCostCentreMap.glAccount,
        })
        .from(costCentres)
        .leftJoin(
          sapCostCentreMap,
          and(eq(sapCostCentreMap.accountId, costCentres.accountId), eq(sapCostCentreMap.costCentreId, costCentres.id)),
        )
        .where(and(eq(costCentres.accountId, accountId), isNull(costCentres.deletedAt)))
        .orderBy(sql`lower(${costCentres.code})`);
      const pr = await db
        .select({ productId: products.id, code: products.code, name: products.name, material: sapProductMap.material })
        .from(products)
        .leftJoin(
          sapProductMap,
          and(eq(sapProductMap.accountId, products.accountId), eq(sapProductMap.productId, products.id)),
        )
        .where(and(eq(products.accountId, accountId), isNull(products.deletedAt)))
        .orderBy(sql`lower(${products.code})`);
      return { settings: settings ?? null, costCentres: cc, products: pr };
    },

    async saveMapping(accountId: number, m: SapMappingInput, userId: number) {
      const s: SapSettings & { updatedAt: SQL; updatedBy: number } = {
        ...m.settings,
        updatedAt: sql`now()`,
        updatedBy: userId,
      };
      await db
        .insert(sapSettings)
        .values({ accountId, ...s })
        .onConflictDoUpdate({ target: sapSettings.accountId, set: s });
      // Replace the rows named; a row without values is unmapped. The foreign keys refuse an id of another account.
      for (const c of m.costCentres) {
        await db
          .delete(sapCostCentreMap)
          .where(and(eq(sapCostCentreMap.accountId, accountId), eq(sapCostCentreMap.costCentreId, c.costCentreId)));
        if (c.sapCostCentre && c.glAccount)
          await db.insert(sapCostCentreMap).values({
            accountId,
            costCentreId: c.costCentreId,
            sapCostCentre: c.sapCostCentre,
            glAccount: c.glAccount,
          });
      }
      for (const p of m.products) {
        await db
          .delete(sapProductMap)
          .where(and(eq(sapProductMap.accountId, accountId), eq(sapProductMap.productId, p.productId)));
        if (p.material)
          await db.insert(sapProductMap).values({ accountId, productId: p.productId, material: p.material });
      }
    },

    currency: async (accountId: number) =>
      (await db.select({ c: accounts.currency }).from(accounts).where(eq(accounts.id, accountId)))[0]?.c ?? 'EUR',

    /** Posting lines: one per cost centre and product, mapped dispenses only. */
    async lines(accountId: number, p: SapPeriod): Promise<RawLine[]> {
      const r = await db.execute<RawLine>(sql`${classified(accountId, p)}
        select cc_code as "costCentre", sap_cost_centre as "sapCostCentre", gl_account as "glAccount",
          product_code as "product", material, count(*)::int as dispenses,
          round(sum(litres), 3)::float8 as litres, round(sum(cost), 2)::float8 as amount,
          round(sum(sum(cost)) over (partition by cc_code), 2)::float8 as "costCentreTotal"
        from e where mapped
        group by cc_code, sap_cost_centre, gl_account, product_code, material
        order by lower(cc_code), lower(product_code)`);
      return r.rows;
    },

    async counts(accountId: number, p: SapPeriod) {
      const r = await db.execute<{ alreadyPosted: number; unmappedCount: number }>(sql`
        ${classified(accountId, { ...p, reExport: true })}
        select count(*) filter (where posted and not ${p.reExport})::int as "alreadyPosted",
          count(*) filter (where not mapped and (${p.reExport} or not posted))::int as "unmappedCount"
        from e`);
      return r.rows[0];
    },

    /** The unmapped dispenses by what is missing, for the preview's summary. */
    async unmappedGroups(accountId: number, p: SapPeriod) {
      const r = await db.execute<{
        costCentre: string | null;
        product: string;
        hasCc: boolean;
        ccMapped: boolean;
        dispenses: number;
        litres: number;
        amount: number;
      }>(sql`${classified(accountId, p)}
        select cc_code as "costCentre", product_code as product, cost_centre_id is not null as "hasCc",
          sap_cost_centre is not null as "ccMapped", count(*)::int as dispenses,
          round(sum(litres), 3)::float8 as litres, round(sum(cost), 2)::float8 as amount
        from e where not mapped
        group by 1, 2, 3, 4
        order by 3, lower(cc_code), lower(product_code)`);
      return r.rows;
    },

    async unmapped(accountId: number, p: SapPeriod) {
      const r = await db.execute<{
        dispenseId: string;
        dispensedAt: Date | string;
        storeCode: string;
        fleetNo: string;
        costCentre: string | null;
        product: string;
        litres: number;
        amount: number;
        hasCc: boolean;
        ccMapped: boolean;
      }>(sql`${classified(accountId, p)}
        select e.id as "dispenseId", e.dispensed_at as "dispensedAt", s.code as "storeCode", q.fleet_no as "fleetNo",
          e.cc_code as "costCentre", e.product_code as product, e.litres::float8 as litres,
          round(e.cost, 2)::float8 as amount, e.cost_centre_id is not null as "hasCc",
          e.sap_cost_centre is not null as "ccMapped"
        from e
        join stores s on s.account_id = ${accountId} and s.id = e.store_id
        join equipment q on q.account_id = ${accountId} and q.id = e.equipment_id
        where not e.mapped
        order by e.dispensed_at, e.id
        limit ${MAX_UNMAPPED_LISTED}`);
      return r.rows;
    },

    /** Marks this export's dispenses posted (a re-export moves them to the new export). */
    async markPosted(accountId: number, p: SapPeriod, exportId: string) {
      const r = await db.execute(sql`${classified(accountId, p)}
        insert into sap_posted (account_id, dispense_id, export_id)
        select ${accountId}, id, ${exportId}::uuid from e where mapped
        on conflict (account_id, dispense_id) do update set export_id = excluded.export_id`);
      return r.rowCount ?? 0;
    },

    /** A new export's row; its file is written once its id (the file's reference) is known. */
    async addExport(row: Omit<typeof sapExports.$inferInsert, 'content'>) {
      const [added] = await db
        .insert(sapExports)
        .values({ ...row, content: '' })
        .returning();
      return added;
    },

    setExportFile: (id: string, content: string) => db.update(sapExports).set({ content }).where(eq(sapExports.id, id)),

    async exportFile(accountId: number, id: string) {
      const [row] = await db
        .select({ fileName: sapExports.fileName, content: sapExports.content })
        .from(sapExports)
        .where(and(eq(sapExports.accountId, accountId), eq(sapExports.id, id)));
      return row;
    },

    /** One export of an account at a time: two at once cannot both post the same dispenses. */
    lock: (accountId: number) =>
      db.execute(sql`select pg_advisory_xact_lock(hashtext('sap-export'), ${accountId}::int)`),
  };
}
