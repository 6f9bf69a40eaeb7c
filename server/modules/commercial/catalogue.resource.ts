import { sql } from 'drizzle-orm';
import {
  CATALOGUE_KINDS,
  CatalogueItemCreate,
  CatalogueItemRow,
  CatalogueItemUpdate,
  type CatalogueItem,
} from '../../../src/contract/commercial/catalogue';
import { COMMERCIAL_RESOURCES } from '../../../src/contract/commercial/resources';
import { catalogueItems as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

/** The price list: read by whoever may write quotations, kept on `/quotations` (manage). */
export const catalogueResource = defineResource({
  info: COMMERCIAL_RESOURCES.catalogue,
  table: t,
  rules: screenRules('/quotations'),
  schemas: { create: CatalogueItemCreate, update: CatalogueItemUpdate, row: CatalogueItemRow },
  extra: {},
  search: [t.code, t.name],
  sort: {
    code: sql`lower(${t.code})`,
    name: sql`lower(${t.name})`,
    kind: t.kind,
    unitPrice: t.unitPriceCents,
  },
  filters: { kind: filter.oneOf(t.kind, CATALOGUE_KINDS) },
  label: sql`${t.code} || ' ' || ${t.name}`,
  unique: { catalogue_items_code_uq: { field: 'code', message: 'Another item already has this code' } },
  references: [],
  toRow: (r): CatalogueItem => ({
    ...metaOf(r),
    code: r.code,
    name: r.name,
    kind: r.kind,
    unit: r.unit,
    unitPriceCents: r.unitPriceCents,
    unitPrice: r.unitPriceCents / 100,
    vatPct: r.vatPct,
    description: r.description,
  }),
  toValues: (i) => ({
    code: i.code,
    name: i.name,
    kind: i.kind,
    unit: i.unit,
    unitPriceCents: i.unitPriceCents,
    vatPct: i.vatPct,
    description: i.description,
  }),
});
