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
import { badRequest } from '../../lib/errors';
import { hasInternalLiteralHost } from '../../lib/outbound';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import type { Secrets } from '../../lib/secrets';
import { screenRules } from '../setup/rules';
import { csvDropRepository } from './csv-drop.repository';
import { nextDrop } from './csv-drop.service';
import { accountZone, accountZoneSql } from '../../lib/resource/zone';
import type { Db } from '../../db/client';
import { integrationsRepository } from './integrations.repository';

const INTERNAL_ADDRESS =
  'This is an internal address (loopback, private, link-local or reserved): webhooks go to public addresses only';

/**
 * `/Integration` (admin): an account's integration instances (ADR 040, 048). The secret is sealed
 * before it is written (toValues) and is never read back into a row: the row only says whether
 * there is one. A new integration, or a change of type, needs the type offered to the account
 * (`/IntegrationSetup`). A CSV drop's and a BI feed's settings live in `settings` (ADR 057); a BI
 * feed's last run is its feed key's last use. An address whose host is an internal IP
 * (`http://[::ffff:127.0.0.1]/`, `http://2130706433/`) is refused on save unless `allowPrivate`
 * (`FAMS_WEBHOOK_ALLOW_PRIVATE=1`); a name is checked at each delivery (ADR 071).
 */
export const integrationsResource = (box: Secrets, db: Db, opts: { allowPrivate?: boolean } = {}) =>
  defineResource({
    info: INTEGRATIONS_LIST,
    table: t,
    rules: screenRules('/Integration'),
    schemas: { create: IntegrationCreate, update: IntegrationUpdate, row: IntegrationRow },
    extra: {
      timeZone: accountZoneSql(t.accountId),
      hasSecret: sql<boolean>`${t.secretSealed} is not null`,
      feedKey: sql<{ lastUsedAt: string | null; revoked: boolean } | null>`(
        select json_build_object('lastUsedAt', k.last_used_at, 'revoked', k.revoked_at is not null)
        from bi_feed_keys k where k.account_id = ${t.accountId}
          and k.id::text = ${t.settings} ->> 'feedKeyId')`,
    },
    search: [t.name, t.url],
    sort: { name: sql`lower(${t.name})`, type: t.type, lastRunAt: t.lastRunAt },
    filters: { type: filter.oneOf(t.type, INTEGRATION_TYPES), enabled: filter.bool(t.enabled) },
    label: sql`${t.name}`,
    unique: { integrations_name_uq: { field: 'name', message: 'Another integration already has this name' } },
    references: [],
    async validate(tx, input, { actor, before }): Promise<Record<string, string[]> | undefined> {
      if (input.url && !opts.allowPrivate && hasInternalLiteralHost(input.url))
        throw badRequest(INTERNAL_ADDRESS, { url: [INTERNAL_ADDRESS] });
      if (input.type === 'bi_feed' && input.feedKeyId && input.feedKeyId !== before?.settings.feedKeyId)
        if (!(await csvDropRepository(tx).liveFeedKey(actor.accountId, input.feedKeyId)))
          return { feedKeyId: ['Choose one of this account’s feed keys that is not revoked'] };
      if (before?.type === input.type) return undefined;
      if (await integrationsRepository(tx).offered(input.type, actor.accountId)) return undefined;
      return { type: ['This integration type is not offered to this account'] };
    },
    toRow: (r): Integration => {
      const s = r.settings;
      const key = r.type === 'bi_feed' ? r.feedKey : null;
      return {
        ...metaOf(r),
        type: r.type,
        name: r.name,
        url: r.url,
        events: r.events,
        hasSecret: !!r.hasSecret,
        enabled: r.enabled,
        lastRunAt: key ? iso(key.lastUsedAt) : iso(r.lastRunAt),
        lastStatus: key ? (key.revoked ? 'revoked' : key.lastUsedAt ? 'ok' : null) : r.lastStatus,
        lastError: key?.revoked ? 'The feed key was revoked on /PBAnalytics' : r.lastError,
        datasets: s.datasets ?? [],
        frequency: s.frequency ?? null,
        atTime: s.atTime ?? null,
        folder: s.folder ?? null,
        feedKeyId: s.feedKeyId ?? null,
        lastRows: r.lastRows,
        nextRunAt: r.type === 'csv_drop' ? iso(r.nextRunAt) : null,
        timeZone: r.timeZone,
      };
    },
    toValues: async (i, actor) => ({
      type: i.type,
      name: i.name,
      url: i.url,
      events: i.type === 'webhook' ? i.events : [],
      enabled: i.enabled,
      settings:
        i.type === 'csv_drop'
          ? {
              datasets: i.datasets,
              frequency: i.frequency,
              atTime: i.frequency === 'daily' ? i.atTime : null,
              folder: i.folder,
            }
          : i.type === 'bi_feed'
            ? { feedKeyId: i.feedKeyId }
            : {},
      // A drop made, changed or switched on runs next at its schedule's next time (ADR 057).
      nextRunAt:
        i.type === 'csv_drop' && i.enabled ? nextDrop(i, new Date(), await accountZone(db, actor.accountId)) : null,
      ...(i.secret ? { secretSealed: box.seal(i.secret) } : {}),
    }),
  });
