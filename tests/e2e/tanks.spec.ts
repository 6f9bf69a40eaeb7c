import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import crypto from 'node:crypto';
import { startSimulator, type Simulator } from '../../server/gauges/simulator';
import { apiAs, LANDING, signIn, type DemoUser, type UserApi } from './support';

/**
 * `/TankLevels` end to end (issue 5): a Veeder-Root TLS gauge simulator on a loopback port is
 * polled by the real server ("Test connection" on a device set up through the API) and the page
 * shows what it just read; a driver's dip saved with no connection on a phone-size screen syncs and
 * shows on the page; a driver is refused the page. Codes are unique per run.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const stamp = String(Date.now()).slice(-7);
const CHART = [
  { heightMm: 0, litres: 0 },
  { heightMm: 2000, litres: 10_000 },
];
const f = {} as { store: string; gauged: string; dipped: string; productName: string; read: number };
let sim: Simulator;

let admin: UserApi;

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL!, 'admin', 'Demo Fuels');
  const ref = await admin.call('get', '/reference');
  const product = (ref.products as Array<{ id: string; name: string; kind: string }>).find((p) => p.kind === 'fuel')!;
  f.productName = product.name;
  f.store = (
    await admin.call('post', '/stores', {
      code: `G${stamp}`,
      name: `Gauge yard ${stamp}`,
      variant: 'FAMS',
      timezone: 'UTC',
    })
  ).id;
  const tank = {
    storeId: f.store,
    productId: product.id,
    capacity: 10_000,
    safeFill: 9500,
    lowLevel: 1000,
    strappingChart: CHART,
  };
  f.gauged = (await admin.call('post', '/tanks', { ...tank, code: 'G1', name: 'Gauged tank' })).id;
  f.dipped = (await admin.call('post', '/tanks', { ...tank, code: 'G2', name: 'Dipped tank' })).id;
});

test.afterAll(async () => {
  await sim?.close();
  await admin?.ctx.dispose();
});

/** Serious or critical axe findings on the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The card of one tank on /TankLevels. */
const card = (page: Page, code: string, name: string) => page.getByRole('listitem', { name: `Tank ${code} · ${name}` });

type Size = { width: number; height: number };

/**
 * A new context signed in as `user`, on `to` when given (one page load) or on the user's landing
 * page. Only the offline journey needs the service worker: its first precache competes with the
 * sign-in for the CPU.
 */
async function signedIn(
  browser: Browser,
  user: DemoUser,
  { viewport = { width: 1280, height: 900 }, to, sw = false }: { viewport?: Size; to?: string; sw?: boolean } = {},
) {
  const ctx = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: sw ? 'allow' : 'block',
  });
  const page = await ctx.newPage();
  await signIn(page, user, { to });
  await expect(page).toHaveURL(to ? (url) => url.pathname === to.split('?')[0] : LANDING[user]);
  return { ctx, page };
}

/**
 * One admin journey on /TankLevels (one context kept open) with the driver's phone beside it: a new
 * context and its first page load are the costly part of an e2e test (ADR 042, ADR 056).
 */
