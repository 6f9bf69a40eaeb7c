import { STORE_VPN_PATH, StoreVpnList, StoreVpnRow, VpnTestResult } from '@/contract/store-vpn';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/** `/StoreVPN` calls. */
const rel = relative(STORE_VPN_PATH);
export const storeVpns = (signal?: AbortSignal) => api.get(rel, StoreVpnList, { signal });
export const saveStoreVpn = (storeId: string, body: unknown) =>
  api.put(`${rel}/${storeId}`, body, StoreVpnRow, { quiet: true });
export const testStoreVpn = (storeId: string) => api.post(`${rel}/${storeId}/test`, {}, VpnTestResult, { quiet: true });
