import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { apiAs, signIn } from './support';

/**
 * Quick views and GPS (issue 5) as `editor` (the one demo user both rules admit: `manager` is not
 * a quickReportViewer, `viewer` is not an editor), against the real server. The test makes its own
 * store, tank and equipment so the figures are exactly the records it creates, on a day 40 days
 * back (Johannesburg, UTC+2):
 *   08:00Z 100 L and 21:30Z 50 L → the day D;  22:30Z 30 L → 00:30 on D+1 (store-local day)
 *   a 1000 L receipt on D.  GPS: two dispenses 20 m apart (a cluster when zoomed out) and one
 *   ~50 km away, so the map shows a cluster and a single point.
 * With VIEWS_SHOTS=<dir>, each screen is also saved as a PNG at desktop and 360 px widths.
 */
const stamp = String(Date.now()).slice(-7);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const D = day(-40);
const D1 = day(-39);
const MONTH = D.slice(0, 7);
const shots = process.env.VIEWS_SHOTS;

interface Fixture {
  storeId: string;
  storeCode: string;
  tankId: string;
  equipmentId: string;
  fleetNo: string;
}
let fx: Fixture;

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiAs(baseURL!, 'admin');
  const storeCode = `V${stamp}`;
  const store = await admin.call('post', '/stores', {
    code: storeCode,
    name: `Views ${stamp}`,
    variant: 'FAMS',
    timezone: 'Africa/Johannesburg',
    latitude: -26.05,
    longitude: 28.02,
  });
  const product = (await admin.call('get', '/reference')).products[0];
  const tank = await admin.call('post', '/tanks', {
    storeId: store.id,
    productId: product.id,
    code: 'T1',
    name: 'Views tank',
    capacity: 20000,
    safeFill: 19000,
    lowLevel: 500,
  });
  const type = await admin.call('post', '/equipment-types', {
    code: `VT${stamp}`,
    make: 'Test',
    model: 'Views',
    tankCapacity: 900,
    meterType: 'km',
  });
  const fleetNo = `GPS${stamp}`;
  const equipment = await admin.call('post', '/equipment', { fleetNo, typeId: type.id });
  fx = { storeId: store.id, storeCode, tankId: tank.id, equipmentId: equipment.id, fleetNo };
  const disp = (litres: number, at: string, gps: { lat: number; lng: number }) => ({
    id: crypto.randomUUID(),
    variant: 'FAMS',
    storeId: store.id,
    tankId: tank.id,
    equipmentId: equipment.id,
    litres,
    dispensedAt: at,
    deviceId: 'e2e-views',
    gps: { ...gps, accuracyM: 4 },
  });
  const res = await admin.call('post', '/dispenses/batch', {
    records: [
      disp(100, `${D}T08:00:00Z`, { lat: -26.1, lng: 28.0 }),
      disp(50, `${D}T21:30:00Z`, { lat: -26.10018, lng: 28.0 }),
      disp(30, `${D}T22:30:00Z`, { lat: -25.75, lng: 28.35 }),
    ],
  });
  expect(res.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created']);
  await admin.call('post', '/receipts/batch', {
    records: [
      {
        id: crypto.randomUUID(),
        tankId: tank.id,
        supplier: 'E2E Fuels',
        deliveryNote: `DN${stamp}`,
        litres: 1000,
        receivedAt: `${D}T09:00:00Z`,
        deviceId: 'e2e-views',
      },
    ],
  });
  await admin.dispose();
});

