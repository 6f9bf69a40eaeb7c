import { z } from 'zod';
import { latitude, longitude } from './setup/stores';
import { TANK_ALARMS } from './tanks';

/**
 * `/StoreLocator` (rule admin, issue 14): every store of the account for the map — those with
 * coordinates as points, the others listed with a link to set them — each with its tanks' latest
 * levels (as `/TankLevels` computes them) and a state for its colour.
 */
export const STORE_LOCATOR_PATH = '/admin/store-locator';

/**
 * A store's colour on the map, worst first: a tank alarm (low, high, water, no recent reading —
 * the gauge has lost contact), then an open exception at the store, else fine.
 */
export const STORE_STATES = ['alarm', 'exceptions', 'ok'] as const;
export type StoreState = (typeof STORE_STATES)[number];
export const STORE_STATE_LABEL: Record<StoreState, string> = {
  alarm: 'Tank alarm',
  exceptions: 'Open exceptions',
  ok: 'No alarms',
};

export const LocatorTank = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  productName: z.string(),
  capacity: z.number(),
  grossLitres: z.number(),
  fillPct: z.number(),
  /** ISO time of the latest reading; null when the tank was never read (book stock shown). */
  readAt: z.string().nullable(),
  alarms: z.array(z.enum(TANK_ALARMS)),
});
export type LocatorTank = z.infer<typeof LocatorTank>;

export const LocatorStore = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The store record's version: a move on the map is saved against it (the resource's concurrency check). */
  version: z.number().int(),
  state: z.enum(STORE_STATES),
  openExceptions: z.number().int(),
  tanks: z.array(LocatorTank),
});
export type LocatorStore = z.infer<typeof LocatorStore>;

export const StoreLocatorResponse = z.object({
  /** The map style (`MAP_STYLE_URL`; null = the built-in base map), as the GPS map's. */
  styleUrl: z.string().nullable(),
  stores: z.array(LocatorStore),
});
export type StoreLocatorResponse = z.infer<typeof StoreLocatorResponse>;

/** The store's state from its tanks' alarms and its open exceptions. */
export function storeState(tanks: readonly { alarms: readonly string[] }[], openExceptions: number): StoreState {
  if (tanks.some((t) => t.alarms.length > 0)) return 'alarm';
  return openExceptions > 0 ? 'exceptions' : 'ok';
}

/** Search by name (or code): case- and accent-insensitive, every word must match. */
export function matchesStore(s: { code: string; name: string }, q: string): boolean {
  const norm = (v: string) =>
    v
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const hay = norm(`${s.code} ${s.name}`);
  return norm(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/**
 * `PUT /admin/store-locator/:id/location` (ADR 051): a store placed by clicking the map or dragging
 * its marker, saved through the stores resource against the version the map showed (409 with the
 * current store when someone changed it meanwhile). The store form's latitude and longitude fields
 * stay the keyboard way to do the same.
 */
export const StoreLocationBody = z.strictObject({
  latitude,
  longitude,
  version: z.number({ error: 'version is required' }).int(),
});
export type StoreLocationBody = z.infer<typeof StoreLocationBody>;
export const StoreLocation = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  version: z.number().int(),
});

/** Map coordinates rounded to 6 decimals (about 0.1 m): what a click can mean, and what is stored. */
export const roundCoordinate = (v: number) => Math.round(v * 1e6) / 1e6;
