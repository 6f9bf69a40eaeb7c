import { sql } from 'drizzle-orm';
import {
  CostCentreCreate,
  CostCentreRow,
  CostCentreUpdate,
  type CostCentre,
} from '../../../src/contract/setup/cost-centres';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { costCentres as t } from '../../db/schema';
import { defineResource, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const costCentresResource = defineResource({
  info: SETUP_RESOURCES.costCentres,
  table: t,
  rules: screenRules('/CostCentre'),
  schemas: { create: CostCentreCreate, update: CostCentreUpdate, row: CostCentreRow },
  extra: {},
  search: [t.code, t.name, t.description],
  sort: { code: sql`lower(${t.code})`, name: sql`lower(${t.name})` },
  filters: {},
  label: sql`${t.code} || ' ' || ${t.name}`,
  unique: { cost_centres_code_uq: { field: 'code', message: 'Another cost centre already has this code' } },
  references: [],
  toRow: (r): CostCentre => ({ ...metaOf(r), code: r.code, name: r.name, description: r.description }),
  toValues: (i) => ({ code: i.code, name: i.name, description: i.description }),
});
