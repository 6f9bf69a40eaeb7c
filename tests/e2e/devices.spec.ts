import fs from 'node:fs';
import { expect, test } from './fixtures';
import { apiAs, signIn } from './support';

/**
 * `/FAMSCommands` against the real server with the demo's controller simulator on (ADR 040): an
 * admin sends "Reload allocations" to a simulated site controller, which fetches the command and
 * its configuration over the controller API and answers; the history follows it to "Acknowledged".
 */
test('an admin sends "reload allocations" to a simulated controller and sees it acknowledged', async ({ page }) => {
  await signIn(page, 'admin', { to: '/FAMSCommands' });
  await expect(page.getByRole('heading', { name: 'FAMS commands' })).toBeVisible();

  // The toolbar's button (an empty history also offers one in its empty state).
  await page.getByRole('button', { name: 'New command' }).first().click();
  const form = page.getByRole('form', { name: 'Send a command' });
  await expect(form.getByLabel('Command')).toHaveValue('reload_allocations');
  // The simulated controllers are created when the server starts (one per FAMS24 store).
  const target = form.getByRole('checkbox', { name: /\(simulated\)/ }).first();
  await expect(target).toBeAttached({ timeout: 30_000 });
  const name = (await form.locator('label').filter({ hasText: '(simulated)' }).first().textContent())!.trim();
  await form.locator('label').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Command sent to 1 controller.')).toBeVisible();

  // The newest row is this command; the screen refreshes while it is open.
  const row = page
    .getByRole('row')
    .filter({ hasText: name.split(' (simulated)')[0] })
    .first();
  await expect(row).toContainText('Reload allocations');
  await expect(row).toContainText('Acknowledged', { timeout: 60_000 });
  await expect(row).toContainText(/\d+ allocations loaded/);
});

/**
 * ThebigBoss's second-pass screens (ADR 044) in one journey: a handheld enrolment code with its QR
 * code, a handheld enrolling with it over HTTP and being listed, then `/SAP` for last month — the
 * file downloaded and its total equal to the cost-centre report's mapped cost centres. The mapping is
 * prepared through the API (every cost centre and product of Demo Fuels); re-export is chosen so a
 * retry of the test posts the same period again.
 */
test('ThebigBoss enrols a handheld with a QR code, then exports last month to SAP', async ({ page, baseURL }) => {
  const api = await apiAs(baseURL!, 'boss', 'Demo Fuels');
  const mapping = await api.call('get', '/sap/mapping');
  await api.call('put', '/sap/mapping', {
    settings: { companyCode: '1000', documentType: 'SA', offsetAccount: '139000' },
    costCentres: mapping.costCentres.map((c: { costCentreId: string }, i: number) => ({
      costCentreId: c.costCentreId,
      sapCostCentre: `K${100 + i}`,
      glAccount: '610000',
    })),
    products: mapping.products.map((p: { productId: string }, i: number) => ({
      productId: p.productId,
      material: `FUEL-${i}`,
    })),
  });

  await signIn(page, 'boss', { to: '/SumniConfig' });
  // The account choice carries the target on (no second page load).
  await page.getByRole('button', { name: /Demo Fuels/ }).click();
  await expect(page).toHaveURL(/\/SumniConfig$/);
  await expect(page.getByRole('heading', { name: 'Sunmi config' })).toBeVisible();
  await page.getByRole('button', { name: 'New enrolment code' }).click();
  const shown = page.getByTestId('enrolment-code');
  await expect(shown.getByRole('img', { name: /QR code of enrolment code/ })).toBeVisible();
  const code = (await shown.locator('code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The handheld's side: it enrols with the code (as the QR code carries it) and syncs once.
  const serial = `E2E-${Date.now().toString(36)}`;
  const enrol = await api.ctx.post('/api/v1/handheld/enrol', {
    data: { account: Number(api.headers.accountId), code, serial, model: 'Sunmi V2s', appVersion: '3.0.1' },
  });
  expect(enrol.status()).toBe(200);
  const { deviceId, key } = await enrol.json();
  const sync = await api.ctx.get('/api/v1/handheld/config', {
    headers: { authorization: `Device ${deviceId}.${key}` },
  });
  expect(sync.status()).toBe(200);
  await page.getByRole('searchbox').fill(serial);
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Sunmi V2s');
  await expect(row).toContainText('3.0.1');

  // /SAP through the menu (no page load); the preview is last month's by default.
  await page.getByRole('link', { name: 'SAP export' }).first().click();
  await expect(page.getByRole('heading', { name: 'SAP export' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Re-export$/ })
    .click();
  const total = page.getByTestId('sap-preview-total');
  await expect(total).toContainText('dispenses', { timeout: 30_000 });
  const from = await page.getByLabel('From').inputValue();
  const to = await page.getByLabel('To').inputValue();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export and download' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file!, 'utf8').trim().split('\r\n');
  const credit = lines.at(-1)!.split(',');
  expect(credit[7]).toBe('50');

  const report = await api.call('get', `/reports/fuel-by-cost-centre?range=custom&from=${from}&to=${to}`);
  const mapped = report.lines.filter(
    (l: { kind: string; values: { costCentre: string | null } }) => l.kind === 'row' && l.values.costCentre,
  );
  const cents = mapped.reduce((s: number, l: { values: { cost: number } }) => s + Math.round(l.values.cost * 100), 0);
  expect(Number(credit[13])).toBeCloseTo(cents / 100, 2);
  await expect(page.getByRole('row').filter({ hasText: from }).first()).toBeVisible();
  await api.dispose();
});
