import { expect, test, type Page } from './fixtures';
import { startSimulator, type Simulator } from '../../server/gauges/simulator';
import { signIn } from './support';

/**
 * `/iotSetup` as ThebigBoss against the real server: a TLS device pointed at a simulated console
 * (running here, on a loopback port the server connects to) answers "Test connection" with its
 * inventory; a push gateway's key is shown once and opens the push endpoint.
 */
const stamp = Date.now().toString(36).slice(-5);
let sim: Simulator | undefined;
test.afterAll(async () => {
  await sim?.close();
});

async function asBoss(page: Page) {
  await signIn(page, 'boss');
  await expect(page).toHaveURL(/\/selectaccount/);
  await page.getByRole('button', { name: /Demo Fuels/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
}

// One ThebigBoss sign-in for both devices (ADR 056): each step a task on /iotSetup.
test("a TLS device at the simulator answers Test connection; a push gateway's key is shown once and lets it push", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await asBoss(page);
  await test.step('a TLS device pointed at the simulator: Test connection shows the parsed inventory', async () => {
    // The console's clock stands still (yesterday 09:00 UTC, where the daily temperature swing is 0):
    // what it reports does not depend on the hour or on how long the page takes.
    const at = new Date(Date.now() - 86_400_000);
    at.setUTCHours(9, 0, 0, 0);
    sim = await startSimulator({
      host: '127.0.0.1',
      noise: false,
      clock: () => at,
      tanks: [
        { tankNumber: 1, capacity: 20_000, volume: 4321, waterMm: 12, temperatureC: 17.5, drawPerHour: 0 },
        { tankNumber: 2, capacity: 20_000, volume: 8765, drawPerHour: 0 },
      ],
    });
    await page.goto('/iotSetup');
    await expect(page.getByRole('heading', { name: 'IoT setup' })).toBeVisible();
    // The demo's simulated consoles are listed (one per Demo Fuels store).
    await expect(page.getByRole('row', { name: /ATG \(simulator\)/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'New device' }).click();
    const form = page.getByRole('form', { name: 'New device' });
    const name = `Test console ${stamp}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Host').fill(sim.host);
    await form.getByRole('textbox', { name: 'Port' }).fill(String(sim.port));
    await form.getByLabel('Poll interval (s)').fill('3600');
    // Disabled, so the server's own poller never contacts it before "Test connection" does.
    await form.getByRole('checkbox', { name: 'Enabled' }).uncheck({ force: true });
    await form.getByRole('button', { name: 'Map a tank' }).click();
    await expect(form.getByLabel('Row 1 gauge tank number')).toHaveValue('1');
    await form.getByLabel('Row 1 FAMS tank').selectOption({ index: 1 });
    const tankLabel = (await form.getByLabel('Row 1 FAMS tank').locator('option:checked').textContent())!;
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Device ${name} created.`)).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`${sim.host}:${sim.port}`);
    await expect(row).toContainText('never');
    await expect(row).toContainText('Off');
    await row.getByRole('button', { name: `Test connection of ${name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Test connection · ${name}` });
    await expect(dialog.getByText(/Connected in \d+ ms: 2 tanks reported, 1 new reading stored/)).toBeVisible();
    const inventory = dialog.getByRole('table', { name: 'Inventory (i201)' });
    const tank1 = inventory.getByRole('row').filter({ hasText: '4,321' });
    await expect(tank1).toContainText(tankLabel.split(' — ')[0].split(' · ')[1]);
    await expect(tank1.getByRole('cell').nth(7)).toHaveText('17.5');
    await expect(tank1.getByRole('cell').nth(6)).toHaveText('12');
    await expect(inventory.getByRole('row').filter({ hasText: '8,765' })).toContainText('not mapped');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The list now shows the contact.
    await expect(row).toContainText(/\d+ s ago|just now/);
    await expect(row).not.toContainText('never');
  });

  await test.step('a push gateway: its key is shown once and lets it push; the wrong key is refused', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'New device' }).click();
    const form = page.getByRole('form', { name: 'New device' });
    const name = `Gateway ${stamp}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Protocol').selectOption('http_push');
    await expect(form.getByLabel('Host')).toHaveCount(0);
    await form.getByRole('button', { name: 'Map a tank' }).click();
    await form.getByLabel('Row 1 gauge tank number').fill('7');
    await form.getByLabel('Row 1 FAMS tank').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('heading', { name: `Key of ${name}` })).toBeVisible();
    await expect(page.getByText('Copy this key now')).toBeVisible();
    const key = (await page.getByTestId('device-key').textContent())!.trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`key …${key.slice(-4)}`);
    await expect(page.getByText(key)).toHaveCount(0);

    const id = await idFromEdit(page, name);
    const reading = { readings: [{ tankNumber: 7, readAt: new Date().toISOString(), grossLitres: 1000 }] };
    const wrong = await request.post('/api/v1/gauges/readings', {
      data: reading,
      headers: { authorization: `Device ${id}.not-the-key` },
    });
    expect(wrong.status()).toBe(401);
    const right = await request.post('/api/v1/gauges/readings', {
      data: reading,
      headers: { authorization: `Device ${id}.${key}` },
    });
    expect(right.status()).toBe(200);
    expect(await right.json()).toMatchObject({ created: 1, duplicates: 0 });

    // Rotating shows a new key once; the old one stops working.
    await row.getByRole('button', { name: `Rotate key of ${name}` }).click();
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const dialog = page.getByRole('dialog', { name: `New key of ${name}` });
    const fresh = (await dialog.getByTestId('device-key').textContent())!.trim();
    expect(fresh).not.toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const old = await request.post('/api/v1/gauges/readings', {
      data: reading,
      headers: { authorization: `Device ${id}.${key}` },
    });
    expect(old.status()).toBe(401);
  });
});

/** The device id from the edit link (`?edit=<id>`) its row opens. */
async function idFromEdit(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/edit=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('edit')!;
  await page.getByRole('button', { name: 'Cancel' }).click();
  return id;
}
