import { sql } from 'drizzle-orm';
import { INTEGRATION_TYPES, MANAGED_INTEGRATIONS_LIST, type IntegrationType } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import { filter, type ListSpec } from '../../lib/resource';

export interface CatalogueEntry {
  enabled: boolean;
  accountTypes: string[] | null;
}

/**
 * The integration catalogue (`/IntegrationSetup`) and the instances of every account
 * (`/ManageIntegration`): ThebigBoss's views across accounts, ADR 048.
 */
export function integrationsRepository(db: DbOrTx) {
  return {
    /** Each type's settings (no row = offered to every account type) and its live instances. */
    async catalogue(): Promise<Map<IntegrationType, CatalogueEntry & { instances: number }>> {
      const res = await db.execute<{
        type: IntegrationType;
        enabled: boolean | null;
        accountTypes: string[] | null;
        n: number;
      }>(sql`
        select t.type, c.enabled, c.account_types as "accountTypes",
          (select count(*)::int from integrations i where i.type = t.type and i.deleted_at is null) as n
        from unnest(${sql.param([...INTEGRATION_TYPES])}::text[]) as t(type)
        left join integration_catalogue c on c.type = t.type`);
      return new Map(
        res.rows.map((r) => [r.type, { enabled: r.enabled ?? true, accountTypes: r.accountTypes, instances: r.n }]),
      );
    },

    async accountTypes(): Promise<string[]> {
      const res = await db.execute<{ type: string }>(sql`select distinct type from accounts order by type`);
      return res.rows.map((r) => r.type);
    },

    /** Is this type offered to this account (switched on, and its account type allowed)? */
    async offered(type: IntegrationType, accountId: number): Promise<boolean> {
      const res = await db.execute<{ ok: boolean }>(sql`
        select coalesce(c.enabled, true) and (c.account_types is null or a.type = any(c.account_types)) as ok
        from accounts a left join integration_catalogue c on c.type = ${type}
        where a.id = ${accountId}`);
      return res.rows[0]?.ok === true;
    },

    async saveCatalogue(type: IntegrationType, entry: CatalogueEntry, userId: number) {
      const types = entry.accountTypes === null ? sql`null` : sql`${sql.param(entry.accountTypes)}::text[]`;
      await db.execute(sql`
        insert into integration_catalogue (type, enabled, account_types, updated_at, updated_by)
        values (${type}, ${entry.enabled}, ${types}, now(), ${userId})
        on conflict (type) do update set enabled = excluded.enabled, account_types = excluded.account_types,
          updated_at = now(), updated_by = excluded.updated_by`);
    },

    /** Switches one account's integration off; answers its account and name, or nothing. */
    async disable(id: string): Promise<{ accountId: number; name: string; enabled: boolean } | undefined> {
      const res = await db.execute<{ accountId: number; name: string; enabled: boolean }>(sql`
        update integrations i set enabled = false, updated_at = now(), version = version + 1
        from (select id, enabled from integrations where id = ${id} and deleted_at is null for update) prev
        where i.id = prev.id
        returning i.account_id::int as "accountId", i.name, prev.enabled`);
      return res.rows[0];
    },
  };
}

const DELIVERY_COUNTS = sql`(select count(*) filter (where d.status = 'failed')::int as failed,
    count(*) filter (where d.status = 'pending')::int as pending
  from webhook_deliveries d where d.account_id = i.account_id and d.integration_id = i.id)`;

/** `/ManageIntegration`'s list: every account's live integrations with their delivery health. */
export const managedIntegrationsSpec: ListSpec = {
  from: sql`integrations i join accounts a on a.id = i.account_id cross join lateral ${DELIVERY_COUNTS} dc`,
  fields: {
    id: sql<string>`i.id`,
    accountId: sql<number>`i.account_id::int`,
    accountName: sql<string>`a.name`,
    type: sql<string>`i.type`,
    name: sql<string>`i.name`,
    url: sql<string | null>`i.url`,
    enabled: sql<boolean>`i.enabled`,
    lastRunAt: sql<Date | null>`i.last_run_at`,
    lastStatus: sql<string | null>`i.last_status`,
    lastError: sql<string | null>`i.last_error`,
    failed: sql<number>`dc.failed`,
    pending: sql<number>`dc.pending`,
  },
  // Every account: the route's rule (thebigBoss) is the guard; no token's account applies.
  scope: () => sql`i.deleted_at is null`,
  id: sql`i.id`,
  search: [sql`a.name`, sql`i.name`, sql`coalesce(i.url, '')`],
  sort: {
    accountName: sql`lower(a.name)`,
    name: sql`lower(i.name)`,
    type: sql`i.type`,
    lastRunAt: sql`i.last_run_at`,
    failed: sql`dc.failed`,
  },
  defaultSort: MANAGED_INTEGRATIONS_LIST.defaultSort,
  filters: {
    type: filter.oneOf(sql`i.type`, INTEGRATION_TYPES),
    enabled: filter.bool(sql`i.enabled`),
    lastStatus: filter.exact(sql`i.last_status`),
  } satisfies Record<(typeof MANAGED_INTEGRATIONS_LIST.filters)[number], unknown>,
};
