import { SITES_MAP_LIMIT, type MapSite } from '../../../src/contract/commercial/sites';
import type { Db } from '../../db/client';
import { locatorTankOf } from '../admin/store-locator.service';
import { tanksService } from '../tanks/tanks.service';
import { sitesMapRepository } from './sites-map.repository';

/**
 * The sites for `/Customersitelist`'s map; a site that is a FAMS store carries that store's tanks'
 * latest levels from `tanksService.levels`, the one computation `/TankLevels` and the store locator use.
 */
export function sitesMapService(db: Db) {
  const repo = sitesMapRepository(db);
  const tanks = tanksService(db);
  return {
    async sites(accountId: number, customerIds: string[]): Promise<{ sites: MapSite[]; truncated: boolean }> {
      const rows = await repo.sites(accountId, customerIds, SITES_MAP_LIMIT + 1);
      const truncated = rows.length > SITES_MAP_LIMIT;
      const shown = rows.slice(0, SITES_MAP_LIMIT);
      const levels = shown.some((r) => r.storeId) ? await tanks.levels(accountId) : [];
      const sites = shown.map((r) => ({
        ...r,
        storeId: r.storeName === null ? null : r.storeId,
        tanks: !r.storeId ? [] : levels.filter((l) => l.storeId === r.storeId).map(locatorTankOf),
      }));
      return { sites, truncated };
    },
  };
}
