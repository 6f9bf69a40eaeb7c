import net from 'node:net';
import type { StrappingPoint } from '../../src/contract/setup/strapping';
import { volumeAtHeight } from '../../src/contract/setup/strapping';
import { encodeDeliveries, encodeInventory, type DeliveryRecord, type InventoryRecord } from './tls';
import { SOH } from './tls/frame';
import { dateToWall } from './tls/time';

/**
 * A Veeder-Root TLS console on a TCP port, speaking computer format (i201 inventory, i202
 * deliveries) for a set of tanks whose levels move: product is drawn at a steady rate with a
 * little noise, the temperature follows the time of day, and a tank that runs low gets a delivery
 * (which then shows in i202). Used by the tests (a console on a loopback port) and by the demo
 * (`npm start` runs one per seeded Demo Fuels gauge). Metric units: litres, mm, °C.
 */
export interface SimTankInit {
  tankNumber: number;
  productCode?: string;
  capacity: number;
  /** Gross product volume at start, litres (the demo uses the tank's book stock). */
  volume: number;
  waterMm?: number;
  temperatureC?: number;
  /** Height → volume; without one the tank is a 2.5 m high upright cylinder. */
  chart?: StrappingPoint[] | null;
  /** Litres drawn per hour (default 1 % of capacity). 0 = level stays put. */
  drawPerHour?: number;
  /** Below this volume a delivery fills the tank to `refillTo` (default 15 % / 85 % of capacity). */
  refillBelow?: number;
  refillTo?: number;
}

export type SimFault = 'silent' | 'corrupt' | 'truncate' | 'refuse' | null;

export interface SimTank {
  tankNumber: number;
  productCode: string;
  capacity: number;
  volume: number;
  waterMm: number;
  temperatureC: number;
  readonly chart: StrappingPoint[] | null;
  drawPerHour: number;
  refillBelow: number;
  refillTo: number;
}

export interface Simulator {
  host: string;
  port: number;
  tanks: SimTank[];
  deliveries: DeliveryRecord[];
  /** Makes the console misbehave (tests): no answer, a bad checksum, a cut reply, or refusing commands. */
  fault: SimFault;
  /** Commands answered so far. */
  served: number;
  /** Moves the levels on to `now` (done on every command too). */
  advance(now?: Date): void;
  /** A delivery of `litres` into a tank, ending now (it shows in i202). */
  deliver(tankNumber: number, litres: number, now?: Date): DeliveryRecord;
  inventory(now?: Date): InventoryRecord[];
  close(): Promise<void>;
}

export interface SimulatorOptions {
  tanks: SimTankInit[];
  port?: number;
  host?: string;
  /** The console's clock zone: its reports are local wall time (the store's zone). */
  timezone?: string;
  clock?: () => Date;
  /** Random noise on the draw (default true; tests switch it off for exact figures). */
  noise?: boolean;
  /** Seed of the noise, for repeatable runs. */
  seed?: number;
  /**
   * Gross volume follows the temperature (≈ 0.084 %/°C, diesel's table 54B expansion), as a real
   * tank's does over a day; off by default so tests get exact volumes.
   */
  thermal?: boolean;
}

/** Cubic expansion used for `thermal` (diesel near 15 °C, table 54B α ≈ 0.00084 /°C). */
const EXPANSION_PER_C = 0.00084;

const DEFAULT_HEIGHT_MM = 2500;
/** Real consoles keep the last 10 deliveries per tank. */
const KEEP_DELIVERIES = 10;

function heightOf(t: SimTank, litres: number): number {
  const chart = t.chart;
  if (!chart || chart.length < 2) return (Math.max(0, litres) / t.capacity) * DEFAULT_HEIGHT_MM;
  // Inverse of the chart: the height whose volume is `litres` (volumes never decrease).
  for (let i = 1; i < chart.length; i++) {
    const a = chart[i - 1];
    const b = chart[i];
    if (litres <= b.litres) {
      if (b.litres === a.litres) return a.heightMm;
      return a.heightMm + ((b.heightMm - a.heightMm) * (litres - a.litres)) / (b.litres - a.litres);
    }
  }
  return chart[chart.length - 1].heightMm;
}

function waterLitres(t: SimTank): number {
  if (t.waterMm <= 0) return 0;
  if (!t.chart || t.chart.length < 2) return (t.waterMm / DEFAULT_HEIGHT_MM) * t.capacity;
  return volumeAtHeight(t.chart, t.waterMm) ?? 0;
}