async function noSeriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('[data-testid="gps-map"]').analyze();
  expect(
    r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

type MapProps = Record<string, unknown>;
/** Properties of the features a layer of the GPS map draws now; null when the layer does not exist (yet). */
const drawn = (page: Page, layer: string) =>
  page.getByTestId('gps-map').evaluate((el, l) => {
    const map = (
      el as unknown as {
        famsMap: {
          getLayer: (id: string) => unknown;
          queryRenderedFeatures: (o: object) => { properties: MapProps }[];
        };
      }
    ).famsMap;
    return map.getLayer(l) ? map.queryRenderedFeatures({ layers: [l] }).map((f) => f.properties) : null;
  }, layer);

async function snap(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  // The charts re-measure on resize: let two frames pass before the shot.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${shots}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('quick views as editor', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // One editor's walk over the four screens (one sign-in, straight onto the first: ADR 042, ADR 056).
  test('chart and calendar by store-local day; the GPS map and its records list open each other', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await test.step('chart', async () => {
      await signIn(page, 'editor', { to: `/QuickChartView?from=${day(-45)}&to=${day(-35)}&storeId=${fx.storeId}` });
      const chart = page.getByTestId('series-chart');
      await expect(chart).toBeVisible();
      // One series (the store): D has 150 L, D+1 30 L; the figures table beside the chart says so.
      await expect(chart.locator('svg desc').first()).toHaveText(
        new RegExp(`by store per day.*: ${fx.storeCode} — Views ${stamp} 180 L`),
      );
      // Two bars with a height (D and D+1); the other days are empty.
      await expect
        .poll(() =>
          chart
            .locator('svg path[role="presentation"]')
            .evaluateAll((ps) => ps.filter((p) => (p as SVGGraphicsElement).getBBox().height > 1).length),
        )
        .toBe(2);
      const row = page.getByRole('row', { name: new RegExp(fx.storeCode) });
      await expect(row).toContainText('180 L');
      await expect(row).toContainText('2');
      await noSeriousViolations(page);
      await snap(page, 'chart');
      await page.getByRole('radio', { name: 'Received' }).check({ force: true });
      await expect(page).toHaveURL(/metric=received/);
      await expect(page.getByRole('row', { name: new RegExp(fx.storeCode) })).toContainText('1,000 L');
    });
    await test.step('calendar', async () => {
      await page.goto(`/QuickCalendarView?month=${MONTH}&f.storeId=${fx.storeId}`);
      const dayButton = page.getByRole('button', {
        name: new RegExp(`^\\w+,? ${Number(D.slice(8))} .*: dispensed 150 L, received 1,000 L`),
      });
      await expect(dayButton).toBeVisible();
      await snap(page, 'calendar');
      await dayButton.click();
      await expect(page).toHaveURL(new RegExp(`f\\.date=${D}`));
      const panel = page.getByRole('region', { name: /^Records of / });
      await expect(panel.getByRole('row', { name: /Day total/ })).toContainText('150 L');
      await expect(panel.getByRole('row', { name: /Day total/ })).toContainText('1,000 L');
      const list = panel.getByRole('table', { name: 'Records of the day' });
      await expect(list.getByRole('row')).toHaveCount(4); // header + 2 dispenses + 1 receipt
      await expect(list).toContainText(fx.fleetNo);
      await expect(list).toContainText(`E2E Fuels · DN${stamp}`);
      await noSeriousViolations(page);
      await snap(page, 'calendar-day');
      if (D1.slice(0, 7) === MONTH) {
        await expect(
          page.getByRole('button', { name: new RegExp(`^\\w+,? ${Number(D1.slice(8))} .*: dispensed 30 L`) }),
        ).toBeVisible();
      }
    });
    await test.step('the GPS map shows the points, a cluster zooms in, a point opens its record; the built-in base map needs no other host', async () => {
      // The base map (land, coastline, borders, names) is built in: any request to another host is a failure.
      const elsewhere: string[] = [];
      const ours = new URL(baseURL!).origin;
      await page.route(
        (url) => url.protocol.startsWith('http') && url.origin !== ours,
        (r) => {
          elsewhere.push(r.request().url());
          return r.abort();
        },
      );
      await page.goto(`/QuickViewGPSInformation?from=${D}&to=${D1}&equipmentId=${fx.equipmentId}`);
      await expect(page.getByRole('status').filter({ hasText: 'GPS-stamped' })).toHaveText(
        '3 GPS-stamped dispenses on the map.',
      );
      const map = page.getByTestId('gps-map');
      await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await expect(map.locator('canvas')).toBeVisible();
      // Zoomed out to both places: the two close points are one cluster, the far one a point.
      const cluster = page.getByRole('button', { name: '2 dispenses here, zoom in' });
      await expect(cluster).toBeVisible();
      await expect(cluster).toHaveText('2');
      // The store's code is a map label (a symbol layer, decluttered by maplibre).
      await expect
        .poll(() => drawn(page, 'store-labels'))
        .toContainEqual(expect.objectContaining({ code: fx.storeCode }));
      const far = page.getByRole('button', { name: new RegExp(`^Dispense ${fx.fleetNo}, 30 L`) });
      await far.click();
      const popup = page.getByRole('dialog', { name: `Dispense ${fx.fleetNo}` });
      await expect(popup).toBeVisible();
      await expect(popup).toContainText('30 L');
      await expect(popup).toContainText(`${fx.storeCode} — Views ${stamp}`);
      await expect(popup).toContainText('00:30'); // 22:30Z on the store's clock
      await noSeriousViolations(page);
      await map.screenshot({ path: test.info().outputPath('gps-map.png') });
      await snap(page, 'gps-map');
      await cluster.click();
      await expect(page.getByRole('button', { name: new RegExp(`^Dispense ${fx.fleetNo}, 100 L`) })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(`^Dispense ${fx.fleetNo}, 50 L`) })).toBeVisible();
      // Out to southern Africa: the coast from Namibia to Mozambique is in view.
      await map.evaluate((el) =>
        (el as unknown as { famsMap: { jumpTo: (o: object) => void } }).famsMap.jumpTo({
          center: [25, -28],
          zoom: 3.5,
        }),
      );
      await expect
        .poll(async () => (await drawn(page, 'coastline'))?.length ?? -1, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect.poll(async () => (await drawn(page, 'land'))?.length ?? -1).toBeGreaterThan(0);
      await expect.poll(async () => (await drawn(page, 'borders'))?.length ?? -1).toBeGreaterThan(0);
      await expect
        .poll(async () => ((await drawn(page, 'place-labels')) ?? []).map((p) => p.name))
        .toContain('South Africa');
      // Zoomed out, the cluster counts add up to the three records.
      await expect(page.getByRole('button', { name: '3 dispenses here, zoom in' })).toBeVisible();
      await map.screenshot({ path: test.info().outputPath('gps-basemap.png') });
      expect(elsewhere).toEqual([]);
    });

    await test.step('the GPS records list has the same records and each opens its point on the map', async () => {
      await page.goto(`/FilterGPSInformation?f.equipmentId=${fx.equipmentId}`);
      const table = page.getByRole('table', { name: 'GPS records' });
      await expect(table.getByRole('row')).toHaveCount(4);
      await noSeriousViolations(page);
      await snap(page, 'gps-records');
      await table
        .getByRole('link', { name: new RegExp(`^Show ${fx.fleetNo} .* on the map$`) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/QuickViewGPSInformation\?.*focus=/);
      await expect(page.getByRole('dialog', { name: `Dispense ${fx.fleetNo}` })).toBeVisible({ timeout: 30_000 });
    });
  });
});
