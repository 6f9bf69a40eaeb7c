import { sql } from 'drizzle-orm';
import {
  INTEGRATION_TYPES,
  INTEGRATIONS_LIST,
  IntegrationCreate,
  IntegrationRow,
  IntegrationUpdate,
  type Integration,
} from '../../../src/contract/integrations';
import { integrations as t } from '../../db/schema';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import type { Secrets } from '../../lib/secrets';
import { screenRules } from '../setup/rules';
import { integrationsRepository } from './integrations.repository';

/**
 * `/Integration` (admin): an account's integration instances (ADR 040, 048). The secret is sealed
 * before it is written (toValues) and is never read back into a row: the row only says whether
 * there is one. A new integration, or a change of type, needs the type offered to the account
 * (`/IntegrationSetup`).
 */
export const integrationsResource = (box: Secrets) =>
  defineResource({
    info: INTEGRATIONS_LIST,
    table: t,
    rules: screenRules('/Integration'),
    schemas: { create: IntegrationCreate, update: IntegrationUpdate, row: IntegrationRow },
    extra: { hasSecret: sql<boolean>`${t.secretSealed} is not null` },
    search: [t.name, t.url],
    sort: { name: sql`lower(${t.name})`, type: t.type, lastRunAt: t.lastRunAt },
    filters: { type: filter.oneOf(t.type, INTEGRATION_TYPES), enabled: filter.bool(t.enabled) },
    label: sql`${t.name}`,
    unique: { integrations_name_uq: { field: 'name', message: 'Another integration already has this name' } },
    references: [],
    async validate(tx, input, { actor, before }) {
      if (before?.type === input.type) return undefined;
      if (await integrationsRepository(tx).offered(input.type, actor.accountId)) return undefined;
      return { type: ['This integration type is not offered to this account'] };
    },
    toRow: (r): Integration => ({
      ...metaOf(r),
      type: r.type,
      name: r.name,
      url: r.url,
      events: r.events,
      hasSecret: !!r.hasSecret,
      enabled: r.enabled,
      lastRunAt: iso(r.lastRunAt),
      lastStatus: r.lastStatus,
      lastError: r.lastError,
    }),
    toValues: (i) => ({
      type: i.type,
      name: i.name,
      url: i.url,
      events: i.events,
      enabled: i.enabled,
      ...(i.secret ? { secretSealed: box.seal(i.secret) } : {}),
    }),
  });
