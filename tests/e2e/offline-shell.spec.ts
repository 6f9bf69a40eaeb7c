import { expect, test, type BrowserContext, type Page } from './fixtures';
import { OwnServer, signIn } from './support';

/**
 * The service worker (ADR 017): the first visit downloads the field app and says so; after it the
 * field screens open with the server gone, never visited before; an office screen opened once
 * online opens again offline. This file owns its server so it can cut it off (OwnServer.cut: the
 * server keeps running behind a closed gate): `setOffline` alone does not stop the service worker's fetches.
 */
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + 2, { gate: true });
test.describe.configure({ mode: 'serial' });
// The one file about the service worker itself: the suite blocks it elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
test.beforeAll(async () => {
  await server.start(true);
});
test.afterAll(async () => {
  await server.stop();
});

const signedIn = (page: Page) => page.waitForURL((u) => !u.pathname.startsWith('/pages/'));
const readyStatus = (page: Page) => page.getByRole('status').getByText('Ready to work offline', { exact: true });

/** Every state the offline indicator shows in this page, in order (recorded from the first paint). */
async function recordOfflineStates(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __offline: string[] };
    w.__offline = [];
    new MutationObserver(() => {
      const s = document.querySelector('[data-offline-state]')?.getAttribute('data-offline-state');
      if (s && w.__offline[w.__offline.length - 1] !== s) w.__offline.push(s);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-offline-state'] });
  });
  return () => page.evaluate(() => (window as unknown as { __offline: string[] }).__offline);
}

/** The first visit: the login page, until the shell says the device is ready to work offline. */
async function firstVisit(page: Page) {
  const states = await recordOfflineStates(page);
  await page.goto(`${server.url}/pages/login`);
  // The precache (~210 files) took over a minute at load 30 on 2 cores.
  await expect(readyStatus(page)).toBeVisible({ timeout: 150_000 });
  expect(await states()).toEqual(expect.arrayContaining(['downloading', 'ready']));
  await signIn(page, 'admin', { goto: false });
  await signedIn(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** The server cut off behind its gate (the service worker's fetches fail too) and no network. */
async function cutOff(context: BrowserContext) {
  await server.cut();
  await context.setOffline(true);
}

async function bringBack(context: BrowserContext) {
  await context.setOffline(false);
  await server.restore();
}

/** File names (no path, no query) in the service worker's precache. */
const precacheFiles = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.split('/').pop() ?? '');
  });

const cacheSizes = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, number> = {};
    for (const name of await caches.keys())
      out[name.startsWith('workbox-precache') ? 'precache' : name] = (await (await caches.open(name)).keys()).length;
    return out;
  });

// One device's story (ADR 056: one first visit, whose precache is the costly part): the field
// screens offline, then an office screen kept on first use opens offline too.
test('first visit: "Ready to work offline"; the field screens open with the server gone, never visited before; an office screen opened once online opens again offline', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await firstVisit(page);
  // Only the field app was downloaded: the field screens' files are in the precache, the office
  // screens' (charts, maps) are not.
  const sizes = await cacheSizes(page);
  expect(sizes.precache).toBeGreaterThan(20);
  const precached = await precacheFiles(page);
  expect(precached.filter((f) => /^QuickDispense-.*\.js$/.test(f))).toHaveLength(1);
  expect(precached.filter((f) => /^(QuickChartView|StoreLocator|maplibre-gl)[-.]/.test(f))).toEqual([]);

  await cutOff(context);
  try {
    await page.reload();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByText('Alex Admin').first()).toBeVisible();
    for (const [path, title] of [
      ['/QuickDispense', 'Quick dispense'],
      ['/QuickDispense24', 'Quick dispense 24'],
      ['/DispensingTransfers', 'Transfers'],
      ['/FiltersReceivedMan', 'Manual receipts'],
      ['/Device', 'This device'],
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { name: title, exact: true }), path).toBeVisible();
    }
    // A later visit is already ready: the indicator stays quiet.
    await expect(page.locator('[data-offline-state="ready"]')).toBeAttached();
    await expect(readyStatus(page)).toHaveCount(0);
  } finally {
    await bringBack(context);
  }

  // Online again: the chart screen's files are kept as it loads them (not in the precache).
  const before = await cacheSizes(page);
  await page.goto(`${server.url}/QuickChartView`);
  await expect(page.getByRole('heading', { name: 'Chart view', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The chart screen's own files went into the runtime cache as the page loaded them.
  await expect
    .poll(async () => (await cacheSizes(page))['fams-assets'] ?? 0)
    .toBeGreaterThan(before['fams-assets'] ?? 0);

  await cutOff(context);
  try {
    await page.goto(`${server.url}/dashboard/analytics`);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    // The dashboard's own late requests (refresh, lazy parts) settle first: a navigation they
    // start would abort the next one (seen once as net::ERR_ABORTED on a busy run).
    await page.waitForLoadState('networkidle');
    await page.goto(`${server.url}/QuickChartView`);
    await expect(page.getByRole('heading', { name: 'Chart view', exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not be shown' })).toHaveCount(0);
  } finally {
    await bringBack(context);
  }
});
