import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { GaugeTankMap } from '../db/schema';
import type { Db, DbOrTx } from '../db/client';
import { accounts, gaugeDevices, products, stores, tankStock, tanks } from '../db/schema';

/**
 * The demo's tank gauges: one Veeder-Root TLS console per Demo Fuels store with tanks, its tanks
 * numbered 1…n by tank code. Their names end in SIMULATOR_SUFFIX: at start the server runs a
 * simulated console for each such device on a free loopback port and writes that port into the
 * device (server/gauges/demo.ts, ADR 010), so the seeded address never has to be guessed.
 */
export const SIMULATOR_SUFFIX = ' (simulator)';
export const DEMO_GAUGE_ACCOUNT = 'Demo Fuels';
/** Where a simulated console's device points until the server starts it (replaced at start). */
const UNBOUND_PORT = 10001;

export async function seedDemoGauges(tx: DbOrTx, accountId: number): Promise<number> {
  const rows = await tx
    .select({ storeId: stores.id, storeCode: stores.code, tankId: tanks.id, tankCode: tanks.code })
    .from(tanks)
    .innerJoin(stores, and(eq(stores.accountId, tanks.accountId), eq(stores.id, tanks.storeId)))
    .where(and(eq(tanks.accountId, accountId), isNull(tanks.deletedAt)))
    .orderBy(asc(stores.code), asc(tanks.code));
  const byStore = new Map<string, { code: string; tanks: string[] }>();
  for (const r of rows) {
    const s = byStore.get(r.storeId) ?? { code: r.storeCode, tanks: [] };
    s.tanks.push(r.tankId);
    byStore.set(r.storeId, s);
  }
  const devices = [...byStore].map(([storeId, s]) => ({
    accountId,
    storeId,
    name: `${s.code} ATG${SIMULATOR_SUFFIX}`,
    protocol: 'tls_tcp' as const,
    host: '127.0.0.1',
    port: UNBOUND_PORT,
    pollIntervalS: 60,
    enabled: true,
    tankMap: s.tanks.map((tankId, i): GaugeTankMap => ({ tankNumber: i + 1, tankId })),
    nextPollAt: new Date(),
  }));
  if (devices.length) await tx.insert(gaugeDevices).values(devices);
  return devices.length;
}

export interface SimulatedDevice {
  id: string;
  accountId: number;
  timezone: string;
  tanks: {
    tankNumber: number;
    tankId: string;
    capacity: number;
    chart: { heightMm: number; litres: number }[] | null;
    bookLitres: number;
    productCode: string;
  }[];
}

/** The seeded simulator devices of the demo account, with their tanks' book stock now. */
export async function simulatedDevices(db: Db): Promise<SimulatedDevice[]> {
  const devices = await db
    .select({
      id: gaugeDevices.id,
      accountId: gaugeDevices.accountId,
      tankMap: gaugeDevices.tankMap,
      timezone: stores.timezone,
    })
    .from(gaugeDevices)
    .innerJoin(accounts, eq(accounts.id, gaugeDevices.accountId))
    .leftJoin(stores, and(eq(stores.accountId, gaugeDevices.accountId), eq(stores.id, gaugeDevices.storeId)))
    .where(
      and(
        eq(accounts.name, DEMO_GAUGE_ACCOUNT),
        eq(gaugeDevices.protocol, 'tls_tcp'),
        isNull(gaugeDevices.deletedAt),
        like(gaugeDevices.name, `%${SIMULATOR_SUFFIX}`),
      ),
    )
    .orderBy(asc(gaugeDevices.name));
  const ids = devices.flatMap((d) => d.tankMap.map((m) => m.tankId));
  const info = ids.length
    ? await db
        .select({
          id: tanks.id,
          capacity: tanks.capacity,
          chart: tanks.strappingChart,
          book: sql<string | null>`${tankStock.bookLitres}`,
          productCode: products.code,
        })
        .from(tanks)
        .innerJoin(products, and(eq(products.accountId, tanks.accountId), eq(products.id, tanks.productId)))
        .leftJoin(tankStock, and(eq(tankStock.accountId, tanks.accountId), eq(tankStock.tankId, tanks.id)))
        .where(inArray(tanks.id, ids))
    : [];
  const byId = new Map(info.map((t) => [t.id, t]));
  return devices.map((d) => ({
    id: d.id,
    accountId: d.accountId,
    timezone: d.timezone ?? 'UTC',
    tanks: d.tankMap
      .filter((m) => byId.has(m.tankId))
      .map((m) => {
        const t = byId.get(m.tankId)!;
        return {
          tankNumber: m.tankNumber,
          tankId: m.tankId,
          capacity: t.capacity,
          chart: t.chart,
          bookLitres: Number(t.book ?? 0),
          productCode: t.productCode,
        };
      }),
  }));
}

/** Book stock of tanks now (for keeping the simulated levels in step with recorded movements). */
export async function bookStock(db: Db, accountId: number, tankIds: string[]): Promise<Map<string, number>> {
  if (!tankIds.length) return new Map();
  const rows = await db
    .select({ tankId: tankStock.tankId, book: tankStock.bookLitres })
    .from(tankStock)
    .where(and(eq(tankStock.accountId, accountId), inArray(tankStock.tankId, tankIds)));
  return new Map(rows.map((r) => [r.tankId, Number(r.book)]));
}

/** Points a seeded device at its simulator's port and makes it due now. */
export async function pointAtSimulator(db: Db, deviceId: string, port: number) {
  await db
    .update(gaugeDevices)
    .set({ host: '127.0.0.1', port, nextPollAt: new Date() })
    .where(eq(gaugeDevices.id, deviceId));
}
