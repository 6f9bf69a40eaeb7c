import type { GaugeDelivery, InventoryTank, TestConnectionResult } from '../../../src/contract/gauges';
import type { Db } from '../../db/client';
import {
  command,
  parseDeliveries,
  parseInventory,
  queryConsole,
  wallToDate,
  type DeliveryRecord,
} from '../../gauges/tls';
import type { WebhookEmitter } from '../integrations/webhooks';
import { storeGaugeDeliveries } from './deliveries.service';
import { devicesRepository, type PollTarget } from './devices.repository';
import { ReadingError, storeReadings, type ReadingInput } from './readings.service';

export interface PollOptions {
  /** Connect + both commands + both replies (default 10 s). */
  timeoutMs?: number;
  now?: () => Date;
  /** New deliveries become `delivery.received` webhook events (the job and the route give it). */
  events?: WebhookEmitter;
}

/** A console clock more than this far from ours is not trusted for the reading time. */
const CLOCK_TOLERANCE_MS = 15 * 60_000;
/** The longest wait between polls of a failing gauge (or its own interval when longer). */
const MAX_BACKOFF_S = 3600;

/** Next poll after `failures` failures in a row: the interval, doubled each time, capped. */
export function backoffSeconds(intervalS: number, failures: number): number {
  const cap = Math.max(intervalS, MAX_BACKOFF_S);
  return Math.min(cap, intervalS * 2 ** Math.min(Math.max(failures - 1, 0), 16));
}

export class PollError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

function deliveryOut(d: DeliveryRecord, target: PollTarget, tankId: string | null): GaugeDelivery {
  return {
    tankNumber: d.tankNumber,
    tankId,
    startedAt: wallToDate(d.start, target.timezone).toISOString(),
    endedAt: wallToDate(d.end, target.timezone).toISOString(),
    startVolume: r3(d.startVolume),
    endVolume: r3(d.endVolume),
    litres: r3(d.endVolume - d.startVolume),
  };
}

/**
 * Stores the readings one by one set: a reading the store refuses (a console whose volume does not
 * fit the tank, a tank deleted meanwhile) is left out and named, the others are stored.
 */
async function storeWhatFits(
  db: Db,
  accountId: number,
  readings: ReadingInput[],
): Promise<{ stored: number; problems: string[] }> {
  const problems: string[] = [];
  let rest = readings;
  while (rest.length) {
    try {
      const out = await storeReadings(db, accountId, rest);
      return { stored: out.filter((r) => r.status === 'created').length, problems };
    } catch (e) {
      if (!(e instanceof ReadingError)) throw e;
      problems.push(e.message);
      rest = rest.filter((_, i) => i !== e.index);
    }
  }
  return { stored: 0, problems };
}

/**
 * One poll of a TLS gauge: i201 and i202 over one connection with a timeout, the mapped tanks'
 * readings through the reading store, the deliveries stored and matched to receipts, and the
 * device's contact state (success: last contact, failures reset, next poll one interval on;
 * failure: failures + 1, the error and its time, next poll backed off). Used by the pg-boss job
 * and by "Test connection", which shows what the console answered.
 */
