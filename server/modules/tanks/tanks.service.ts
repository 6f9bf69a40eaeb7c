import {
  bucketSecondsFor,
  gapMsFor,
  MAX_READINGS_RANGE_MS,
  READING_RANGES,
  tankAlarms,
  type TankLevel,
  type TankLevelsQuery,
  type TankReadingsQuery,
  type TankReadingsResponse,
} from '../../../src/contract/tanks';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { tanksRepository, type LevelRow } from './tanks.repository';

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A level row as the screens show it. Without any reading the book stock stands in (`book`),
 * so a tank is never blank; ullage is the room up to the safe fill, as the reading store computes it.
 */
export function toLevel(r: LevelRow, now: number): TankLevel {
  const source = r.source ?? 'book';
  const gross = r.grossLitres ?? r.bookLitres ?? 0;
  const readAt = r.readAt ? r.readAt.toISOString() : null;
  const level: TankLevel = {
    tankId: r.tankId,
    tankCode: r.tankCode,
    tankName: r.tankName,
    storeId: r.storeId,
    storeCode: r.storeCode,
    storeName: r.storeName,
    productId: r.productId,
    productName: r.productName,
    capacity: r.capacity,
    safeFill: r.safeFill,
    lowLevel: r.lowLevel,
    source,
    readAt,
    productHeightMm: r.productHeightMm,
    waterHeightMm: r.waterHeightMm,
    temperatureC: r.temperatureC,
    grossLitres: gross,
    netLitres15: r.netLitres15,
    ullageLitres: round3(Math.max(0, r.ullageLitres ?? r.safeFill - gross)),
    waterLitres: r.waterLitres,
    fillPct: r.capacity > 0 ? Math.round((gross / r.capacity) * 1000) / 10 : 0,
    bookLitres: r.bookLitres,
    alarms: [],
  };
  level.alarms = tankAlarms(level, now);
  return level;
}

export function tanksService(db: DbOrTx) {
  return {
    async levels(accountId: number, q: TankLevelsQuery = {}, now = Date.now()): Promise<TankLevel[]> {
      const rows = await tanksRepository(db, accountId).levels(q);
      return rows.map((r) => toLevel(r, now));
    },

    /** A tank's history for the chart; 404 for a tank that is not this account's (or deleted). */
    async readings(
      accountId: number,
      tankId: string,
      q: TankReadingsQuery,
      now = Date.now(),
    ): Promise<TankReadingsResponse> {
      const repo = tanksRepository(db, accountId);
      const tank = await repo.tank(tankId);
      if (!tank) throw notFound('No such tank in this account.');
      const to = q.to ? new Date(q.to) : new Date(now);
      const from = q.from ? new Date(q.from) : new Date(to.getTime() - READING_RANGES['24h']);
      const span = to.getTime() - from.getTime();
      // The schema checks a pair; a lone `from` or `to` is checked here against its default partner.
      if (span <= 0) throw badRequest('"to" must be after "from".', { to: ['"to" must be after "from"'] });
      if (span > MAX_READINGS_RANGE_MS)
        throw badRequest('At most 400 days at a time.', { from: ['At most 400 days at a time'] });
      const bucketSeconds = bucketSecondsFor(span);
      const points = await repo.history(tankId, from, to, bucketSeconds);
      const pollIntervalS = await repo.pollIntervalS(tankId);
      return {
        tank,
        from: from.toISOString(),
        to: to.toISOString(),
        bucketSeconds,
        gapSeconds: Math.round(gapMsFor(bucketSeconds, pollIntervalS) / 1000),
        points: points.map((p) => ({ ...p, at: p.at.toISOString() })),
      };
    },
  };
}
export type TanksService = ReturnType<typeof tanksService>;
