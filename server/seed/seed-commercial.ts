import { asc, eq } from 'drizzle-orm';
import { lineAmounts, quoteNumber, quoteTotals } from '../../src/contract/commercial/quote-math';
import type { Tx } from '../db/client';
import {
  catalogueItems,
  customers,
  customerSites,
  quoteCounters,
  quotationLines,
  quotations,
  stores,
} from '../db/schema';

const CATALOGUE = [
  { code: 'TNK-23K', name: 'Above-ground diesel tank 23,000 L', kind: 'tank', unit: 'each', unitPriceCents: 4_500_000 },
  { code: 'PMP-70', name: 'Dispensing pump 70 L/min', kind: 'pump', unit: 'each', unitPriceCents: 1_875_050 },
  { code: 'ATG-1', name: 'Tank gauge with probe', kind: 'gauge', unit: 'each', unitPriceCents: 1_250_000 },
  { code: 'INST', name: 'Installation and commissioning', kind: 'installation', unit: 'day', unitPriceCents: 850_000 },
  { code: 'DSL-L', name: 'Diesel 50 ppm, delivered', kind: 'fuel', unit: 'L', unitPriceCents: 2199 },
] as const;

/** A few customers, sites, a price list and one draft quotation, so the commercial screens are not empty. */
export async function seedDemoCommercial(tx: Tx, accountId: number) {
  const [store] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.accountId, accountId))
    .orderBy(asc(stores.code))
    .limit(1);
  const items = await tx
    .insert(catalogueItems)
    .values(CATALOGUE.map((c) => ({ ...c, accountId, vatPct: 15 })))
    .returning({ id: catalogueItems.id, code: catalogueItems.code });
  const [karoo, coastal] = await tx
    .insert(customers)
    .values([
      {
        accountId,
        name: 'Karoo Aggregates',
        registrationNo: '2011/004512/07',
        vatNo: '4750123456',
        billingAddress: '12 Quarry Road, Beaufort West',
        contacts: [
          { name: 'Anele Dube', email: 'anele@karoo-aggregates.example', phone: '+27 23 414 0000', role: 'Buyer' },
        ],
        paymentTermsDays: 30,
      },
      {
        accountId,
        name: 'Coastal Logistics',
        vatNo: '4980765432',
        billingAddress: '3 Harbour Way, Gqeberha',
        contacts: [
          { name: 'Pieter Botha', email: 'pieter@coastal-logistics.example', phone: null, role: 'Fleet manager' },
        ],
        paymentTermsDays: 45,
      },
    ])
    .returning({ id: customers.id });
  const [pit] = await tx
    .insert(customerSites)
    .values([
      {
        accountId,
        customerId: karoo.id,
        name: 'Main quarry',
        address: 'Farm 118, Beaufort West',
        latitude: -32.35,
        longitude: 22.58,
        storeId: store?.id ?? null,
      },
      {
        accountId,
        customerId: karoo.id,
        name: 'Crusher plant',
        address: 'N1, Beaufort West',
        latitude: -32.37,
        longitude: 22.6,
      },
      {
        accountId,
        customerId: coastal.id,
        name: 'Harbour depot',
        address: '3 Harbour Way, Gqeberha',
        latitude: -33.96,
        longitude: 25.63,
      },
    ])
    .returning({ id: customerSites.id });

  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const id = (code: string) => items.find((i) => i.code === code)!.id;
  const lines = [
    {
      catalogueItemId: id('TNK-23K'),
      description: CATALOGUE[0].name,
      unit: 'each',
      quantity: 1,
      unitPriceCents: 4_500_000,
      discountPct: 5,
      vatPct: 15,
    },
    {
      catalogueItemId: id('PMP-70'),
      description: CATALOGUE[1].name,
      unit: 'each',
      quantity: 2,
      unitPriceCents: 1_875_050,
      discountPct: 0,
      vatPct: 15,
    },
    {
      catalogueItemId: id('INST'),
      description: CATALOGUE[3].name,
      unit: 'day',
      quantity: 2,
      unitPriceCents: 850_000,
      discountPct: 0,
      vatPct: 15,
    },
  ].map((l, i) => ({ ...l, position: i + 1, ...lineAmounts(l) }));
  await tx.insert(quoteCounters).values({ accountId, year, last: 1 });
  const [q] = await tx
    .insert(quotations)
    .values({
      accountId,
      number: quoteNumber(year, 1),
      customerId: karoo.id,
      siteId: pit.id,
      issueDate: today,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      terms: 'Prices include delivery to site. 50 % deposit on order, balance on commissioning.',
      ...quoteTotals(lines),
    })
    .returning({ id: quotations.id });
  await tx.insert(quotationLines).values(lines.map((l) => ({ ...l, accountId, quotationId: q.id })));
}
