import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  STORE_VPN_PATH,
  StoreVpnInput,
  StoreVpnList,
  StoreVpnRow,
  VpnTestResult,
} from '../../../src/contract/store-vpn';
import { actorOf } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { screenRules } from '../setup/rules';
import { storeVpnService } from './store-vpn.service';

const StoreParams = z.object({ storeId: z.uuid({ error: 'Not a store id' }) });

/** `/StoreVPN` (ThebigBoss, ADR 044): the stores' VPN settings (keys write-only) and the endpoint test. */
export function storeVpnRoutes(app: FastifyInstance, { db, secrets, config }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = storeVpnService(db, secrets, config.webhookAllowPrivate);
  const rule = screenRules('/StoreVPN');
  const base = `${API_ROOT}${STORE_VPN_PATH}`;

  r.get(base, { config: { access: rule.read }, schema: { response: { 200: StoreVpnList } } }, async (req) =>
    svc.list(req.auth.accountId),
  );
  r.put(
    `${base}/:storeId`,
    {
      config: { access: rule.write },
      schema: { params: StoreParams, body: StoreVpnInput, response: { 200: StoreVpnRow } },
    },
    async (req) => svc.save(actorOf(req), req.params.storeId, req.body),
  );
  r.post(
    `${base}/:storeId/test`,
    {
      config: { access: rule.write, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: StoreParams, response: { 200: VpnTestResult } },
    },
    async (req) => svc.test(actorOf(req), req.params.storeId),
  );
}
