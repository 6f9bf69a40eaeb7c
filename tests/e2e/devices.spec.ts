import { expect, test } from './fixtures';
import { signIn } from './support';

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
