import { z } from 'zod';

/**
 * `/StoreVPN` (ThebigBoss, issue 15, ADR 044): per store, the WireGuard-style VPN used to reach its
 * controller and gauge. The private and pre-shared keys are write-only: sealed at rest, never
 * returned (the row says whether one is set); leaving one out on save keeps it.
 */

/** A WireGuard key: 32 bytes in base64 (44 characters ending in `=`). */
export const WG_KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
const wgKey = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(WG_KEY, `${label}: 44 base64 characters (a WireGuard key)`);

/** `host:port`, with an IPv6 host in brackets. */
export const ENDPOINT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})$/;
export function splitEndpoint(endpoint: string): { host: string; port: number } | null {
  const m = ENDPOINT.exec(endpoint.trim());
  if (!m) return null;
  const port = Number(m[2]);
  return port >= 1 && port <= 65535 ? { host: m[1].replace(/^\[|\]$/g, ''), port } : null;
}

/** An IPv4 CIDR such as 10.8.3.0/24. */
export const isIpv4Cidr = (v: string) => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(v);
  return !!m && m.slice(1, 5).every((o) => Number(o) <= 255) && Number(m[5]) <= 32;
};

export const StoreVpnInput = z.strictObject({
  endpoint: z
    .string({ error: 'Endpoint is required' })
    .trim()
    .refine((v) => !!splitEndpoint(v), 'host:port, e.g. vpn.example.com:51820'),
  subnet: z.string({ error: 'Subnet is required' }).trim().refine(isIpv4Cidr, 'An IPv4 subnet, e.g. 10.8.3.0/24'),
  publicKey: wgKey('Public key'),
  /** Left out: the stored one is kept. Required the first time. */
  privateKey: wgKey('Private key').optional(),
  presharedKey: wgKey('Pre-shared key').optional(),
  /** Removes the stored pre-shared key (it is optional in WireGuard). */
  clearPresharedKey: z.boolean().optional(),
});
export type StoreVpnInput = z.infer<typeof StoreVpnInput>;

export const StoreVpnRow = z.object({
  storeId: z.uuid(),
  storeCode: z.string(),
  storeName: z.string(),
  /** Null: this store has no VPN settings yet. */
  endpoint: z.string().nullable(),
  subnet: z.string().nullable(),
  publicKey: z.string().nullable(),
  hasPrivateKey: z.boolean(),
  hasPresharedKey: z.boolean(),
  lastHandshakeAt: z.string().nullable(),
  lastTestAt: z.string().nullable(),
  lastTestResult: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type StoreVpnRow = z.infer<typeof StoreVpnRow>;
export const StoreVpnList = z.object({ items: z.array(StoreVpnRow) });

export const VpnTestResult = z.object({ ok: z.boolean(), message: z.string(), ms: z.number().nullable() });
export type VpnTestResult = z.infer<typeof VpnTestResult>;
/** The test's TCP connect gives up after this. */
export const VPN_TEST_TIMEOUT_MS = 3000;

/** What the store's controller reads (`GET /controller/vpn`): its keys in clear, over its own key. */
export const ControllerVpn = z.object({
  endpoint: z.string(),
  subnet: z.string(),
  publicKey: z.string(),
  privateKey: z.string().nullable(),
  presharedKey: z.string().nullable(),
});
/** What it reports (`POST /controller/vpn/handshake`). */
export const VpnHandshakeBody = z.strictObject({ lastHandshakeAt: z.iso.datetime({ offset: true }) });

export const STORE_VPN_PATH = '/store-vpn';
