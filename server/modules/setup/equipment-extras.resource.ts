import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  EquipmentExtraCreate,
  EquipmentExtraRow,
  EquipmentExtraUpdate,
  EXTRA_TYPES,
  type EquipmentExtra,
} from '../../../src/contract/setup/equipment-extras';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import type { DbOrTx } from '../../db/client';
import { equipmentExtras as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const equipmentExtrasResource = defineResource({
  info: SETUP_RESOURCES.equipmentExtras,
  table: t,
  rules: screenRules('/EqpExtras'),
  schemas: { create: EquipmentExtraCreate, update: EquipmentExtraUpdate, row: EquipmentExtraRow },
  extra: {},
  search: [t.key, t.label],
  sort: { key: sql`lower(${t.key})`, label: sql`lower(${t.label})`, type: t.type },
  filters: { type: filter.oneOf(t.type, EXTRA_TYPES), required: filter.bool(t.required) },
  label: sql`${t.key} || ' (' || ${t.label} || ')'`,
  unique: { equipment_extras_key_uq: { field: 'key', message: 'Another extra attribute already has this key' } },
  references: [],
  toRow: (r): EquipmentExtra => ({ ...metaOf(r), key: r.key, label: r.label, type: r.type, required: r.required }),
  toValues: (i) => ({ key: i.key, label: i.label, type: i.type, required: i.required }),
});

/** The account's live extra-attribute definitions (what equipment `extras` are checked against). */
export async function extraDefinitions(db: DbOrTx, accountId: number) {
  return db
    .select({ key: t.key, label: t.label, type: t.type, required: t.required })
    .from(t)
    .where(and(eq(t.accountId, accountId), isNull(t.deletedAt)));
}
