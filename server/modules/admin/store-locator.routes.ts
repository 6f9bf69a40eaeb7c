import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { STORE_LOCATOR_PATH, StoreLocatorResponse } from '../../../src/contract/store-locator';
import type { ModuleDeps } from '../deps';
import { storeLocatorService } from './store-locator.service';

/** `/StoreLocator` (rule admin): the token's account's stores, their tanks and state, and the map style. */
export function storeLocatorRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = storeLocatorService(deps.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${API_ROOT}${STORE_LOCATOR_PATH}`,
      { config: { access: 'admin' }, schema: { response: { 200: StoreLocatorResponse } } },
      async (req) => ({ styleUrl: deps.map.styleUrl, stores: await svc.stores(req.auth.accountId) }),
    );
}
