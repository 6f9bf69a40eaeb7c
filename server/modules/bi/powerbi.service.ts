import type { z } from 'zod';
import type { PowerbiConfigInput, PowerbiEmbed } from '../../../src/contract/powerbi';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import type { Secrets } from '../../lib/secrets';
import { embedFor, POWERBI_HOSTS, PowerbiError, type PowerbiHosts } from './powerbi.client';
import { powerbiRepository, type StoredPowerbi } from './powerbi.repository';

/** What the audit log keeps of a configuration: everything but the secret. */
const visible = (c: StoredPowerbi | null) =>
  c && {
    workspaceId: c.workspaceId,
    reportId: c.reportId,
    tenantId: c.tenantId,
    clientId: c.clientId,
    rlsRole: c.rlsRole,
  };

/**
 * Power BI per account (ADR 041): ThebigBoss sets it on `/PowerbiAdmin` (each write audited, the
 * client secret sealed with AES-256-GCM and never answered); `/PBAnalytics` asks for an embed.
 */
export function powerbiService(db: Db, secrets: Secrets, hosts: PowerbiHosts = POWERBI_HOSTS) {
  const repo = powerbiRepository(db);
  return {
    list: () => repo.list(),

    save: (actor: Actor, accountId: number, input: z.output<typeof PowerbiConfigInput>) =>
      db.transaction(async (tx) => {
        const r = powerbiRepository(tx);
        if (!(await r.accountKey(accountId))) throw notFound('There is no such account.');
        const before = await r.get(accountId);
        if (!input.clientSecret && !before)
          throw badRequest('The client secret is required.', { clientSecret: ['Client secret is required'] });
        const { clientSecret, ...fields } = input;
        const next: StoredPowerbi = {
          ...fields,
          secretSealed: clientSecret ? secrets.seal(clientSecret) : before!.secretSealed,
        };
        await r.upsert(accountId, next, actor.userId);
        await audit(tx, {
          accountId,
          userId: actor.userId,
          action: before ? 'update' : 'create',
          entity: 'powerbi_config',
          entityId: String(accountId),
          before: visible(before),
          after: { ...visible(next), secretChanged: Boolean(clientSecret) },
        });
      }),

    remove: (actor: Actor, accountId: number) =>
      db.transaction(async (tx) => {
        const r = powerbiRepository(tx);
        const before = await r.get(accountId);
        if (!before || !(await r.remove(accountId))) throw notFound('This account has no Power BI report.');
        await audit(tx, {
          accountId,
          userId: actor.userId,
          action: 'delete',
          entity: 'powerbi_config',
          entityId: String(accountId),
          before: visible(before),
        });
      }),

    /** The account's embed, or why not: never a 5xx for Power BI being away (the board stands in). */
    async embed(accountId: number): Promise<PowerbiEmbed> {
      const c = await repo.get(accountId);
      if (!c) return { state: 'none' };
      try {
        const username = (await repo.accountKey(accountId))!;
        const { embedUrl, token } = await embedFor(
          { ...c, clientSecret: secrets.open(c.secretSealed), username },
          hosts,
        );
        return { state: 'ready', reportId: c.reportId, embedUrl, token };
      } catch (e) {
        const reason = e instanceof PowerbiError ? e.message : 'its credentials could not be read';
        return { state: 'unreachable', message: `Power BI could not be reached: ${reason}.` };
      }
    },
  };
}
