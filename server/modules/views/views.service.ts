import {
  bucketsBetween,
  cappedMessage,
  GPS_DETAIL_ZOOM,
  GPS_POINT_LIMIT,
  type GpsFeature,
  monthDates,
  sumFigures,
  ZERO_FIGURES,
  type CalendarQuery,
  type CalendarResponse,
  type DayQuery,
  type DayResponse,
  type GpsQuery,
  type GpsResponse,
  type MapConfig,
  type Series,
  type SeriesQuery,
  type SeriesResponse,
} from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/resource';
import { figuresRepository, type FlowPoint } from './figures.repository';
import { gpsRepository, type GpsRaw } from './gps.repository';
import { levelsRepository } from './levels.repository';
import { mapStyleService } from '../admin/map-style.service';
import type { MapSettings } from './map-settings';

/** Points of one query → one series per store/tank/product, the largest first. */
export function toSeries(points: readonly FlowPoint[], levels: boolean): Series[] {
  const by = new Map<string, Series>();
  for (const p of points) {
    let s = by.get(p.key);
    if (!s) by.set(p.key, (s = { key: p.key, label: p.label ?? p.key, total: 0, points: [] }));
    s.points.push({ bucket: p.bucket, litres: p.litres, count: p.count });
  }
  for (const s of by.values()) {
    s.points.sort((a, b) => (a.bucket < b.bucket ? -1 : 1));
    s.total = levels
      ? s.points[s.points.length - 1].litres
      : Math.round(s.points.reduce((n, p) => n + p.litres, 0) * 1000) / 1000;
  }
  return [...by.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

function toFeature({ lat, lng, at, ...p }: GpsRaw): GpsFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { ...p, at: iso(at) } };
}

export function viewsService(db: DbOrTx, map: MapSettings) {
  const figures = figuresRepository(db);
  const levels = levelsRepository(db);
  const gps = gpsRepository(db);
  const styles = mapStyleService(db, map);

  return {
    async series(accountId: number, q: SeriesQuery): Promise<SeriesResponse> {
      const scope = { accountId, from: q.from, to: q.to, storeId: q.storeId, tankId: q.tankId, productId: q.productId };
      const points =
        q.metric === 'levels'
          ? await levels.series(scope, q.groupBy, q.interval)
          : await figures.flowSeries(scope, q.metric === 'dispensed' ? 'dispense' : 'receipt', q.groupBy, q.interval);
      return {
        metric: q.metric,
        groupBy: q.groupBy,
        interval: q.interval,
        from: q.from,
        to: q.to,
        buckets: bucketsBetween(q.from, q.to, q.interval),
        series: toSeries(points, q.metric === 'levels'),
      };
    },

    async calendar(accountId: number, q: CalendarQuery): Promise<CalendarResponse> {
      const dates = monthDates(q.month);
      const rows = await figures.byDay({
        accountId,
        from: dates[0],
        to: dates[dates.length - 1],
        storeId: q.storeId,
        tankId: q.tankId,
        productId: q.productId,
      });
      const at = new Map(rows.map((r) => [r.date, r]));
      const days = dates.map((date) => ({ ...ZERO_FIGURES, ...at.get(date), date }));
      return { month: q.month, days, totals: sumFigures(days) };
    },

    async day(accountId: number, q: DayQuery): Promise<DayResponse> {
      const rows = await figures.byStoreProduct({
        accountId,
        from: q.date,
        to: q.date,
        storeId: q.storeId,
        tankId: q.tankId,
        productId: q.productId,
      });
      return { date: q.date, rows, totals: sumFigures(rows) };
    },

    /**
     * The map's answer (ADR 024). Below GPS_DETAIL_ZOOM: grid clusters of the viewport, whatever
     * the range, so the answer's size depends on the screen, not on the data. Without a zoom or
     * from GPS_DETAIL_ZOOM on: the latest GPS_POINT_LIMIT dispenses in view, one by one.
     */
    async gps(accountId: number, q: GpsQuery): Promise<GpsResponse> {
      const focus = q.focus ? ((await gps.byIds(accountId, [q.focus])).map(toFeature)[0] ?? null) : null;
      const base = { type: 'FeatureCollection' as const, focus, limit: GPS_POINT_LIMIT };
      if (q.zoom === undefined || q.zoom >= GPS_DETAIL_ZOOM) {
        const { rows, inView, total, extent } = await gps.points(accountId, q, GPS_POINT_LIMIT, q.bbox);
        return {
          ...base,
          features: rows.map(toFeature),
          clusters: [],
          zoom: null,
          total,
          inView,
          extent,
          truncated: inView > rows.length,
          message: cappedMessage(inView, GPS_POINT_LIMIT),
        };
      }
      const { cells, cellsInView, inView, total, extent } = await gps.cells(
        accountId,
        q,
        q.zoom,
        q.bbox,
        GPS_POINT_LIMIT,
      );
      const singles = await gps.byIds(
        accountId,
        cells.flatMap((c) => (c.n === 1 && c.id ? [c.id] : [])),
      );
      const clusters = cells
        .filter((c) => c.n > 1)
        .map((c) => ({
          id: `${q.zoom}/${c.cx}/${c.cy}`,
          lng: c.lng,
          lat: c.lat,
          count: c.n,
          bounds: [c.w, c.s, c.e, c.nn] as [number, number, number, number],
        }));
      const truncated = cellsInView > cells.length;
      return {
        ...base,
        features: singles.map(toFeature),
        clusters,
        zoom: q.zoom,
        total,
        inView,
        extent,
        truncated,
        message: truncated
          ? `The map shows the ${cells.length.toLocaleString('en')} fullest of ${cellsInView.toLocaleString('en')} places in view. Zoom in to see the rest.`
          : null,
      };
    },

    async mapConfig(accountId: number): Promise<MapConfig> {
      // The account's own style (ADR 051), else MAP_STYLE_URL, else the built-in world map.
      return { styleUrl: await styles.styleUrl(accountId), stores: await gps.stores(accountId) };
    },
  };
}
export type ViewsService = ReturnType<typeof viewsService>;
