import { eq, sql } from 'drizzle-orm';
import type { PowerbiConfigRow } from '../../../src/contract/powerbi';
import type { DbOrTx } from '../../db/client';
import { powerbiConfigs } from '../../db/schema';

export interface StoredPowerbi {
  workspaceId: string;
  reportId: string;
  tenantId: string;
  clientId: string;
  secretSealed: string;
  rlsRole: string;
}

export function powerbiRepository(db: DbOrTx) {
  return {
    /** Every account with its configuration, if any (ThebigBoss's screen). */
    async list(): Promise<PowerbiConfigRow[]> {
      const res = await db.execute(sql`
        select a.id as "accountId", a.name as "accountName", c.account_id is not null as configured,
          c.workspace_id as "workspaceId", c.report_id as "reportId", c.tenant_id as "tenantId",
          c.client_id as "clientId", c.rls_role as "rlsRole", c.secret_sealed is not null as "hasSecret",
          to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
        from accounts a left join powerbi_configs c on c.account_id = a.id
        order by a.name, a.id`);
      return res.rows as unknown as PowerbiConfigRow[];
    },
    async get(accountId: number): Promise<StoredPowerbi | null> {
      const [row] = await db.select().from(powerbiConfigs).where(eq(powerbiConfigs.accountId, accountId));
      return row ?? null;
    },
    async accountKey(accountId: number): Promise<string | null> {
      const res = await db.execute<{ key: string }>(sql`select key::text as key from accounts where id = ${accountId}`);
      return res.rows[0]?.key ?? null;
    },
    async upsert(accountId: number, v: StoredPowerbi, userId: number) {
      const row = { ...v, updatedAt: new Date(), updatedBy: userId };
      await db
        .insert(powerbiConfigs)
        .values({ accountId, ...row })
        .onConflictDoUpdate({ target: powerbiConfigs.accountId, set: row });
    },
    async remove(accountId: number): Promise<boolean> {
      const res = await db.delete(powerbiConfigs).where(eq(powerbiConfigs.accountId, accountId)).returning();
      return res.length > 0;
    },
  };
}