/** Small deterministic PRNG (mulberry32), so a seeded demo moves the same way each run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createSimulatorState(opts: SimulatorOptions) {
  const clock = opts.clock ?? (() => new Date());
  const tz = opts.timezone ?? 'UTC';
  const rand = prng(opts.seed ?? 1);
  const noise = opts.noise ?? true;
  const tanks: SimTank[] = opts.tanks.map((t) => ({
    tankNumber: t.tankNumber,
    productCode: (t.productCode ?? String(t.tankNumber % 10)).slice(0, 1),
    capacity: t.capacity,
    volume: Math.min(Math.max(0, t.volume), t.capacity),
    waterMm: t.waterMm ?? 0,
    temperatureC: t.temperatureC ?? 15,
    chart: t.chart ?? null,
    drawPerHour: t.drawPerHour ?? t.capacity * 0.01,
    refillBelow: t.refillBelow ?? t.capacity * 0.15,
    refillTo: t.refillTo ?? t.capacity * 0.85,
  }));
  const baseTemp = new Map(tanks.map((t) => [t.tankNumber, t.temperatureC]));
  const deliveries: DeliveryRecord[] = [];
  let last = clock().getTime();

  const record = (t: SimTank, litres: number, end: Date): DeliveryRecord => {
    const start = new Date(end.getTime() - 20 * 60_000);
    const before = t.volume;
    t.volume = Math.min(t.capacity, t.volume + litres);
    const d: DeliveryRecord = {
      tankNumber: t.tankNumber,
      productCode: t.productCode,
      start: dateToWall(start, tz),
      end: dateToWall(end, tz),
      startVolume: before,
      startTcVolume: before,
      startWater: t.waterMm,
      startTemperature: t.temperatureC,
      endVolume: t.volume,
      endTcVolume: t.volume,
      endWater: t.waterMm,
      endTemperature: t.temperatureC,
      startHeight: heightOf(t, before + waterLitres(t)),
      endHeight: heightOf(t, t.volume + waterLitres(t)),
    };
    deliveries.push(d);
    const mine = deliveries.filter((x) => x.tankNumber === t.tankNumber);
    if (mine.length > KEEP_DELIVERIES) deliveries.splice(deliveries.indexOf(mine[0]), 1);
    return d;
  };

  const state = {
    tanks,
    deliveries,
    tz,
    advance(now = clock()) {
      const hours = Math.max(0, (now.getTime() - last) / 3_600_000);
      last = Math.max(last, now.getTime());
      for (const t of tanks) {
        const jitter = noise ? 0.7 + rand() * 0.6 : 1;
        t.volume = Math.max(0, t.volume - t.drawPerHour * hours * jitter);
        // ±3 °C over the day around the tank's starting temperature (underground tanks swing little).
        const hourOfDay = (now.getUTCHours() + now.getUTCMinutes() / 60) / 24;
        t.temperatureC = (baseTemp.get(t.tankNumber) ?? 15) + 3 * Math.sin(2 * Math.PI * (hourOfDay - 0.375));
        if (t.drawPerHour > 0 && t.volume < t.refillBelow) record(t, t.refillTo - t.volume, now);
      }
    },
    deliver(tankNumber: number, litres: number, now = clock()): DeliveryRecord {
      const t = tanks.find((x) => x.tankNumber === tankNumber);
      if (!t) throw new Error(`No simulated tank ${tankNumber}`);
      state.advance(now);
      return record(t, litres, now);
    },
    inventory(now = clock()): InventoryRecord[] {
      state.advance(now);
      return tanks.map((t) => {
        const wv = waterLitres(t);
        // `volume` is the tank's content at its starting temperature; TC volume is that at 15 °C.
        const warm = opts.thermal ? 1 + EXPANSION_PER_C * (t.temperatureC - (baseTemp.get(t.tankNumber) ?? 15)) : 1;
        const gross = Math.min(t.capacity, t.volume * warm);
        const tc = opts.thermal ? t.volume * (1 - EXPANSION_PER_C * ((baseTemp.get(t.tankNumber) ?? 15) - 15)) : gross;
        return {
          tankNumber: t.tankNumber,
          productCode: t.productCode,
          status: 0,
          volume: gross,
          tcVolume: tc,
          ullage: Math.max(0, t.capacity - gross - wv),
          height: heightOf(t, gross + wv),
          water: t.waterMm,
          temperature: t.temperatureC,
          waterVolume: wv,
        };
      });
    },
    /** The reply to one command (`i201TT` / `i202TT` without the SOH). */
    answer(cmd: string, now = clock()): string {
      const m = /^i(201|202)(\d\d)$/.exec(cmd);
      if (!m) return `${SOH}9999FF1B\x03`;
      const asked = Number(m[2]);
      const at = dateToWall(now, tz);
      const pick = <T extends { tankNumber: number }>(xs: T[]) =>
        asked === 0 ? xs : xs.filter((x) => x.tankNumber === asked);
      if (m[1] === '201') return encodeInventory({ at, tanks: pick(state.inventory(now)) }, asked);
      state.advance(now);
      return encodeDeliveries(
        { at, deliveries: pick(deliveries) },
        pick(tanks).map((t) => ({ tankNumber: t.tankNumber, productCode: t.productCode })),
        asked,
      );
    },
  };
  return state;
}

/** Starts a simulated console; `port` 0 (default) takes a free port. */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const state = createSimulatorState(opts);
  const sockets = new Set<net.Socket>();
  const sim: Simulator = {
    host: opts.host ?? '127.0.0.1',
    port: 0,
    tanks: state.tanks,
    deliveries: state.deliveries,
    fault: null,
    served: 0,
    advance: (now) => state.advance(now),
    deliver: (n, l, now) => state.deliver(n, l, now),
    inventory: (now) => state.inventory(now),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setEncoding('latin1');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // Commands are <SOH> + 6 characters; anything else (CR/LF, noise) is skipped.
      for (;;) {
        const start = buffer.indexOf(SOH);
        if (start < 0 || buffer.length - start < 7) {
          buffer = start < 0 ? '' : buffer.slice(start);
          break;
        }
        const cmd = buffer.slice(start + 1, start + 7);
        buffer = buffer.slice(start + 7);
        sim.served++;
        if (sim.fault === 'silent') continue;
        if (sim.fault === 'refuse') {
          socket.destroy();
          return;
        }
        let reply = cmd.startsWith('i') ? state.answer(cmd) : `${SOH}9999FF1B\x03`;
        if (sim.fault === 'corrupt') reply = reply.replace(/&&(.)/, (_, c: string) => `&&${c === '0' ? '1' : '0'}`);
        if (sim.fault === 'truncate') {
          socket.end(reply.slice(0, Math.floor(reply.length / 2)));
          return;
        }
        socket.write(reply, 'latin1');
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, sim.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  sim.port = (server.address() as net.AddressInfo).port;
  return sim;
}
