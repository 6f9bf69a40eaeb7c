import {
  bucketsBetween, cappedMessage, GPS_POINT_LIMIT, monthDates, sumFigures, ZERO_FIGURES,
  type CalendarQuery, type CalendarResponse, type DayQuery, type DayResponse, type GpsQuery, type GpsResponse, type MapConfig,
  type Series, type SeriesQuery, type SeriesResponse,
} from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/resource';
import { figuresRepository, type FlowPoint } from './figures.repository';
import { gpsRepository } from './gps.repository';
import { levelsRepository } from './levels.repository';
import type { MapSettings } from './map-settings';

/** Points of one query → one series per store/tank/product, the largest first. */
export function toSeries(points: readonly FlowPoint[], levels: boolean): Series[] {
  const by = new Map<string, Series>();
  for (const p of points) {
    let s = by.get(p.key);
    if (!s) by.set(p.key, s = { key: p.key, label: p.label ?? p.key, total: 0, points: [] });
    s.points.push({ bucket: p.bucket, litres: p.litres, count: p.count });
  }
  for (const s of by.values()) {
    s.points.sort((a, b) => (a.bucket < b.bucket ? -1 : 1));
    s.total = levels ? s.points[s.points.length - 1].litres : Math.round(s.points.reduce((n, p) => n + p.litres, 0) * 1000) / 1000;
  }
  return [...by.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

export function viewsService(db: DbOrTx, map: MapSettings) {
  const figures = figuresRepository(db);
  const levels = levelsRepository(db);
  const gps = gpsRepository(db);

  return {
    async series(accountId: number, q: SeriesQuery): Promise<SeriesResponse> {
      const scope = { accountId, from: q.from, to: q.to, storeId: q.storeId, tankId: q.tankId, productId: q.productId };
      const points = q.metric === 'levels'
        ? await levels.series(scope, q.groupBy, q.interval)
        : await figures.flowSeries(scope, q.metric === 'dispensed' ? 'dispense' : 'receipt', q.groupBy, q.interval);
      return {
        metric: q.metric, groupBy: q.groupBy, interval: q.interval, from: q.from, to: q.to,
        buckets: bucketsBetween(q.from, q.to, q.interval),
        series: toSeries(points, q.metric === 'levels'),
      };
    },

    async calendar(accountId: number, q: CalendarQuery): Promise<CalendarResponse> {
      const dates = monthDates(q.month);
      const rows = await figures.byDay({ accountId, from: dates[0], to: dates[dates.length - 1], storeId: q.storeId, tankId: q.tankId, productId: q.productId });
      const at = new Map(rows.map((r) => [r.date, r]));
      const days = dates.map((date) => ({ ...ZERO_FIGURES, ...at.get(date), date }));
      return { month: q.month, days, totals: sumFigures(days) };
    },

    async day(accountId: number, q: DayQuery): Promise<DayResponse> {
      const rows = await figures.byStoreProduct({ accountId, from: q.date, to: q.date, storeId: q.storeId, tankId: q.tankId, productId: q.productId });
      return { date: q.date, rows, totals: sumFigures(rows) };
    },

    async gps(accountId: number, q: GpsQuery): Promise<GpsResponse> {
      const { rows, total } = await gps.points(accountId, q, GPS_POINT_LIMIT);
      return {
        type: 'FeatureCollection',
        features: rows.map(({ lat, lng, at, ...p }) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [lng, lat] as [number, number] },
          properties: { ...p, at: iso(at) },
        })),
        total,
        limit: GPS_POINT_LIMIT,
        truncated: total > rows.length,
        message: cappedMessage(total, GPS_POINT_LIMIT),
      };
    },

    async mapConfig(accountId: number): Promise<MapConfig> {
      return { styleUrl: map.styleUrl, stores: await gps.stores(accountId) };
    },
  };
}
export type ViewsService = ReturnType<typeof viewsService>;
