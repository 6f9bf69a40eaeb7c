import { expect, test, type Browser } from './fixtures';
import { apiAs, apiFromPage, LANDING, signIn, type DemoUser } from './support';

/**
 * Issue 12, data integrity and diagnostics in a real browser: a driver's dispense syncs and its
 * device shows up on `/Diagnostic` with the app version (the sync engine's X-FAMS-* headers);
 * the admin runs the integrity checks on `/DataIntergrityChecks` and finds the run in the history.
 * What each check finds is in integrity.api.test.ts.
 */
/** A new context signed in as `user`, on `to` when given (one page load) or on the user's landing page. */
async function open(
  browser: Browser,
  baseURL: string,
  user: DemoUser,
  viewport = { width: 1280, height: 900 },
  to?: string,
) {
  const ctx = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC' });
  const page = await ctx.newPage();
  await signIn(page, user, { to });
  if (user === 'boss') {
    // ThebigBoss belongs to several accounts: pick one first.
    await expect(page).toHaveURL(/\/selectaccount/);
    await page.getByRole('button', { name: /Demo Fuels/ }).click();
  }
  await expect(page).toHaveURL(to ? (url) => url.pathname === to.split('?')[0] : LANDING[user]);
  return { ctx, page };
}

interface Eq {
  fleetNo: string;
  meterType: 'km' | 'hours' | null;
  currentMeter: number | null;
  active: boolean;
}

test("a driver's synced device is on /Diagnostic with its app version", async ({ browser, baseURL }) => {
  test.setTimeout(40_000);
  const driver = await open(browser, baseURL!, 'driver', { width: 390, height: 844 });
  const { page } = driver;
  const fleet = (await apiFromPage<{ equipment: Eq[] }>(page, 'GET', '/reference')).body.equipment;
  const eq = fleet.filter((e) => e.active && e.meterType === 'km' && (e.currentMeter ?? 0) > 1000).at(-2)!;
  await page.getByRole('combobox', { name: 'Equipment' }).fill(eq.fleetNo);
  await page.getByLabel('Litres').fill('12');
  await page.getByLabel('Odometer (km)').fill(String((eq.currentMeter ?? 0) + 250));
  await page.getByRole('button', { name: 'Save dispense' }).click();
  // The page's transport sends X-FAMS-Device/-Outbox/-Version with the batch (the screen's table is
  // the same list; the API test checks the rest of the report). "0 waiting" can show before the save
  // lands, so wait for the server's record of the sync itself.
  const boss = await apiAs(baseURL!, 'boss', 'Demo Fuels');
  type Device = { account: string; kind: string; outbox: number | null; appVersion: string | null };
  await expect
    .poll(
      async () =>
        ((await boss.call('get', '/diagnostic')).devices as Device[]).filter(
          (d) => d.account === 'Demo Fuels' && d.kind === 'dispenses',
        ),
      { timeout: 20_000 },
    )
    .toContainEqual(expect.objectContaining({ outbox: 1, appVersion: expect.stringMatching(/\S/) }));
  await boss.dispose();
  await driver.ctx.close();
});

test('the integrity checks run on demand and land in the history', async ({ browser, baseURL }) => {
  test.setTimeout(40_000);
  const admin = await open(browser, baseURL!, 'admin', undefined, '/DataIntergrityChecks');
  await admin.page.getByRole('button', { name: 'Run checks now' }).click();
  await expect(admin.page.getByText(/^Latest run: .* by Alex Admin$/)).toBeVisible({ timeout: 30_000 });
  for (const title of ['Meter readings out of sequence', 'Inactive but still dispensing'])
    await expect(admin.page.getByRole('region', { name: title })).toBeVisible();
  const history = admin.page.getByRole('table', { name: 'Integrity runs' });
  await expect(history.getByRole('row').filter({ hasText: 'Alex Admin' }).first()).toBeVisible();
  await admin.ctx.close();
});
