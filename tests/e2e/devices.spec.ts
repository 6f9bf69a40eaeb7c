import fs from 'node:fs';
import crypto from 'node:crypto';
import { dispense, expectDispenseSynced, fieldApiAs, type Eq } from './field-support';
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

/**
 * Issue 15's tag journey: ThebigBoss registers a tag on `/ScanTags` by typing it and Enter, as a
 * keyboard-wedge reader does, and assigns it to a FAMS24 equipment; the attendant then scans it on
 * `/QuickDispense24` (the reader types it into the equipment box), which picks that equipment, and
 * the dispense is saved and accepted by the server.
 */
test('a scanned tag is assigned to equipment and then used on /QuickDispense24', async ({ page, browser, baseURL }) => {
  const field = await fieldApiAs(baseURL!, 'attendant');
  const ref = await field.reference();
  await field.dispose();
  const eq = (ref.equipment as Eq[]).find((e) => e.active && e.fams24Enabled)!;
  const tag = `E2E${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

  await signIn(page, 'boss', { to: '/ScanTags' });
  await page.getByRole('button', { name: /Demo Fuels/ }).click();
  await expect(page).toHaveURL(/\/ScanTags$/);
  await page.getByLabel('Scan a tag').click();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 tag registered.')).toBeVisible();
  await page.getByRole('button', { name: `Assign ${tag}` }).click();
  const form = page.getByRole('form', { name: `Assign tag ${tag}` });
  await form.getByLabel('Equipment').selectOption(eq.id);
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Tag ${tag} assigned.`)).toBeVisible();

  const ctx = await browser.newContext({ baseURL });
  const device = await ctx.newPage();
  try {
    await signIn(device, 'attendant', { to: '/QuickDispense24' });
    await expect(device.getByLabel('Store')).not.toHaveValue('');
    const storeId = await device.getByLabel('Store').inputValue();
    type Emp = { tag: string | null; active: boolean; fams24Enabled: boolean; storeIds: string[] };
    const staff = (ref.employees as Emp[]).find(
      (e) => e.active && e.fams24Enabled && e.tag && (e.storeIds.length === 0 || e.storeIds.includes(storeId)),
    )!;
    await device.getByRole('combobox', { name: 'Employee' }).fill(staff.tag!);
    await expect(device.getByText('Identified by tag.')).toBeVisible();
    // The reader types the new tag into the equipment box: the tagged equipment is picked.
    await dispense(device, { ...eq, tags: [tag] }, 37, tag);
    await expectDispenseSynced(device, 37, eq.fleetNo);
    await expect(device.getByText('0 waiting · 0 rejected')).toBeVisible();
  } finally {
    await ctx.close();
  }
});
