import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  roundCoordinate,
  STORE_LOCATOR_PATH,
  StoreLocation,
  StoreLocationBody,
  StoreLocatorResponse,
} from '../../../src/contract/store-locator';
import { actorOf, IdParams } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { mapStyleService } from './map-style.service';
import { storeLocatorService } from './store-locator.service';

/** `/StoreLocator` (rule admin): the token's account's stores, their tanks and state, and its map style. */
export function storeLocatorRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = storeLocatorService(deps.db);
  const styles = mapStyleService(deps.db, deps.map);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${API_ROOT}${STORE_LOCATOR_PATH}`,
      { config: { access: 'admin' }, schema: { response: { 200: StoreLocatorResponse } } },
      async (req) => ({
        styleUrl: await styles.styleUrl(req.auth.accountId),
        stores: await svc.stores(req.auth.accountId),
      }),
    )
    // A store placed on the map (ADR 051): the stores resource's patch, so the version check, the
    // audit and the store's own rules are the store form's. Admin satisfies `/Store`'s write rule.
    .put(
      `${API_ROOT}${STORE_LOCATOR_PATH}/:id/location`,
      {
        config: { access: 'admin' },
        schema: { params: IdParams, body: StoreLocationBody, response: { 200: StoreLocation } },
      },
      async (req) => {
        const { latitude, longitude, version } = req.body;
        const row = await deps.setup.stores.patch(actorOf(req), req.params.id, version, () => ({
          latitude: roundCoordinate(latitude),
          longitude: roundCoordinate(longitude),
        }));
        return { id: row.id, lat: row.latitude!, lng: row.longitude!, version: row.version };
      },
    );
}
