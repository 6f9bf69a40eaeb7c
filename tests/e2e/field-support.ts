import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import config from '../../playwright.config';
import { test } from './fixtures';
import type { DemoUser } from './support';
import { apiAs, LANDING, OwnServer, signIn } from './support';

/**
 * Helpers of the field-offline e2e: a "device" is a persistent Chromium profile (IndexedDB, the
 * service worker and the refresh cookie survive closing it), driven against a server the test owns.
 */

/**
 * The file's own server behind a gate (so a cut really fails the service worker's fetches), started
 * before its tests, which run in order, and stopped after them with the devices' profiles removed.
 * `offset`: the file's port above E2E_PORT, one per file so files run side by side.
 */
export function deviceServer(offset: number): OwnServer {
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + offset, { gate: true });
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    await server.start(true);
  });
  test.afterAll(async () => {
    await server.stop();
    removeProfiles();
  });
  return server;
}

export interface Device {
  ctx: BrowserContext;
  page: Page;
}

const profiles: string[] = [];

/** A fresh profile directory for one device (removed again by `removeProfiles`). */
export function profileDir(name: string, port: number): string {
  const dir = path.join(os.tmpdir(), `fams-e2e-field-${name}-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  profiles.push(dir);
  return dir;
}

export function removeProfiles(): void {
  for (const dir of profiles.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Where a device's pages learn that the network is gone. Chromium's offline emulation (seen in Debian's
 * Chromium 150) fails every request but leaves `navigator.onLine` true in a document loaded after the
 * switch (a reload the service worker answers, a profile reopened offline), where a phone's browser
 * says false. While a device is offline, every document it loads reports what a phone's would;
 * `bringBack` hands the live ones back to the browser's own answer before the network returns.
 */
const offlineReports = new WeakMap<BrowserContext, { dispose(): Promise<void> | void }>();

async function reportOffline(ctx: BrowserContext) {
  if (offlineReports.has(ctx)) return;
  const script = await ctx.addInitScript(() => {
    (globalThis as { __e2eLoadedOffline?: boolean }).__e2eLoadedOffline = true;
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        const back = (globalThis as { __e2eNetworkBack?: boolean }).__e2eNetworkBack;
        return back ? (real.get!.call(this) as boolean) : false;
      },
    });
  });
  offlineReports.set(ctx, script);
}

/**
 * The network comes back: documents loaded offline answer the browser's own `onLine` again and, as
 * a phone's would, hear `online` (the emulation, which never told them it was offline, may not).
 */
async function networkBack(ctx: BrowserContext) {
  await offlineReports.get(ctx)?.dispose();
  offlineReports.delete(ctx);
  const pages = ctx.pages();
  for (const page of pages)
    await page
      .evaluate(() => ((globalThis as { __e2eNetworkBack?: boolean }).__e2eNetworkBack = true))
      .catch(() => undefined);
  await ctx.setOffline(false);
  for (const page of pages)
    await page
      .evaluate(() => {
        if ((globalThis as { __e2eLoadedOffline?: boolean }).__e2eLoadedOffline) dispatchEvent(new Event('online'));
      })
      .catch(() => undefined);
}

/** Opens (or re-opens) the device's browser with the same launch options as playwright.config.ts. */
export async function openDevice(dir: string, baseURL: string, offline = false): Promise<Device> {
  const ctx = await chromium.launchPersistentContext(dir, {
    ...config.use?.launchOptions,
    baseURL,
    offline,
    viewport: { width: 412, height: 900 },
    serviceWorkers: 'allow',
  });
  if (offline) await reportOffline(ctx);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  return { ctx, page };
}

/** First visit online: sign in, let the service worker take control and the reference data arrive. */
export async function firstSignIn({ page }: Device, user: DemoUser, screen: string) {
  await page.goto('/pages/login');
  await signIn(page, user, { goto: false });
  await expect(page).toHaveURL(LANDING[user]);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.goto(screen);
  await expect(page.getByText('waiting ·').first()).toBeVisible();
}

/** The closed app is opened again with no network: the login page unlocks offline with the password. */
export async function reopenOffline(dir: string, server: OwnServer, user: DemoUser, screen: string): Promise<Device> {
  const device = await openDevice(dir, server.url, true);
  await device.page.goto(screen);
  await expect(device.page).toHaveURL(/\/pages\/login/);
  await expect(device.page.getByText('You are offline')).toBeVisible();
  await signIn(device.page, user, { goto: false });
  await expect(device.page).toHaveURL(new RegExp(`${screen}$`));
  await expect(device.page.getByRole('button', { name: /Sync status: offline session/ })).toBeVisible();
  return device;
}

/** The device's outbox as stored (read with IndexedDB itself, not through the app). */
export async function outbox(
  page: Page,
  kind: string,
): Promise<Array<{ id: string; state: string; payload: Record<string, unknown> }>> {
  return page.evaluate(async (k) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('fams-account-'));
    const out: Array<{ id: string; state: string; payload: Record<string, unknown> }> = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const rows = await new Promise<
        Array<{ id: string; kind: string; state: string; payload: Record<string, unknown> }>
      >((ok, fail) => {
        const r = db.transaction('outbox').objectStore('outbox').getAll();
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      db.close();
      out.push(...rows.filter((r) => r.kind === k).map((r) => ({ id: r.id, state: r.state, payload: r.payload })));
    }
    return out;
  }, kind);
}

/**
 * Puts an equipment the server has never heard of into the device's cached reference data (a
 * stale cache), so a record the app itself writes is refused by the real server.
 */
export async function addUnknownEquipment(page: Page, fleetNo: string): Promise<void> {
  await page.evaluate(async (no) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('fams-account-'))!;
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const store = db.transaction('reference', 'readwrite').objectStore('reference');
    await new Promise<void>((ok, fail) => {
      const get = store.get('current');
      get.onsuccess = () => {
        const snap = get.result as { data: { equipment: unknown[] } };
        snap.data.equipment.push({
          id: crypto.randomUUID(),
          fleetNo: no,
          registration: null,
          description: 'Not on the server',
          typeId: null,
          costCentreId: null,
          currentMeter: null,
          tags: [],
          homeStoreId: null,
          fams24Enabled: false,
          pinRequired: false,
          odometerRequired: false,
          active: true,
          meterType: 'km',
          tankCapacity: null,
        });
        const put = store.put(snap);
        put.onsuccess = () => ok();
        put.onerror = () => fail(put.error);
      };
      get.onerror = () => fail(get.error);
    });
    db.close();
  }, fleetNo);
}

/** The API as a user, with the two calls the field tests make. */
export async function fieldApiAs(baseURL: string, user: DemoUser) {
  const api = await apiAs(baseURL, user);
  return {
    reference: (): Promise<any> => api.call('get', '/reference'),
    /** Posts the records again: every one must come back `duplicate` (stored once, never twice). */
    replayStatuses: async (kind: string, records: unknown[]): Promise<string[]> =>
      ((await api.call('post', `/${kind}/batch`, { records })) as { results: Array<{ status: string }> }).results.map(
        (r) => r.status,
      ),
    dispose: api.dispose,
  };
}

/**
 * Server gone and no signal: the server cut off (its gate refuses every connection, so the service
 * worker cannot reach it either) and an offline network. The server is made with `{ gate: true }`.
 */
export async function cutOff(server: OwnServer, ctx: BrowserContext) {
  await server.cut();
  await ctx.unrouteAll();
  await reportOffline(ctx);
  await ctx.setOffline(true);
}

/** Server and network back: the page hears `online` and sends the queue by itself. */
export async function bringBack(server: OwnServer, ctx: BrowserContext) {
  await server.restore();
  await networkBack(ctx);
}

/** The fields of a field screen's "recent records" card. */
export const recentList = (page: Page, title: string) => page.getByRole('list', { name: title });
/** The dispense screens' recent-records list (QuickDispense, QuickDispense24). */
export const DISPENSE_LIST = 'Recent dispenses on this device';

/**
 * This device's dispense of `litres` to `fleetNo` shows Synced. Right after a save the "N waiting"
 * line can still show the count from before it (a busy machine re-renders late), so "0 waiting"
 * alone may pass before the record was even queued: the record's own state cannot.
 */
export async function expectDispenseSynced(page: Page, litres: number, fleetNo: string, timeout = 60_000) {
  const item = recentList(page, DISPENSE_LIST)
    .getByRole('listitem')
    .filter({ hasText: `${litres} L to ${fleetNo}` });
  await expect(item.getByText('Synced', { exact: true })).toBeVisible({ timeout });
}

export interface Eq {
  id: string;
  fleetNo: string;
  meterType: 'km' | 'hours' | null;
  /** false: no meter fitted, the form asks no reading (ADR 076). */
  hasMeter?: boolean;
  currentMeter: number | null;
  tags: string[];
  active: boolean;
  fams24Enabled: boolean;
}

/** The meter field's label on the dispense form for this equipment (ADR 076: every metered fill needs it). */
export const meterLabel = (eq: Pick<Eq, 'meterType'>) => (eq.meterType === 'hours' ? 'Hours' : 'Odometer (km)');

/** One dispense through the form, as a driver types it: equipment by its full fleet no. (or a scanned tag). */
export async function dispense(page: Page, eq: Eq, litres: number, key = eq.fleetNo) {
  await page.getByRole('combobox', { name: 'Equipment' }).fill(key);
  await page.getByLabel('Litres').fill(String(litres));
  if (eq.hasMeter !== false) await page.getByLabel(meterLabel(eq)).fill(String((eq.currentMeter ?? 0) + 25));
  await page.getByRole('button', { name: 'Save dispense' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Saved on this device: ${litres} L to ${eq.fleetNo}` }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Equipment' })).toHaveValue('');
}
