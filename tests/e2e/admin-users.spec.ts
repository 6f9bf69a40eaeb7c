import fs from 'node:fs';
import path from 'node:path';
import { dispense, type Eq } from './field-support';
import { expect, test } from './fixtures';
import { apiFromPage, LANDING, signIn } from './support';

/**
 * Users (ADR 036, ADR 073): an admin invites a new driver on /User, who waits among the invitations until
 * they answer (ADR 073); the driver opens the e-mailed link from the server's mail folder, chooses
 * a password, signs in and records a dispense that reaches the server; the admin blocks the driver,
 * and the driver's next request sends them to the login page; on the admin's store locator a store
 * is moved by dragging its marker (saved, ADR 051), and a store's popup shows its tanks and leads to
 * its tank levels.
 * Accounts (ADR 038): ThebigBoss creates an account on a plan; its invited admin signs in to it and
 * invites someone who signs in to FAMS already, who accepts on the invitation's page (ADR 073).
 */
const stamp = String(Date.now()).slice(-7);
const email = `driver-${stamp}@example.com`;
const password = 'Drive1234';

/** The .eml's text part is quoted-printable: undo soft breaks and =XX escapes. */
const unQuote = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/**
 * The one-time link of the invitation to `to` in the server's mail folder (no SMTP_URL): a new
 * user's link to choose a password, or (`accept`) a FAMS user's link to answer (ADR 073).
 */
async function inviteLink(dataDir: string, to: string, kind: 'password' | 'accept' = 'password') {
  const mailDir = path.join(dataDir, 'mail');
  const mail = () =>
    (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
      .filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-z0-9@.]/gi, '_')))
      .map((f) => unQuote(fs.readFileSync(path.join(mailDir, f), 'utf8')));
  const pattern =
    kind === 'accept' ? /\/pages\/accept-invitation\?token=[\w-]+/ : /\/pages\/reset-password\?token=[\w-]+&invite=1/;
  // The link, not just the file (the server renames an .eml into place once written).
  const link = () => {
    const found = mail();
    expect(found.length).toBeLessThanOrEqual(1);
    return pattern.exec(found[0] ?? '')?.[0];
  };
  await expect.poll(link, { timeout: 30_000 }).toBeTruthy();
  return link()!;
}

test('an admin invites a driver who sets a password and signs in; blocked, the driver is sent to login', async ({
  page,
  browser,
  baseURL,
  suiteServer,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin', { to: '/User' });
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name', { exact: true }).fill(`New Driver ${stamp}`);
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  // A driver (basic) with FAMS, the form's starting roles.
  await expect(form.getByRole('checkbox', { name: 'Driver', exact: true })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'FAMS', exact: true })).toBeChecked();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  // Not a member until they answer (ADR 073): listed among the invitations, not the users.
  const invitations = page.getByRole('region', { name: 'Invitations waiting for an answer' });
  await expect(invitations.getByRole('listitem').filter({ hasText: email })).toContainText(
    'Invited, waiting for an answer',
  );
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(0);

  const link = await inviteLink(suiteServer.dataDir, email);

  const driverCtx = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const driver = await driverCtx.newPage();
  await driver.goto(link);
  await expect(driver.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await driver.getByLabel('New password').fill(password);
  await driver.getByLabel('Confirm password').fill(password);
  await driver.getByRole('button', { name: 'Set password' }).click();
  await expect(driver.getByText('Your password is set.')).toBeVisible();
  await driver.getByRole('link', { name: 'Go to login' }).click();
  await driver.getByLabel('E-mail or username').fill(email);
  await driver.getByLabel('Password', { exact: true }).fill(password);
  await driver.getByRole('button', { name: 'Login' }).click();
  await expect(driver).toHaveURL(/\/QuickDispense$/);
  // The new driver records a dispense, and the server takes it (the outbox row turns "Synced").
  const fleet = (await apiFromPage<{ equipment: Eq[] }>(driver, 'GET', '/reference')).body.equipment;
  const eq = fleet.find((e) => e.active && !e.fams24Enabled) ?? fleet[0];
  await dispense(driver, eq, 23);
  await expect(
    driver
      .getByRole('listitem')
      .filter({ hasText: `23 L to ${eq.fleetNo}` })
      .getByText('Synced'),
  ).toBeVisible({ timeout: 30_000 });

  // The admin's list, read again, shows the driver active now.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Block New Driver ${stamp}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(row).toContainText('Blocked');

  // The driver's next request (the dashboard's reads; Quick dispense itself keeps recording into its
  // outbox by design) is refused by the session gate, and its refresh too: back to login.
  await driver.goto('/dashboard/analytics');
  await expect(driver).toHaveURL(/\/pages\/login/, { timeout: 30_000 });
  await driverCtx.close();

  // The store locator, same admin: the stores on the map; a store's popup shows its tanks' levels
  // and leads to /TankLevels for that store.
  await page.goto('/StoreLocator');
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  // With "Move stores by dragging", a marker dropped elsewhere saves the store's new location.
  await page.getByText('Move stores by dragging').click();
  const marker = page
    .getByTestId('store-map')
    .getByRole('button', { name: /\(drag to move\)$/ })
    .first();
  // The mouse works in the viewport: bring the map (it may reach below the fold) into it.
  await page.getByTestId('store-map').scrollIntoViewIfNeeded();
  // boundingBox() does not wait for the marker to be drawn.
  await expect(marker).toBeVisible();
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 - 40, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText(/ is now at -?\d+\.\d{5}, -?\d+\.\d{5}\.$/)).toBeVisible();
  await page.getByText('Move stores by dragging').click();
  const store = page.getByRole('list', { name: 'Stores on the map' }).getByRole('button').first();
  const code = (await store.textContent())!.split(' — ')[0];
  await store.click();
  const popup = page.getByRole('dialog', { name: `Store ${code}` });
  await expect(popup).toContainText(/\d+ %/);
  await page.screenshot({ path: test.info().outputPath('store-locator.png') });
  await popup.getByRole('link', { name: 'Tank levels of this store' }).click();
  await expect(page).toHaveURL(/\/TankLevels\?storeId=/);
});