export async function pollDevice(
  db: Db,
  accountId: number,
  deviceId: string,
  opts: PollOptions = {},
): Promise<TestConnectionResult> {
  const clock = opts.now ?? (() => new Date());
  const devices = devicesRepository(db);
  const target = await devices.target(accountId, deviceId);
  if (!target) throw new PollError(404, 'Not found.');
  if (target.protocol !== 'tls_tcp' || !target.host || !target.port) {
    throw new PollError(400, 'Only TLS gauges are polled; an HTTP push device sends its readings itself.');
  }
  const started = clock();
  const tankOf = new Map(target.tankMap.map((m) => [m.tankNumber, m.tankId]));
  const label = (id: string | null) =>
    id && target.tanks.get(id) ? `${target.tanks.get(id)!.code} ${target.tanks.get(id)!.name}` : null;
  let inventory: ReturnType<typeof parseInventory>;
  let deliveries: ReturnType<typeof parseDeliveries>;
  try {
    const [invReply, delReply] = await queryConsole(target.host, target.port, [command('201'), command('202')], {
      timeoutMs: opts.timeoutMs ?? 10_000,
    });
    inventory = parseInventory(invReply);
    deliveries = parseDeliveries(delReply);
  } catch (e) {
    // The gauge's fault (unreachable, silent, garbled): recorded on the device, polled later.
    // A database failure below is ours and propagates instead.
    const message = e instanceof Error ? e.message : String(e);
    const at = clock();
    await devices.recordFailure(
      accountId,
      target.id,
      message,
      at,
      new Date(at.getTime() + backoffSeconds(target.pollIntervalS, target.failures + 1) * 1000),
    );
    return {
      ok: false,
      error: message,
      consoleTime: null,
      elapsedMs: at.getTime() - started.getTime(),
      inventory: [],
      deliveries: [],
      stored: 0,
    };
  }
  const now = clock();
  const consoleAt = wallToDate(inventory.at, target.timezone);
  // Readings are dated by the console (so a re-poll within its minute is the same reading),
  // unless its clock is off: then by ours.
  const readAt =
    Math.abs(consoleAt.getTime() - now.getTime()) <= CLOCK_TOLERANCE_MS
      ? consoleAt
      : new Date(Math.floor(now.getTime() / 1000) * 1000);

  const readings: ReadingInput[] = inventory.tanks
    .filter((t) => tankOf.has(t.tankNumber))
    .map((t) => ({
      tankId: tankOf.get(t.tankNumber)!,
      readAt,
      source: 'gauge',
      gaugeDeviceId: target.id,
      productHeightMm: r3(t.height),
      waterHeightMm: r3(t.water),
      temperatureC: Math.round(t.temperature * 100) / 100,
      grossLitres: r3(t.volume),
    }));
  const { stored, problems } = await storeWhatFits(db, accountId, readings);
  const gaugeDeliveries = deliveries.deliveries
    .filter((d) => tankOf.has(d.tankNumber))
    .map((d) => ({
      tankId: tankOf.get(d.tankNumber)!,
      gaugeDeviceId: target.id,
      startedAt: wallToDate(d.start, target.timezone),
      endedAt: wallToDate(d.end, target.timezone),
      startLitres: r3(d.startVolume),
      endLitres: r3(d.endVolume),
      litres: r3(d.endVolume - d.startVolume),
      netLitres15: r3(d.endTcVolume - d.startTcVolume),
    }))
    .filter((d) => d.litres > 0);
  await db.transaction((tx) =>
    storeGaugeDeliveries(tx, accountId, gaugeDeliveries, [...tankOf.values()], now, opts.events),
  );

  const finished = clock();
  const warning = problems.length ? problems.join('; ') : null;
  await devices.recordSuccess(
    accountId,
    target.id,
    finished,
    new Date(finished.getTime() + target.pollIntervalS * 1000),
    warning,
  );
  const tanksOut: InventoryTank[] = inventory.tanks.map((t) => {
    const tankId = tankOf.get(t.tankNumber) ?? null;
    return {
      tankNumber: t.tankNumber,
      tankId,
      tankLabel: label(tankId),
      productCode: t.productCode,
      volume: r3(t.volume),
      tcVolume: r3(t.tcVolume),
      ullage: r3(t.ullage),
      heightMm: r3(t.height),
      waterMm: r3(t.water),
      temperatureC: Math.round(t.temperature * 100) / 100,
      waterVolume: r3(t.waterVolume),
    };
  });
  return {
    ok: true,
    error: warning,
    consoleTime: consoleAt.toISOString(),
    elapsedMs: finished.getTime() - started.getTime(),
    inventory: tanksOut,
    deliveries: deliveries.deliveries.map((d) => deliveryOut(d, target, tankOf.get(d.tankNumber) ?? null)),
    stored,
  };
}
