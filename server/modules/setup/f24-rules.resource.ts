import { sql } from 'drizzle-orm';
import { F24RuleCreate, F24RuleRow, F24RuleUpdate, type F24Rule } from '../../../src/contract/setup/f24-rules';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { f24Rules as t, stores } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

const storeName = sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`;

export const f24RulesResource = defineResource({
  info: SETUP_RESOURCES.f24Rules,
  table: t,
  rules: screenRules('/F24BusinessRules'),
  schemas: { create: F24RuleCreate, update: F24RuleUpdate, row: F24RuleRow },
  extra: { storeName },
  search: [storeName],
  sort: { storeName: sql`lower(${storeName})` },
  filters: { storeId: filter.uuid(t.storeId) },
  label: sql`'FAMS24 rules: ' || coalesce(${storeName}, 'account default')`,
  unique: {
    f24_rules_store_uq: {
      field: 'storeId',
      message: 'There are already FAMS24 rules for this store (or an account default)',
    },
  },
  references: [{ field: 'storeId', target: stores, label: 'store', constraint: 'f24_rules_store_fk' }],
  toRow: (r): F24Rule => ({
    ...metaOf(r),
    storeId: r.storeId,
    storeName: r.storeName,
    maxLitresPerTransaction: r.maxLitresPerTransaction,
    odometerRequired: r.odometerRequired,
    maxOdometerJumpKm: r.maxOdometerJumpKm,
    maxHoursJump: r.maxHoursJump,
    allowedFrom: r.allowedFrom,
    allowedTo: r.allowedTo,
    minMinutesBetweenFills: r.minMinutesBetweenFills,
  }),
  toValues: (i) => ({
    storeId: i.storeId,
    maxLitresPerTransaction: i.maxLitresPerTransaction,
    odometerRequired: i.odometerRequired,
    maxOdometerJumpKm: i.maxOdometerJumpKm,
    maxHoursJump: i.maxHoursJump,
    allowedFrom: i.allowedFrom,
    allowedTo: i.allowedTo,
    minMinutesBetweenFills: i.minMinutesBetweenFills,
  }),
});
