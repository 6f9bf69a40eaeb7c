import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { deviceAuthorization } from '../../src/contract/gauges';
import type { Db } from '../db/client';
import { accounts, fieldDevices, stores, users } from '../db/schema';
import { newDeviceKey } from '../modules/gauges/keys';
import { DEMO_GAUGE_ACCOUNT } from '../seed/seed-gauges';

/** `FAMS_CONTROLLER_SIMULATOR=0` turns the demo's simulated site controllers off. */
export const controllerSimulatorEnabled = (env: NodeJS.ProcessEnv = process.env) =>
  env.FAMS_CONTROLLER_SIMULATOR !== '0';

/** Serials of the demo's simulated controllers start with this. */
export const SIMULATED_SERIAL_PREFIX = 'SIM-';
const POLL_MS = 3000;

export interface ControllerSimulator {
  close(): Promise<void>;
}

/**
 * Site controllers that answer commands, for the demo (ADR 040): Demo Fuels gets one simulated
 * controller per FAMS24 store (serial `SIM-<store code>`) the first time; at each start they get a
 * fresh key (held in memory only), then every few seconds each fetches its configuration when
 * asked and its pending commands from this server over HTTP, as a real controller would, and
 * answers them: acknowledged, except a pump number above its pumps, which fails.
 */
export async function startControllerSimulator(db: Db, log: Logger, baseUrl: string): Promise<ControllerSimulator> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, DEMO_GAUGE_ACCOUNT));
  if (!account) return { close: async () => undefined };
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const existing = await db
    .select({ id: fieldDevices.id })
    .from(fieldDevices)
    .where(and(eq(fieldDevices.accountId, account.id), like(fieldDevices.serial, `${SIMULATED_SERIAL_PREFIX}%`)));
  if (!existing.length) {
    const fams24 = await db
      .select({ id: stores.id, code: stores.code, name: stores.name })
      .from(stores)
      .where(and(eq(stores.accountId, account.id), eq(stores.variant, 'FAMS24'), isNull(stores.deletedAt)));
    if (fams24.length)
      await db.insert(fieldDevices).values(
        fams24.map((s) => ({
          accountId: account.id,
          kind: 'controller' as const,
          serial: `${SIMULATED_SERIAL_PREFIX}${s.code}`,
          name: `Controller ${s.name} (simulated)`,
          storeId: s.id,
          createdBy: owner?.id ?? null,
        })),
      );
  }
  const sims = await db
    .select({ id: fieldDevices.id })
    .from(fieldDevices)
    .where(
      and(
        eq(fieldDevices.accountId, account.id),
        like(fieldDevices.serial, `${SIMULATED_SERIAL_PREFIX}%`),
        isNull(fieldDevices.deletedAt),
        isNull(fieldDevices.retiredAt),
      ),
    );
  const keys: { id: string; auth: string }[] = [];
  for (const s of sims) {
    const { key, hash, hint } = newDeviceKey();
    await db
      .update(fieldDevices)
      .set({ keyHash: hash, keyHint: hint, keyRotatedAt: sql`now()` })
      .where(eq(fieldDevices.id, s.id));
    keys.push({ id: s.id, auth: deviceAuthorization(s.id, key) });
  }
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    for (const k of keys) {
      if (stopped) return;
      await answerPending(baseUrl, k.auth).catch((err) => log.debug({ err }, 'controller simulator: call failed'));
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, POLL_MS);
  log.info({ controllers: keys.length }, 'controller simulator started');
  return {
    async close() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** One round of a controller: fetch its commands, (re)load its configuration when asked, answer each. */
export async function answerPending(baseUrl: string, authorization: string): Promise<number> {
  const headers = { authorization, 'x-fams-hello': 'appVersion=sim-1.0', 'content-type': 'application/json' };
  const res = await fetch(`${baseUrl}/api/v1/controller/commands`, { headers });
  if (!res.ok) return 0;
  const { commands } = (await res.json()) as { commands: { id: string; kind: string; params: { pump?: number } }[] };
  let pumps: number | undefined;
  for (const c of commands) {
    let ok = true;
    let message = 'done';
    if (['resync_config', 'reload_allocations', 'set_pump_price', 'open_pump', 'close_pump'].includes(c.kind)) {
      const cfg = await fetch(`${baseUrl}/api/v1/controller/config`, { headers });
      const body = cfg.ok ? ((await cfg.json()) as { tanks: unknown[]; allocations: unknown[] }) : null;
      pumps = body?.tanks.length;
      if (!body) [ok, message] = [false, `configuration not available (${cfg.status})`];
      else if (c.kind === 'reload_allocations') message = `${body.allocations.length} allocations loaded`;
      else if (c.kind === 'resync_config') message = `configuration loaded: ${body.tanks.length} pumps`;
    }
    if (c.params.pump !== undefined && pumps !== undefined && c.params.pump > pumps)
      [ok, message] = [false, `no pump ${c.params.pump} (this site has ${pumps})`];
    await fetch(`${baseUrl}/api/v1/controller/commands/${c.id}/result`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ok, message }),
    });
  }
  return commands.length;
}
