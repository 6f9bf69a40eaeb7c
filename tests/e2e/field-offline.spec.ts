import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import {
  addUnknownEquipment, fieldApiAs, bringBack, cutOff, firstSignIn, openDevice, outbox, profileDir, recentList, removeProfiles, reopenOffline,
} from './field-support';
import { LANDING, OwnServer, signIn } from './support';

/**
 * Issue 4: field records that never get lost. The real built app, the real server (owned by this
 * file so it can be stopped: the service worker's fetches then really fail) and the service
 * worker. Each user is a "device": a persistent browser profile that is closed and opened again.
 */
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + 5);
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => { await server.start(true); });
test.afterAll(async () => {
  await server.stop();
  removeProfiles();
});

const DRIVER_LIST = 'Recent dispenses on this device';

interface Eq { id: string; fleetNo: string; meterType: 'km' | 'hours' | null; currentMeter: number | null; tags: string[]; active: boolean; fams24Enabled: boolean }

/** One dispense through the form, as a driver types it: equipment by its full fleet no. (or a scanned tag). */
async function dispense(page: Page, eq: Eq, litres: number, key = eq.fleetNo) {
  await page.getByRole('combobox', { name: 'Equipment' }).fill(key);
  await page.getByLabel('Litres').fill(String(litres));
  await page.getByLabel(eq.meterType === 'hours' ? 'Hours' : 'Odometer (km)').fill(String((eq.currentMeter ?? 0) + 25));
  await page.getByRole('button', { name: 'Save dispense' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Saved on this device: ${litres} L to ${eq.fleetNo}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Equipment' })).toHaveValue('');
}

test('driver: 25 dispenses offline survive a reload and a closed app, sync exactly once; a rejected one is fixed and resent', async () => {
  test.setTimeout(480_000);
  const api = await fieldApiAs(server.url, 'driver');
  const fleet = ((await api.reference()).equipment as Eq[]).filter((e) => e.active).slice(0, 26);
  const dir = profileDir('driver', server.port);
  let device = await openDevice(dir, server.url);
  await firstSignIn(device, 'driver', '/QuickDispense');
  const { page } = device;
  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The server cut off, first by aborting every API call (context-wide: in Chromium that covers the service worker too)…
  await device.ctx.route('**/api/**', (r) => r.abort());
  for (let i = 0; i < 12; i++) await dispense(page, fleet[i], 20 + i);
  // …then with the server stopped and no network at all.
  await cutOff(server, device.ctx);
  for (let i = 12; i < 25; i++) await dispense(page, fleet[i], 20 + i);
  await expect(page.getByText('25 waiting · 0 rejected')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick dispense', exact: true })).toBeVisible();
  await expect(page.getByText('25 waiting · 0 rejected')).toBeVisible();
  await expect(recentList(page, DRIVER_LIST).getByText('Waiting', { exact: true })).toHaveCount(25);
  await expect(page.getByRole('button', { name: /Sync status: offline, 25 waiting/ })).toBeVisible();

  // The app is closed; a new browser session starts with no network: offline unlock.
  await device.ctx.close();
  device = await reopenOffline(dir, server, 'driver', '/QuickDispense');
  await expect(device.page.getByText('25 waiting · 0 rejected')).toBeVisible();

  await bringBack(server, device.ctx);
  await expect(device.page.getByRole('button', { name: /Sync status: online, 0 waiting/ })).toBeVisible({ timeout: 60_000 });
  await expect(recentList(device.page, DRIVER_LIST).getByText('Synced', { exact: true })).toHaveCount(25);
  const stored = await outbox(device.page, 'dispenses');
  expect(stored.map((r) => r.state)).toEqual(Array(25).fill('synced'));
  // Exactly once: the same 25 records again are all duplicates of rows the server already has.
  expect(await api.replayStatuses('dispenses', stored.map((r) => r.payload))).toEqual(Array(25).fill('duplicate'));

  // A record the server refuses: equipment in a stale device cache that the server does not know.
  await addUnknownEquipment(device.page, 'GHOST-1');
  await device.page.reload();
  await dispense(device.page, { ...fleet[25], fleetNo: 'GHOST-1', meterType: 'km' }, 7.5, 'GHOST-1');
  const row = recentList(device.page, DRIVER_LIST).getByRole('listitem').filter({ hasText: 'Rejected' });
  await expect(row.getByText('Reason: Unknown equipment.')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Fix and resend' }).click();
  await expect(device.page.getByText('Unknown equipment', { exact: true })).toBeVisible();
  await expect(device.page.getByLabel('Litres')).toHaveValue('7.5');
  await device.page.getByRole('combobox', { name: 'Equipment' }).fill(fleet[25].fleetNo);
  await device.page.getByRole('button', { name: 'Send again' }).click();
  await expect(device.page.getByRole('alert').filter({ hasText: `Corrected and queued again: 7.5 L to ${fleet[25].fleetNo}` })).toBeVisible();
  await expect(device.page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 30_000 });
  const fixed = (await outbox(device.page, 'dispenses')).filter((r) => r.payload.litres === 7.5);
  expect(fixed.map((r) => [r.state, r.payload.equipmentId])).toEqual([['synced', fleet[25].id]]);
  expect(await api.replayStatuses('dispenses', fixed.map((r) => r.payload))).toEqual(['duplicate']);

  // Transfers are for allFamsUser: a basic driver is refused the screen.
  await device.page.goto('/DispensingTransfers');
  await expect(device.page).toHaveURL(/\/pages\/not-authorized/);
  await device.ctx.close();
  await api.dispose();
});

test('driver: a reload right after sign-in keeps offline sign-in; a second tab offline joins the session, the first keeps its input, both record', async () => {
  test.setTimeout(180_000);
  const api = await fieldApiAs(server.url, 'driver');
  const fleet = ((await api.reference()).equipment as Eq[]).filter((e) => e.active).slice(30, 33);
  const dir = profileDir('tabs', server.port);
  let device = await openDevice(dir, server.url);
  await signIn(device.page, 'driver');
  await expect(device.page).toHaveURL(LANDING.driver);
  await device.page.reload(); // at once: offline unlock must already be stored
  await device.page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await expect(device.page.getByText('waiting ·').first()).toBeVisible();
  await device.ctx.close();

  await server.stop();
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
  await first.getByLabel(fleet[0].meterType === 'hours' ? 'Hours' : 'Odometer (km)').fill(String((fleet[0].currentMeter ?? 0) + 25));
  await first.getByRole('button', { name: 'Save dispense' }).click();
  await expect(first.getByText('2 waiting · 0 rejected')).toBeVisible();

  await second.getByRole('button', { name: 'Continue as Dana Driver' }).click();
  await expect(second).toHaveURL(LANDING.driver);
  await expect(second.getByText('2 waiting · 0 rejected')).toBeVisible();

  await bringBack(server, device.ctx);
  await expect(first.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  const stored = await outbox(first, 'dispenses');
  expect(stored.map((r) => r.payload.litres).sort()).toEqual([31, 32]);
  expect(await api.replayStatuses('dispenses', stored.map((r) => r.payload))).toEqual(['duplicate', 'duplicate']);
  await device.ctx.close();
  await api.dispose();
});

test('editor: 2 transfers offline survive a closed app and sync exactly once', async () => {
  test.setTimeout(150_000);
  const api = await fieldApiAs(server.url, 'editor');
  const dir = profileDir('editor', server.port);
  let device = await openDevice(dir, server.url);
  await firstSignIn(device, 'editor', '/DispensingTransfers');
  const { page } = device;
  const transfer = async (litres: number) => {
    await page.getByLabel('From tank').selectOption({ index: 1 });
    await page.getByLabel('To tank').selectOption({ index: 1 });
    await page.getByLabel('Litres').fill(String(litres));
    await page.getByRole('button', { name: 'Save transfer' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Saved on this device: ${litres} L from` })).toBeVisible();
  };
  await device.ctx.route('**/api/**', (r) => r.abort());
  await transfer(150);
  await cutOff(server, device.ctx);
  await transfer(250);
  await page.reload();
  await expect(page.getByText('2 waiting · 0 rejected')).toBeVisible();
  await device.ctx.close();

  device = await reopenOffline(dir, server, 'editor', '/DispensingTransfers');
  await expect(device.page.getByText('2 waiting · 0 rejected')).toBeVisible();
  await bringBack(server, device.ctx);
  await expect(device.page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  await expect(recentList(device.page, 'Recent transfers on this device').getByText('Synced', { exact: true })).toHaveCount(2);
  const stored = await outbox(device.page, 'transfers');
  expect(await api.replayStatuses('transfers', stored.map((r) => r.payload))).toEqual(['duplicate', 'duplicate']);
  await device.ctx.close();
  await api.dispose();
});

test('attendant: FAMS24 by tag and PIN; offline the PIN cannot be checked; dispenses sync exactly once', async () => {
  test.setTimeout(150_000);
  const api = await fieldApiAs(server.url, 'attendant');
  const ref = await api.reference();
  const dir = profileDir('attendant', server.port);
  let device = await openDevice(dir, server.url);
  await firstSignIn(device, 'attendant', '/QuickDispense24');
  const { page } = device;
  // The store is chosen once the device's reference data is read: wait for it before using it.
  await expect(page.getByLabel('Store')).not.toHaveValue('');
  const storeId = await page.getByLabel('Store').inputValue();
  const fleet = (ref.equipment as Eq[]).filter((e) => e.active && e.fams24Enabled && e.tags.length > 0);
  type Emp = { id: string; number: string; tag: string | null; hasPin: boolean; active: boolean; fams24Enabled: boolean; storeIds: string[] };
  const staff = (ref.employees as Emp[]).filter((e) => e.active && e.fams24Enabled && e.tag && e.hasPin && (e.storeIds.length === 0 || e.storeIds.includes(storeId)));
  const employee = page.getByRole('combobox', { name: 'Employee' });

  // Online: the PIN is checked by the server (demo PIN: the employee number's last four digits).
  await employee.fill(staff[0].number);
  await page.getByLabel('PIN', { exact: true }).fill(staff[0].number.slice(-4));
  await page.getByRole('button', { name: 'Check PIN' }).click();
  await expect(page.getByText('Identified by PIN.')).toBeVisible();
  await dispense(page, fleet[0], 41, fleet[0].tags[0]);
  await expect(page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });

  await device.ctx.route('**/api/**', (r) => r.abort());
  await employee.fill(staff[1].number);
  await page.getByLabel('PIN', { exact: true }).fill('0000');
  await page.getByRole('button', { name: 'Check PIN' }).click();
  await expect(page.getByText(/The PIN cannot be checked offline/)).toBeVisible();
  await employee.fill(staff[1].tag!);
  await expect(page.getByText('Identified by tag.')).toBeVisible();
  await dispense(page, fleet[1], 42, fleet[1].tags[0]);
  await cutOff(server, device.ctx);
  await dispense(page, fleet[2], 43, fleet[2].tags[0]);
  await dispense(page, fleet[3], 44, fleet[3].tags[0]);
  await page.reload();
  await expect(page.getByText('3 waiting · 0 rejected')).toBeVisible();
  await device.ctx.close();

  device = await reopenOffline(dir, server, 'attendant', '/QuickDispense24');
  await expect(device.page.getByText('3 waiting · 0 rejected')).toBeVisible();
  await bringBack(server, device.ctx);
  await expect(device.page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 60_000 });
  const stored = await outbox(device.page, 'dispenses');
  expect(stored.map((r) => [r.state, r.payload.variant])).toEqual(Array(4).fill(['synced', 'FAMS24']));
  expect(stored.find((r) => r.payload.litres === 42)?.payload.employeeBy).toBe('tag');
  expect(stored.find((r) => r.payload.litres === 41)?.payload.employeeBy).toBe('pin');
  expect(await api.replayStatuses('dispenses', stored.map((r) => r.payload))).toEqual(Array(4).fill('duplicate'));
  await device.ctx.close();
  await api.dispose();
});