test('ThebigBoss creates an account on a plan; its invited admin sets a password and signs in to it', async ({
  page,
  browser,
  baseURL,
  suiteServer,
}) => {
  test.setTimeout(180_000);
  const name = `Coastal ${stamp}`;
  const adminEmail = `coastal-${stamp}@example.com`;
  await signIn(page, 'boss');
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'New account' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form
    .getByRole('combobox', { name: 'Plan', exact: true })
    .selectOption({ label: 'Starter (FAMS, FAMS24, ATG)' });
  await form.getByLabel('Admin name').fill('Cora Coastal');
  await form.getByLabel('Admin e-mail').fill(adminEmail);
  // The account's locale (ADR 079): said in words; one Intl does not know is refused in words, nothing saved.
  const locale = form.getByLabel('Language and region');
  await expect(locale).toHaveValue('en-ZA');
  await expect(form.getByText(/^English \(South Africa\): dates and numbers as/)).toBeVisible();
  await locale.fill('tlh');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Choose a language and region such as en-ZA, en-US, en-GB or de-DE.')).toBeVisible();
  await locale.fill('en-ZA');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Starter');

  // Its subscription and a home-screen message, each for an account found by typing its name.
  await page.goto('/ManageSubscription');
  await page.getByRole('combobox', { name: 'Account' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(/\/ManageSubscription\?accountId=\d+/);
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('Users');
  await expect(page.getByText('Starter').first()).toBeVisible();
  const welcome = `Welcome aboard, ${name}: dip every tank before the first fill.`;
  await page.goto('/messageAccount');
  await page.getByRole('button', { name: 'New message' }).click();
  const message = page.getByRole('dialog');
  await message.getByRole('combobox', { name: 'Account' }).fill(name);
  await message.getByRole('option', { name }).click();
  await message.getByRole('textbox', { name: 'Message' }).fill(welcome);
  await message.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: welcome })).toContainText(name);

  const ctx = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const cora = await ctx.newPage();
  await cora.goto(await inviteLink(suiteServer.dataDir, adminEmail));
  await cora.getByLabel('New password').fill(password);
  await cora.getByLabel('Confirm password').fill(password);
  await cora.getByRole('button', { name: 'Set password' }).click();
  await cora.getByRole('link', { name: 'Go to login' }).click();
  await cora.getByLabel('E-mail or username').fill(adminEmail);
  await cora.getByLabel('Password', { exact: true }).fill(password);
  await cora.getByRole('button', { name: 'Login' }).click();
  await expect(cora).toHaveURL(LANDING.admin, { timeout: 60_000 });
  await expect(cora.getByText(`Message from ${name}`)).toBeVisible();
  await expect(cora.getByText(welcome)).toBeVisible();
  await cora.goto('/ViewSubscription');
  await expect(cora.getByText(name).first()).toBeAttached();
  await expect(cora.getByRole('region', { name: 'Usage' })).toContainText('Users');
  await expect(cora.getByText('Starter').first()).toBeVisible();

  // Cora invites someone who signs in to FAMS already (made here, in Demo Fuels): they join her
  // account only when they accept on the invitation's page (ADR 073).
  const helperEmail = `helper-${stamp}@example.com`;
  const helper = { username: `helper${stamp}`, password: 'Help1234' };
  const made = await apiFromPage(page, 'POST', '/admin/users', {
    displayName: `Helper ${stamp}`,
    email: helperEmail,
    ...helper,
    roles: ['basic', 'FAMS'],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await cora.goto('/User');
  await cora.getByRole('button', { name: 'Invite user' }).click();
  const invite = cora.getByRole('dialog');
  await invite.getByLabel('Name', { exact: true }).fill('Yard helper');
  await invite.getByLabel('E-mail', { exact: true }).fill(helperEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(cora.getByText(`Invitation sent to ${helperEmail}.`).first()).toBeVisible();
  const waiting = cora.getByRole('region', { name: 'Invitations waiting for an answer' }).getByRole('listitem');
  // The name Cora typed, never the user's own.
  await expect(waiting.filter({ hasText: helperEmail })).toContainText('Yard helper');
  await expect(waiting.filter({ hasText: helperEmail })).not.toContainText(`Helper ${stamp}`);

  const helperCtx = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const answer = await helperCtx.newPage();
  await answer.goto(await inviteLink(suiteServer.dataDir, helperEmail, 'accept'));
  await expect(answer.getByRole('heading', { name: `Invitation to ${name}` })).toBeVisible();
  await expect(answer.getByText(`${name} invites you to FAMS as a driver in FAMS.`)).toBeVisible();
  await answer.getByRole('button', { name: 'Accept' }).click();
  await expect(answer.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await helperCtx.close();
  await cora.reload();
  await expect(cora.getByRole('row').filter({ hasText: helperEmail })).toContainText('Active');
  await expect(waiting.filter({ hasText: helperEmail })).toHaveCount(0);
  await ctx.close();
});
