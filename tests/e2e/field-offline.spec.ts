import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import {
  DISPENSE_LIST,
  dispense,
  type Eq,
  addUnknownEquipment,
  fieldApiAs,
  bringBack,
  cutOff,
  firstSignIn,
  openDevice,
  outbox,
  profileDir,
  recentList,
  deviceServer,
  reopenOffline,
} from './field-support';
import { apiAs, LANDING, signIn } from './support';

/**
 * Issue 4: field records that never get lost. The real built app, the real server (owned by this
 * file so it can be cut off behind its gate: the service worker's fetches then really fail) and the service
 * worker. Each user is a "device": a persistent browser profile that is closed and opened again.
 */
const server = deviceServer(5);

test('driver: 10 dispenses offline survive a reload and a closed app, sync exactly once; a rejected one is fixed and resent', async () => {
  test.setTimeout(480_000);
  const api = await fieldApiAs(server.url, 'driver');
  const fleet = ((await api.reference()).equipment as Eq[]).filter((e) => e.active).slice(0, 11);
  const dir = profileDir('driver', server.port);
  let device = await openDevice(dir, server.url);
  await firstSignIn(device, 'driver', '/QuickDispense');
  const { page } = device;
  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The server cut off, first by aborting every API call (context-wide: in Chromium that covers the service worker
  // too)…
  await device.ctx.route('**/api/**', (r) => r.abort());
  for (let i = 0; i < 5; i++) await dispense(page, fleet[i], 20 + i);
  // …then with the server cut off and no network at all.
  await cutOff(server, device.ctx);
  for (let i = 5; i < 10; i++) await dispense(page, fleet[i], 20 + i);
  await expect(page.getByText('10 waiting · 0 rejected')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick dispense', exact: true })).toBeVisible();
  await expect(page.getByText('10 waiting · 0 rejected')).toBeVisible();
  await expect(recentList(page, DISPENSE_LIST).getByText('Waiting', { exact: true })).toHaveCount(10);
  await expect(page.getByRole('button', { name: /Sync status: offline, 10 waiting/ })).toBeVisible();

  // The app is closed; a new browser session starts with no network: offline unlock.
  await device.ctx.close();
  device = await reopenOffline(dir, server, 'driver', '/QuickDispense');
  await expect(device.page.getByText('10 waiting · 0 rejected')).toBeVisible();

  await bringBack(server, device.ctx);
  await expect(device.page.getByRole('button', { name: /Sync status: online, 0 waiting/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(recentList(device.page, DISPENSE_LIST).getByText('Synced', { exact: true })).toHaveCount(10);
  const stored = await outbox(device.page, 'dispenses');
  expect(stored.map((r) => r.state)).toEqual(Array(10).fill('synced'));
  // Exactly once: the same 10 records again are all duplicates of rows the server already has.
  expect(
    await api.replayStatuses(
      'dispenses',
      stored.map((r) => r.payload),
    ),
  ).toEqual(Array(10).fill('duplicate'));

  // A record the server refuses: equipment in a stale device cache that the server does not know.
  await addUnknownEquipment(device.page, 'GHOST-1');
  await device.page.reload();
  await dispense(device.page, { ...fleet[10], fleetNo: 'GHOST-1', meterType: 'km' }, 7.5, 'GHOST-1');
  const row = recentList(device.page, DISPENSE_LIST).getByRole('listitem').filter({ hasText: 'Rejected' });
  await expect(row.getByText('Reason: Unknown equipment.')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Fix and resend' }).click();
  await expect(device.page.getByText('Unknown equipment', { exact: true })).toBeVisible();
  await expect(device.page.getByLabel('Litres')).toHaveValue('7.5');
  await device.page.getByRole('combobox', { name: 'Equipment' }).fill(fleet[10].fleetNo);
  await device.page.getByRole('button', { name: 'Send again' }).click();
  await expect(
    device.page.getByRole('alert').filter({ hasText: `Corrected and queued again: 7.5 L to ${fleet[10].fleetNo}` }),
  ).toBeVisible();
  await expect(device.page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 30_000 });
  const fixed = (await outbox(device.page, 'dispenses')).filter((r) => r.payload.litres === 7.5);
  expect(fixed.map((r) => [r.state, r.payload.equipmentId])).toEqual([['synced', fleet[10].id]]);
  expect(
    await api.replayStatuses(
      'dispenses',
      fixed.map((r) => r.payload),
    ),
  ).toEqual(['duplicate']);

  // Transfers are for allFamsUser: a basic driver is refused the screen.
  await device.page.goto('/DispensingTransfers');
  await expect(device.page).toHaveURL(/\/pages\/not-authorized/);
  await device.ctx.close();
  await api.dispose();
});

test('driver: a reload right after sign-in keeps offline sign-in; a second tab offline joins the session, the first keeps its input, both record', async () => {
  test.setTimeout(300_000);
  const api = await fieldApiAs(server.url, 'driver');
  const fleet = ((await api.reference()).equipment as Eq[]).filter((e) => e.active).slice(30, 33);
  const dir = profileDir('tabs', server.port);
  let device = await openDevice(dir, server.url);
  await signIn(device.page, 'driver');
  await expect(device.page).toHaveURL(LANDING.driver);
  await device.page.reload(); // at once: offline unlock must already be stored
  await device.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(device.page.getByText('waiting ·').first()).toBeVisible();
  await device.ctx.close();

  await server.cut();
  device = await reopenOffline(dir, server, 'driver', '/QuickDispense');
  const first = device.page;
  await first.getByRole('combobox', { name: 'Equipment' }).fill(fleet[0].fleetNo);
  await first.getByLabel('Litres').fill('31');

  // A second tab, still offline: it joins the live session instead of the login.
  const second = await device.ctx.newPage();
  await second.goto('/QuickDispense');
  await expect(second.getByRole('heading', { name: 'Quick dispense', exact: true })).toBeVisible();
  await expect(second).toHaveURL(/\/QuickDispense$/);
  await dispense(second, fleet[1], 32);
  // Opening the login there does not sign the first tab out; it offers to continue.
  await second.goto('/pages/login');
  await expect(second.getByRole('button', { name: 'Continue as Dana Driver' })).toBeVisible();

  await expect(first).toHaveURL(/\/QuickDispense$/);
  await expect(first.getByRole('combobox', { name: 'Equipment' })).toHaveValue(fleet[0].fleetNo);
  await expect(first.getByLabel('Litres')).toHaveValue('31');
  await first
    .getByLabel(fleet[0].meterType === 'hours' ? 'Hours' : 'Odometer (km)')
    .fill(String((fleet[0].currentMeter ?? 0) + 25));
  await first.getByRole('button', { name: 'Save dispense' }).click();
  await expect(first.getByText('2 waiting · 0 rejected')).toBeVisible();

  await second.getByRole('button', { name: 'Continue as Dana Driver' }).click();
  await expect(second).toHaveURL(LANDING.driver);
  await expect(second.getByText('2 waiting · 0 rejected')).toBeVisible();

  await bringBack(server, device.ctx);
  await expect(first.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  const stored = await outbox(first, 'dispenses');
  expect(stored.map((r) => r.payload.litres).sort()).toEqual([31, 32]);
  expect(
    await api.replayStatuses(
      'dispenses',
      stored.map((r) => r.payload),
    ),
  ).toEqual(['duplicate', 'duplicate']);
  await device.ctx.close();
  await api.dispose();
});

test("driver (ADR 076): a fill for a vehicle with an odometer is refused without its reading, online as offline; a generator without a meter needs none; the driver is the fills' employee", async () => {
  test.setTimeout(300_000);
  const api = await fieldApiAs(server.url, 'driver');
  const ref = await api.reference();
  const me = (ref.employees as Array<{ id: string; name: string; number: string }>).find(
    (e) => e.name === 'Dana Driver',
  )!;
  const fleet = (ref.equipment as Eq[]).filter((e) => e.active);
  const truck = fleet.filter((e) => e.meterType === 'km' && e.hasMeter !== false)[40];
  const generator = fleet.find((e) => e.hasMeter === false)!;
  expect([me, truck, generator].every(Boolean)).toBe(true);
  const dir = profileDir('meter', server.port);
  const device = await openDevice(dir, server.url);
  await firstSignIn(device, 'driver', '/QuickDispense');
  const { page } = device;
  const form = page.getByRole('form', { name: 'Dispense' });
  const employee = form.getByRole('combobox', { name: 'Employee' });
  const odometer = form.getByLabel('Odometer (km)');
  const save = page.getByRole('button', { name: 'Save dispense' });

  // The driver is the fill's employee unless another is chosen: preselected, visible, changeable.
  await expect(employee).toHaveValue(`${me.name} (${me.number})`);
  await expect(form.getByText('You, as signed in. Recording for someone else? Choose them.')).toBeVisible();

  const refusedWithoutReading = async (litres: string) => {
    await form.getByRole('combobox', { name: 'Equipment' }).fill(truck.fleetNo);
    await form.getByLabel('Litres').fill(litres);
    await expect(odometer).toHaveAttribute('aria-required', 'true');
    await save.click();
    await expect(form.getByText('Enter the odometer reading (km)', { exact: true })).toBeVisible();
    await expect(form.getByText('Not saved: check the marked fields.')).toBeVisible();
    await expect(odometer).toHaveAttribute('aria-invalid', 'true');
    await expect(odometer).toBeFocused();
    // Nothing went into the outbox; what was typed is kept.
    expect(await outbox(page, 'dispenses')).toEqual([]);
    await expect(form.getByLabel('Litres')).toHaveValue(litres);
  };
  // Online…
  await refusedWithoutReading('33');
  await page.screenshot({ path: test.info().outputPath('meter-refused-online.png') });
  // …and offline, judged with the cached setup: the same rule, the same words.
  await cutOff(server, device.ctx);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick dispense', exact: true })).toBeVisible();
  await refusedWithoutReading('34');

  // With the reading it is saved; the next fill is the driver's again.
  await odometer.fill(String((truck.currentMeter ?? 0) + 40));
  await expect(form.getByText('Enter the odometer reading (km)', { exact: true })).toBeVisible();
  await save.click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Saved on this device: 34 L to ${truck.fleetNo}` }),
  ).toBeVisible();
  await expect(employee).toHaveValue(`${me.name} (${me.number})`);
  // A generator without an hour meter: no reading asked.
  await form.getByRole('combobox', { name: 'Equipment' }).fill(generator.fleetNo);
  await expect(form.getByLabel('Meter')).toBeDisabled();
  await expect(form.getByText('No meter fitted: no reading needed')).toBeVisible();
  await form.getByLabel('Litres').fill('21');
  await save.click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Saved on this device: 21 L to ${generator.fleetNo}` }),
  ).toBeVisible();
  await expect(page.getByText('2 waiting · 0 rejected')).toBeVisible();

  await bringBack(server, device.ctx);
  await expect(page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  const stored = await outbox(page, 'dispenses');
  const byLitres = (l: number) => stored.find((r) => r.payload.litres === l)!;
  expect(
    [34, 21].map((l) => [byLitres(l).state, byLitres(l).payload.employeeId, byLitres(l).payload.employeeBy]),
  ).toEqual([
    ['synced', me.id, 'signin'],
    ['synced', me.id, 'signin'],
  ]);
  expect([byLitres(34).payload.meterAsked, byLitres(21).payload.meterAsked, byLitres(21).payload.meter]).toEqual([
    'km',
    'none',
    null,
  ]);
  // The office sees the driver as the fills' employee.
  const office = await apiAs(server.url, 'admin');
  for (const l of [34, 21]) {
    const detail = await office.call('get', `/records/dispenses/${byLitres(l).id}`);
    expect(JSON.stringify(detail)).toContain(`"employeeName":"${me.name}`);
  }
  await office.dispose();
  await device.ctx.close();
  await api.dispose();
});