test('/TankLevels: the gauge reading, its history and gaps; a dip saved offline on a phone syncs; "Record dip" saves through the outbox', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A tank read by hand only (no gauge): its gap is 3 days. Dips 6.5 and 6 days ago, then 1.5 and
  // 1 day ago: 4.5 days without a reading in the middle of the 7-day history.
  const DAY = 86_400_000;
  const times = [6.5, 6, 1.5, 1].map((d) => new Date(Date.now() - d * DAY));
  await test.step('set up: the simulator read by "Test connection", and a hand-dipped tank with a gap', async () => {
    sim = await startSimulator({
      host: '127.0.0.1',
      timezone: 'UTC',
      noise: false,
      tanks: [
        { tankNumber: 1, capacity: 10_000, volume: 6234.5, waterMm: 0, temperatureC: 15, chart: CHART, drawPerHour: 0 },
      ],
    });
    const boss = await apiAs(baseURL!, 'boss', 'Demo Fuels');
    const device = await boss.call('post', '/gauge-devices', {
      name: `Simulator ${stamp}`,
      storeId: f.store,
      protocol: 'tls_tcp',
      host: sim.host,
      port: sim.port,
      pollIntervalS: 3600,
      enabled: true,
      tankMap: [{ tankNumber: 1, tankId: f.gauged }],
    });
    const poll = await boss.call('post', `/gauge-devices/${device.id}/test`);
    expect(poll).toMatchObject({ ok: true });
    f.read = poll.inventory.find((t: { tankId: string | null }) => t.tankId === f.gauged).volume;
    expect(f.read).toBeCloseTo(6234.5, 1);
    await boss.ctx.dispose();

    const product = (await admin.call('get', '/reference')).products.find((p: { kind: string }) => p.kind === 'fuel');
    const tankId = (
      await admin.call('post', '/tanks', {
        storeId: f.store,
        productId: product.id,
        capacity: 10_000,
        safeFill: 9500,
        lowLevel: 1000,
        strappingChart: CHART,
        code: 'G3',
        name: 'Gap tank',
      })
    ).id;
    const res = await admin.call('post', '/dips/batch', {
      records: times.map((t, i) => ({
        id: crypto.randomUUID(),
        tankId,
        productHeightMm: 1000 + 100 * i,
        waterHeightMm: 0,
        temperatureC: 15,
        dippedAt: t.toISOString(),
        deviceId: 'e2e-gaps',
      })),
    });
    expect(res.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created', 'created']);
  });

  const { ctx, page } = await signedIn(browser, 'admin', { to: `/TankLevels?storeId=${f.store}` });
  await test.step('the gauged tank shows what the simulator just produced; its history', async () => {
    const gauged = card(page, 'G1', 'Gauged tank');
    await expect(gauged.getByText('Gauge', { exact: true })).toBeVisible();
    await expect(gauged.getByText(`${Math.round(f.read).toLocaleString('en-US')} L`).first()).toBeVisible();
    await expect(gauged.getByText(/Last reading .*\((just now|\d+ min ago)\)/)).toBeVisible();
    await expect(gauged.getByRole('meter', { name: /Fill level, 62\.3 %/ })).toBeVisible();
    // The other tank has never been read: it shows its book stock.
    await expect(card(page, 'G2', 'Dipped tank').getByText('Book stock', { exact: true }).first()).toBeVisible();
    expect(await axe(page)).toEqual([]);

    await gauged.getByRole('button', { name: 'History of G1 · Gauged tank' }).click();
    const history = page.getByRole('dialog', { name: 'History of G1 · Gauged tank' });
    await expect(history.getByRole('img', { name: 'History of G1 · Gauged tank' })).toBeVisible();
    await expect(history.getByText(/^1 point · lowest 6,23\d L · highest 6,23\d L$/)).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await history.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(history.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: test.info().outputPath('tanklevels-history.png') });
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('tanklevels-desktop.png'), fullPage: true });
  });

  await test.step('the history breaks its line where no reading came, and says when', async () => {
    await card(page, 'G3', 'Gap tank').getByRole('button', { name: 'History of G3 · Gap tank' }).click();
    const history = page.getByRole('dialog', { name: 'History of G3 · Gap tank' });
    await history.getByRole('button', { name: '7 days' }).click();
    await expect(history.getByText(/^4 points/)).toBeVisible();
    // The gap in words, with the times of the readings on either side (the page's clock is UTC).
    const when = (d: Date) =>
      d.toLocaleString('en-US', {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      });
    const gaps = history.getByRole('group', { name: 'Gaps in the readings' });
    await expect(gaps.getByRole('listitem')).toHaveText([`No readings ${when(times[1])} – ${when(times[2])}`]);
    await expect(gaps).toContainText('more than 3 days');
    // Two volume lines (one per segment), and a shaded stretch for the gap.
    const chart = history.getByRole('img', { name: 'History of G3 · Gap tank' });
    await expect(chart.locator('path[style*="stroke: var(--chakra-colors-blue-600)"]')).toHaveCount(2);
    await expect(chart.locator('path[style*="fill: var(--chakra-colors-gray-200)"]')).toHaveCount(1);
    await expect(chart.locator('desc')).toContainText(`No readings ${when(times[1])} – ${when(times[2])}`);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('tanklevels-history-gap.png') });
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
  });

  await test.step('a driver on a phone saves a dip offline; it syncs; the driver is refused /TankLevels', async () => {
    const driver = await signedIn(browser, 'driver', { viewport: { width: 360, height: 780 }, sw: true });
    const phone = driver.page;
    await phone.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The "Record dip" deep link: the dip tab with the tank chosen, from the cached reference data.
    await phone.goto(`/QuickDispense?tab=dip&tankId=${f.dipped}`);
    const form = phone.getByRole('form', { name: 'Tank dip' });
    await expect(phone.getByRole('tab', { name: 'Tank dip' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByLabel('Tank')).toHaveValue(f.dipped);
    const recent = phone.getByRole('region', { name: 'Recent dips on this device' });
    await expect(recent.getByText('0 waiting · 0 rejected')).toBeVisible();
    expect(await axe(phone)).toEqual([]);

    // No connection at all (the service worker's fetches too).
    await driver.ctx.route('**/api/**', (r) => r.abort());
    await driver.ctx.setOffline(true);
    await form.getByLabel('Product height (mm)').fill('2100');
    await expect(form.getByText("2100 mm is outside this tank's strapping chart (0–2000 mm)")).toBeVisible();
    await form.getByLabel('Product height (mm)').fill('1500');
    await form.getByLabel('Temperature (°C)').fill('15');
    await expect(form.getByLabel('Dip in litres').getByText('7,500 L').first()).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('dip-phone.png'), fullPage: true });
    await form.getByRole('button', { name: 'Save dip' }).click();
    await expect(
      phone.getByRole('alert').filter({ hasText: `Saved on this device: 1500 mm in G${stamp} · G2 — Dipped tank` }),
    ).toBeVisible();
    await expect(recent.getByText('1 waiting · 0 rejected')).toBeVisible();
    await expect(recent.getByText('Waiting', { exact: true })).toBeVisible();

    // Connection back: the outbox sends the dip by itself.
    await driver.ctx.unrouteAll();
    await driver.ctx.setOffline(false);
    await expect(recent.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
    await expect(recent.getByText('Synced', { exact: true })).toBeVisible();

    await phone.goto('/TankLevels');
    await expect(phone).toHaveURL(/\/pages\/not-authorized/);
    await driver.ctx.close();
  });

  await test.step('the synced dip shows on /TankLevels, on a phone-size screen too', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    const dipped = card(page, 'G2', 'Dipped tank');
    await expect(dipped.getByText('Dip', { exact: true })).toBeVisible();
    await expect(dipped.getByText('7,500 L').first()).toBeVisible();
    await expect(dipped.getByText('1,500 mm')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tanklevels-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('"Record dip" on /TankLevels saves through the outbox and the level follows', async () => {
    await card(page, 'G2', 'Dipped tank').getByRole('button', { name: 'Record dip for G2 · Dipped tank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record dip: G2 · Dipped tank' });
    await dialog.getByLabel('Product height (mm)').fill('1900');
    await dialog.getByLabel('Water height (mm)').fill('60');
    // 1900 mm → 9 500 L, less 60 mm of water (300 L): 9 200 L; the water is above the 50 mm alarm.
    await expect(dialog.getByLabel('Dip in litres').getByText('9,200 L').first()).toBeVisible();
    // Its time must be later than the driver's dip (the form's time is to the minute).
    await dialog.getByLabel('Time').fill(new Date(Date.now() + 60_000).toISOString().slice(0, 16));
    await page.screenshot({ path: test.info().outputPath('record-dip-dialog.png') });
    await dialog.getByRole('button', { name: 'Save dip' }).click();
    await expect(dialog).toBeHidden();
    const dipped = card(page, 'G2', 'Dipped tank');
    await expect(dipped.getByText('9,200 L').first()).toBeVisible({ timeout: 30_000 });
    await expect(dipped.getByLabel('Alarms').getByText('Water')).toBeVisible();
  });
  await ctx.close();
});
