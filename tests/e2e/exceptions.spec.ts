import { explanationsFor } from '../../server/seed/demo-explanations';
import { DISPENSE_EXCEPTION_CODES } from '../../src/contract/dispensing';
import { EXCEPTION_LABELS } from '../../src/contract/exceptions';
import { expect, test, type Browser } from './fixtures';
import { apiFromPage, LANDING, signIn, type DemoUser } from './support';

/**
 * Issue 12, the exceptions workflow as a fuel manager works it: a driver's dispense saved while
 * the server is unreachable has a meter that went backwards; once it syncs the admin finds it on
 * `/Exceptions`, resolves it with a reason, and finds it on `/ExceptionHistory`. The steps'
 * rules, refusals and the bulk resolve are in exceptions.api.test.ts.
 */
interface Eq {
  id: string;
  fleetNo: string;
  meterType: 'km' | 'hours' | null;
  currentMeter: number | null;
  active: boolean;
}

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
  await expect(page).toHaveURL(to ? (url) => url.pathname === to.split('?')[0] : LANDING[user]);
  return { ctx, page };
}

test('a meter that went backwards offline is raised after sync, resolved with a reason and kept in the history', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const driver = await open(browser, baseURL!, 'driver', { width: 390, height: 844 });
  const { page } = driver;
  const fleet = (await apiFromPage<{ equipment: Eq[] }>(page, 'GET', '/reference')).body.equipment;
  const eq = fleet.filter((e) => e.active && e.meterType === 'km' && (e.currentMeter ?? 0) > 1000).at(-3)!;
  const note = `rollback ${Date.now()}`;

  // The device has its reference data before the network goes (the form says so otherwise).
  await expect(page.getByRole('combobox', { name: 'Equipment' })).toBeVisible();
  await driver.ctx.route('**/api/**', (r) => r.abort());
  await page.getByRole('combobox', { name: 'Equipment' }).fill(eq.fleetNo);
  await page.getByLabel('Litres').fill('44');
  await page.getByLabel('Odometer (km)').fill(String((eq.currentMeter ?? 0) - 500));
  await page.getByLabel('Note').fill(note);
  await expect(page.getByText(/is lower than the last known/)).toBeVisible();
  await page.getByRole('button', { name: 'Save dispense' }).click();
  await expect(page.getByText('1 waiting · 0 rejected')).toBeVisible();
  await driver.ctx.unroute('**/api/**');
  await expect(page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  await driver.ctx.close();

  const admin = await open(browser, baseURL!, 'admin');
  const a = admin.page;
  // The menu shows the unresolved count beside the entry.
  await a.getByRole('link', { name: /^Exceptions \d+ unresolved$/ }).click();
  await expect(a.getByRole('heading', { name: 'Exceptions', exact: true })).toBeVisible();
  await a.getByLabel('Type').selectOption({ label: 'Meter went backwards' });
  await a.getByLabel('Search').fill(eq.fleetNo);
  const row = a.getByRole('row').filter({ hasText: eq.fleetNo }).filter({ hasText: 'Meter went backwards' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open / }).click();

  const drawer = a.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Meter went backwards' })).toBeVisible();
  await expect(drawer.getByText(/is lower than/).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(drawer.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
  // The evidence opens the dispense itself on its query screen.
  await expect(drawer.getByRole('link', { name: 'The dispense' })).toHaveAttribute(
    'href',
    /\/FiltersDispensing\?view=/,
  );

  await drawer.getByRole('button', { name: 'Resolve…' }).click();
  const form = a.getByRole('form', { name: 'Resolve exception' });
  await form.getByLabel('Reason').selectOption({ label: 'Other' });
  await a.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(form.getByText('Say why, when the reason is Other')).toBeVisible();
  await form.getByLabel('Explanation').fill('New odometer fitted; workshop card 118');
  await a.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(a.getByText('Exception resolved.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await a.goto('/ExceptionHistory');
  const done = a.getByRole('row').filter({ hasText: eq.fleetNo }).filter({ hasText: 'Meter went backwards' });
  await expect(done).toContainText('New odometer fitted; workshop card 118');
  await expect(done).toContainText('Alex Admin');
  await admin.ctx.close();
});

test("the demo year's exceptions: the fills that came through the ingest raised them, the office handled them; its incidents", async ({
  browser,
  baseURL,
}) => {
  const { ctx, page } = await open(browser, baseURL!, 'admin', undefined, '/ExceptionHistory');
  // Resolved over the year, newest first, each with its reason and words (ADR 068).
  await page.getByLabel('Reason').selectOption({ label: 'Explained' });
  const rows = page.getByRole('row').filter({ hasText: 'Alex Admin' });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(10);
  const first = rows.first();
  // Its words are one of the explanations the demo's office gives (which one depends on the hour seeded).
  const words = explanationsFor('explained').map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(first).toContainText(new RegExp(words.join('|')));
  await first.getByRole('button', { name: /^Open / }).click();
  const drawer = page.getByRole('dialog');
  const timeline = drawer.getByRole('list').last();
  await expect(timeline.getByText('Raised', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(timeline.getByText(/^Explained: /)).toBeVisible();
  await page.keyboard.press('Escape');

  // The working list holds the last days' and a few that slipped; the year's weeks are charted.
  await page.goto('/Exceptions');
  await expect(page.getByText(/^\d+ unresolved/)).toBeVisible();
  // Which rules the last days' fills broke depends on the hour the demo was seeded: any dispense rule's.
  const ruleLabels = DISPENSE_EXCEPTION_CODES.map((c) => EXCEPTION_LABELS[c]);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: new RegExp(ruleLabels.join('|')) })
      .first(),
  ).toBeVisible();
  await page.goto('/PBAnalytics');
  const weekly = page.getByRole('region', { name: 'Exceptions per week' });
  await expect(weekly.getByText(/^\d+ raised$/)).toBeVisible();
  expect(Number((await weekly.getByText(/^\d+ raised$/).textContent())!.split(' ')[0])).toBeGreaterThan(100);

  // The leak at N3-24 is being chased: a call-out in progress among the last two months' incidents.
  await page.goto('/IncidentReport');
  const leak = page.getByRole('row').filter({ hasText: 'Tank T1 losing fuel' });
  await expect(leak).toContainText('In progress');
  await expect(leak).toContainText('N3-24');
  await ctx.close();
});
