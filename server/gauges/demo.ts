import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { bookStock, pointAtSimulator, simulatedDevices } from '../seed/seed-gauges';
import { startSimulator, type Simulator } from './simulator';

/** `FAMS_GAUGE_SIMULATOR=0` turns the demo's simulated consoles off. */
export const gaugeSimulatorEnabled = (env: NodeJS.ProcessEnv = process.env) => env.FAMS_GAUGE_SIMULATOR !== '0';

/** How often the simulated levels take in the book movements recorded meanwhile. */
const SYNC_MS = 60_000;

export interface DemoGauges {
  simulators: Simulator[];
  close(): Promise<void>;
}

/**
 * Runs a simulated TLS console for every seeded simulator device of Demo Fuels (seed-gauges.ts):
 * each starts from its tanks' book stock, so the first readings agree with the records; levels
 * then breathe with the temperature over the day (±0.25 %), drift down very slowly (0.02 % of
 * capacity an hour, the kind of loss reconciliation is for) and take in every recorded movement (a
 * dispense, a receipt) within a minute, so the gauge and the books stay close. Each console gets
 * a free loopback port (or FAMS_GAUGE_SIMULATOR_PORT + n when set) that is written into its device.
 */
export async function startDemoGauges(db: Db, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<DemoGauges> {
  const devices = await simulatedDevices(db);
  const base = Number(env.FAMS_GAUGE_SIMULATOR_PORT) || 0;
  const simulators: Simulator[] = [];
  const syncs: (() => Promise<void>)[] = [];
  for (const [i, d] of devices.entries()) {
    if (!d.tanks.length) continue;
    const sim = await startSimulator({
      port: base ? base + i : 0,
      timezone: d.timezone,
      seed: i + 1,
      thermal: true,
      tanks: d.tanks.map((t) => ({
        tankNumber: t.tankNumber,
        productCode: t.productCode.slice(0, 1),
        capacity: t.capacity,
        volume: t.bookLitres,
        chart: t.chart,
        drawPerHour: t.capacity * 0.0002,
        temperatureC: 14 + (i % 4),
        waterMm: (t.tankNumber * 7) % 20,
      })),
    });
    simulators.push(sim);
    await pointAtSimulator(db, d.id, sim.port);
    const last = new Map(d.tanks.map((t) => [t.tankId, t.bookLitres]));
    syncs.push(async () => {
      const now = await bookStock(
        db,
        d.accountId,
        d.tanks.map((t) => t.tankId),
      );
      for (const t of d.tanks) {
        const book = now.get(t.tankId);
        if (book === undefined) continue;
        const st = sim.tanks.find((x) => x.tankNumber === t.tankNumber);
        if (st) st.volume = Math.min(st.capacity, Math.max(0, st.volume + book - (last.get(t.tankId) ?? book)));
        last.set(t.tankId, book);
      }
    });
  }
  const timer = setInterval(() => {
    for (const s of syncs) s().catch((err) => log.warn({ err }, 'gauge simulator could not read book stock'));
  }, SYNC_MS);
  timer.unref();
  if (simulators.length)
    log.info({ consoles: simulators.length, ports: simulators.map((s) => s.port) }, 'demo gauge simulators running');
  return {
    simulators,
    async close() {
      clearInterval(timer);
      await Promise.all(simulators.map((s) => s.close()));
    },
  };
}
