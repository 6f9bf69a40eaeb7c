import { expect, test } from '@playwright/test';
import { OwnServer, signIn } from './support';

/** This test owns its server so it can stop it: the service worker must then serve the app. */
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + 2);
test.beforeAll(async () => { await server.start(true); });
test.afterAll(async () => { await server.stop(); });

test('after one online visit, a reload with the server gone shows the app', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/pages/login`);
  await signIn(page, 'driver', { goto: false });
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  // Wait until the service worker controls the page and has precached the app.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await server.stop();
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByText('Dana Driver').first()).toBeVisible();
  // Another route's chunk comes from the precache too.
  await page.goto(`${server.url}/QuickDispense`);
  await expect(page.getByRole('heading', { name: 'Quick dispense' })).toBeVisible();
});
