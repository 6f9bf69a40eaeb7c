import { storeState, type LocatorStore, type LocatorTank } from '../../../src/contract/store-locator';
import type { TankLevel } from '../../../src/contract/tanks';
import type { Db } from '../../db/client';
import { tanksService } from '../tanks/tanks.service';
import { storeLocatorRepository } from './store-locator.repository';

/** A tank's latest level as the maps show it (the store locator's popup, a customer site's). */
export const locatorTankOf = (l: TankLevel): LocatorTank => ({
  id: l.tankId,
  code: l.tankCode,
  name: l.tankName,
  productName: l.productName,
  capacity: l.capacity,
  grossLitres: l.grossLitres,
  fillPct: l.fillPct,
  readAt: l.readAt,
  alarms: l.alarms,
});

/** `/StoreLocator`: the stores with the tank levels `/TankLevels` shows (one computation of a level). */
export function storeLocatorService(db: Db) {
  const repo = storeLocatorRepository(db);
  const tanks = tanksService(db);
  return {
    async stores(accountId: number): Promise<LocatorStore[]> {
      const [stores, levels] = await Promise.all([repo.stores(accountId), tanks.levels(accountId)]);
      return stores.map((s) => {
        const own = levels.filter((l) => l.storeId === s.id).map(locatorTankOf);
        return {
          id: s.id,
          code: s.code,
          name: s.name,
          lat: s.lat === null ? null : Number(s.lat),
          lng: s.lng === null ? null : Number(s.lng),
          version: s.version,
          state: storeState(own, s.open_exceptions),
          openExceptions: s.open_exceptions,
          tanks: own,
        };
      });
    },
  };
}
