import net from 'node:net';
import {
  splitEndpoint,
  VPN_TEST_TIMEOUT_MS,
  type StoreVpnInput,
  type StoreVpnRow,
  type VpnTestResult,
} from '../../../src/contract/store-vpn';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { checkHost } from '../../lib/outbound';
import { iso, type Actor } from '../../lib/resource';
import type { Secrets } from '../../lib/secrets';
import { storeVpnRepository } from './store-vpn.repository';

type Raw = Awaited<ReturnType<ReturnType<typeof storeVpnRepository>['get']>> & object;

/** What a browser sees: never a key but the public one, only whether the others are set. */
const toRow = (r: Raw): StoreVpnRow => ({
  storeId: r.storeId,
  storeCode: r.storeCode,
  storeName: r.storeName,
  endpoint: r.endpoint,
  subnet: r.subnet,
  publicKey: r.publicKey,
  hasPrivateKey: !!r.privateKeySealed,
  hasPresharedKey: !!r.presharedKeySealed,
  lastHandshakeAt: r.lastHandshakeAt ? iso(r.lastHandshakeAt) : null,
  lastTestAt: r.lastTestAt ? iso(r.lastTestAt) : null,
  lastTestResult: r.lastTestResult,
  updatedAt: r.updatedAt ? iso(r.updatedAt) : null,
});

/** A TCP connect to host:port within the time-out: the endpoint answers or it does not. */
function connect(host: string, port: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: VPN_TEST_TIMEOUT_MS });
    const done = (err?: Error) => {
      socket.destroy();
      if (err) reject(err);
      else resolve(Date.now() - started);
    };
    socket.once('connect', () => done());
    socket.once('timeout', () => done(new Error(`no answer within ${VPN_TEST_TIMEOUT_MS / 1000} s`)));
    socket.once('error', (e: NodeJS.ErrnoException) =>
      done(new Error(e.code === 'ECONNREFUSED' ? 'connection refused' : e.code || e.message)),
    );
  });
}

/** `/StoreVPN` (ADR 044). `allowPrivate`: the test may reach loopback and private addresses (tests, demo). */
export function storeVpnService(db: Db, secrets: Secrets, allowPrivate: boolean) {
  async function row(accountId: number, storeId: string) {
    const r = await storeVpnRepository(db).get(accountId, storeId);
    if (!r) throw notFound('No such store.');
    return r;
  }
  return {
    list: async (accountId: number) => ({ items: (await storeVpnRepository(db).list(accountId)).map(toRow) }),

    async save(actor: Actor, storeId: string, input: StoreVpnInput): Promise<StoreVpnRow> {
      const before = await row(actor.accountId, storeId);
      if (!input.privateKey && !before.privateKeySealed)
        throw badRequest('The private key is required the first time.', { privateKey: ['Private key is required'] });
      await db.transaction(async (tx) => {
        await storeVpnRepository(tx).save(
          actor.accountId,
          storeId,
          {
            endpoint: input.endpoint,
            subnet: input.subnet,
            publicKey: input.publicKey,
            ...(input.privateKey ? { privateKeySealed: secrets.seal(input.privateKey) } : {}),
            ...(input.presharedKey
              ? { presharedKeySealed: secrets.seal(input.presharedKey) }
              : input.clearPresharedKey
                ? { presharedKeySealed: null }
                : {}),
          },
          actor.userId,
        );
        // The audit says a key was replaced, never what it is.
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: before.endpoint === null ? 'create' : 'update',
          entity: 'store_vpn',
          entityId: storeId,
          before:
            before.endpoint === null
              ? null
              : { endpoint: before.endpoint, subnet: before.subnet, publicKey: before.publicKey },
          after: {
            endpoint: input.endpoint,
            subnet: input.subnet,
            publicKey: input.publicKey,
            privateKey: input.privateKey ? 'replaced' : 'kept',
            presharedKey: input.presharedKey ? 'replaced' : input.clearPresharedKey ? 'removed' : 'kept',
          },
        });
      });
      return toRow(await row(actor.accountId, storeId));
    },

    /** Checks the endpoint answers a TCP connect; the result is kept on the row and returned. */
    async test(actor: Actor, storeId: string): Promise<VpnTestResult> {
      const r = await row(actor.accountId, storeId);
      const ep = r.endpoint ? splitEndpoint(r.endpoint) : null;
      if (!ep) throw badRequest('Save the VPN settings of this store first.', { endpoint: ['No endpoint'] });
      let result: VpnTestResult;
      try {
        // Resolved once, every address checked (ADR 071); the connect goes to a checked one.
        const { addresses } = await checkHost(ep.host, { allowPrivate });
        const ms = await connect(addresses[0].address, ep.port);
        result = { ok: true, message: `${r.endpoint} answered in ${ms} ms`, ms };
      } catch (e) {
        result = { ok: false, message: `${r.endpoint}: ${e instanceof Error ? e.message : String(e)}`, ms: null };
      }
      await storeVpnRepository(db).setTest(actor.accountId, storeId, result.message);
      return result;
    },

    /** The controller's view of its store's VPN, keys opened. */
    async forController(accountId: number, storeId: string) {
      const r = await storeVpnRepository(db).get(accountId, storeId);
      if (!r?.endpoint || !r.subnet || !r.publicKey) return undefined;
      return {
        endpoint: r.endpoint,
        subnet: r.subnet,
        publicKey: r.publicKey,
        privateKey: r.privateKeySealed ? secrets.open(r.privateKeySealed) : null,
        presharedKey: r.presharedKeySealed ? secrets.open(r.presharedKeySealed) : null,
      };
    },
  };
}
