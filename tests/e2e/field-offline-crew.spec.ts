import { expect, test } from './fixtures';
import {
  dispense,
  type Eq,
  fieldApiAs,
  bringBack,
  cutOff,
  expectDispenseSynced,
  firstSignIn,
  openDevice,
  outbox,
  profileDir,
  recentList,
  deviceServer,
  reopenOffline,
} from './field-support';

/**
 * Issue 4, the crew's side (split from field-offline.spec.ts so the two files run side by side):
 * field records that never get lost. The real built app, the real server (owned by this
 * file so it can be cut off behind its gate: the service worker's fetches then really fail) and the service
 * worker. Each user is a "device": a persistent browser profile that is closed and opened again.
 */
const server = deviceServer(6);

test('editor: 2 transfers offline survive a closed app and sync exactly once', async () => {
  // Two browser launches, a sign-in, an offline unlock and a sync: minutes on a saturated 2-core machine.
  test.setTimeout(300_000);
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
  await expect(
    recentList(device.page, 'Recent transfers on this device').getByText('Synced', { exact: true }),
  ).toHaveCount(2);
  const stored = await outbox(device.page, 'transfers');
  expect(
    await api.replayStatuses(
      'transfers',
      stored.map((r) => r.payload),
    ),
  ).toEqual(['duplicate', 'duplicate']);
  await device.ctx.close();
  await api.dispose();
});

test('attendant: FAMS24 by tag and PIN; offline the PIN cannot be checked; dispenses sync exactly once', async () => {
  // Two browser launches, a sign-in, an offline unlock and a sync: minutes on a saturated 2-core machine.
  test.setTimeout(300_000);
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
  type Emp = {
    id: string;
    number: string;
    tag: string | null;
    hasPin: boolean;
    active: boolean;
    fams24Enabled: boolean;
    storeIds: string[];
  };
  const staff = (ref.employees as Emp[]).filter(
    (e) =>
      e.active && e.fams24Enabled && e.tag && e.hasPin && (e.storeIds.length === 0 || e.storeIds.includes(storeId)),
  );
  const employee = page.getByRole('combobox', { name: 'Employee' });

  // Online: the PIN is checked by the server (demo PIN: the employee number's last four digits).
  await employee.fill(staff[0].number);
  await page.getByLabel('PIN', { exact: true }).fill(staff[0].number.slice(-4));
  await page.getByRole('button', { name: 'Check PIN' }).click();
  await expect(page.getByText('Identified by PIN.')).toBeVisible();
  await dispense(page, fleet[0], 41, fleet[0].tags[0]);
  await expectDispenseSynced(page, 41, fleet[0].fleetNo);
  await expect(page.getByText('0 waiting · 0 rejected')).toBeVisible();

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
  expect(
    await api.replayStatuses(
      'dispenses',
      stored.map((r) => r.payload),
    ),
  ).toEqual(Array(4).fill('duplicate'));
  await device.ctx.close();
  await api.dispose();
});
