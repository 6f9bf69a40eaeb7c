import type { MapStyleSetting } from '../../../src/contract/account-card';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { styleAllowed, styleFor, type MapSettings } from '../views/map-settings';
import { accountCardRepository } from './account-card.repository';

/**
 * The account's map style (ADR 051): its own MapLibre style URL over the server's `MAP_STYLE_URL`,
 * over the built-in world map. Only styles on hosts the server's CSP already allows are taken (422
 * naming the allowed ones), so the setting cannot produce a map that the browser refuses to load.
 */
export function mapStyleService(db: DbOrTx, map: MapSettings) {
  const repo = accountCardRepository(db);
  const setting = async (accountId: number): Promise<MapStyleSetting> => ({
    styleUrl: await repo.mapStyle(accountId),
    serverDefault: map.styleUrl,
    allowedOrigins: map.origins,
  });
  return {
    setting,
    /** The style the account's maps use (null: the built-in world map). */
    styleUrl: async (accountId: number) => styleFor(map, await repo.mapStyle(accountId)),
    async save(actor: Actor, raw: string) {
      const url = raw.trim() || null;
      if (url && !styleAllowed(map, url))
        throw unprocessable('map_style_host', 'This server cannot load a map from that host.', {
          styleUrl: [
            map.origins.length
              ? `The style must be on ${map.origins.join(', ')} (the hosts this server allows); the operator adds others to MAP_TILE_ORIGINS.`
              : 'This server allows no map host yet: the operator lists them in MAP_TILE_ORIGINS.',
          ],
        });
      const before = await repo.mapStyle(actor.accountId);
      await db.transaction(async (tx) => {
        await accountCardRepository(tx).setMapStyle(actor.accountId, url);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'account_map_style',
          entityId: String(actor.accountId),
          before: { styleUrl: before },
          after: { styleUrl: url },
        });
      });
      return setting(actor.accountId);
    },
  };
}
