import { expect, test } from './fixtures';
import { signIn, storageOf } from './support';

test.describe('login', () => {
  test('validates on blur and keeps Login disabled until both fields are filled', async ({ page }) => {
    await page.goto('/pages/login');
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeDisabled();
    await page.getByLabel('E-mail or username').fill('ab');
    await page.getByLabel('E-mail or username').blur();
    await expect(page.getByText('At least 3 characters')).toBeVisible();
    await expect(login).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('At least 6 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345678901');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('At most 10 characters')).toBeVisible();
    await page.getByLabel('E-mail or username').fill('driver');
    await page.getByLabel('Password', { exact: true }).fill('driver1');
    await expect(login).toBeEnabled();
  });

  test('show/hide toggles the password and Enter submits', async ({ page }) => {
    await page.goto('/pages/login');
    const pw = page.getByLabel('Password', { exact: true });
    await pw.fill('driver1');
    await expect(pw).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(pw).toHaveAttribute('type', 'text');
    await page.getByLabel('E-mail or username').fill('driver');
    await pw.press('Enter');
    await expect(page).toHaveURL(/\/QuickDispense$/);
  });

  test('wrong credentials show the spec message', async ({ page }) => {
    await page.goto('/pages/login');
    await page.getByLabel('E-mail or username').fill('driver');
    await page.getByLabel('Password', { exact: true }).fill('wrong12');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Wrong Email or Password')).toBeVisible();
    await expect(page.getByLabel('E-mail or username')).toHaveValue('driver');
  });

  test('opening the login page clears local and session storage', async ({ page }) => {
    await page.goto('/pages/error-404');
    await page.evaluate(() => {
      localStorage.setItem('leftover', '1');
      sessionStorage.setItem('leftover', '1');
    });
    await page.goto('/pages/login');
    await expect(page.getByRole('heading', { name: 'Sign in to FAMS' })).toBeVisible();
    // The login clears once it knows no other tab of this device is live (ADR 018): a moment after it shows.
    await expect
      .poll(async () => {
        const s = await storageOf(page);
        return [...s.local, ...s.session].includes('leftover');
      })
      .toBe(false);
  });
});

test.describe('accounts and guards', () => {
  test('driver with one account lands on Quick dispense; the dashboard has the home-screen message', async ({
    page,
  }) => {
    await signIn(page, 'driver');
    await expect(page).toHaveURL(/\/QuickDispense$/);
    await page.goto('/dashboard/analytics');
    await expect(page.getByText('Welcome to Demo Fuels')).toBeVisible();
    await expect(page.getByText('Dana Driver').first()).toBeVisible();
  });

  test('multi chooses an account; the blocked one is shown but cannot be chosen', async ({ page }) => {
    await signIn(page, 'multi');
    await expect(page).toHaveURL(/\/selectaccount/);
    const blocked = page.getByRole('button', { name: /Blocked Mining/ });
    await expect(blocked).toBeVisible();
    await expect(blocked).toBeDisabled();
    await page.getByRole('button', { name: /North Haulage/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    await expect(page.getByText('winter diesel')).toBeVisible();
  });

  test('a signed-out visit goes to login with `to`, and sign-in returns there', async ({ page }) => {
    await page.goto('/QuickDispense');
    await expect(page).toHaveURL(/\/pages\/login\?to=%2FQuickDispense$/);
    await signIn(page, 'driver', { goto: false });
    await expect(page).toHaveURL(/\/QuickDispense$/);
    await expect(page.getByRole('heading', { name: 'Quick dispense' })).toBeVisible();
  });

  test('driver is refused /Store and does not see it in the menu', async ({ page }) => {
    await signIn(page, 'driver');
    await expect(page).toHaveURL(/\/QuickDispense$/);
    await expect(page.getByRole('link', { name: 'Store setup' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'QuickDispense', exact: true })).toBeVisible();
    await page.goto('/Store');
    await expect(page).toHaveURL(/\/pages\/not-authorized/);
  });

  test('admin sees setup in the menu, not screens still to be built; unknown paths go to error-404', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Store setup' })).toBeVisible();
    // /Documents is not built yet: out of the menu, while its route still answers with its page.
    await expect(menu.getByRole('link', { name: 'System docs' })).toHaveCount(0);
    await page.goto('/Documents');
    await expect(page.getByText('is not available yet')).toBeVisible();
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/pages\/error-404/);
  });

  test('logout clears the stored session', async ({ page }) => {
    await signIn(page, 'editor');
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    const before = await storageOf(page);
    expect(before.session.length).toBeGreaterThan(0);
    // The dashboard's queries stop with the session: none is sent and refused on the way out.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401 && !r.url().includes('/auth/')) refused.push(r.url());
    });
    await page
      .getByRole('button', { name: /user menu|account menu|Eddie Editor/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
    await expect(page).toHaveURL(/\/pages\/login/);
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
    const after = await storageOf(page);
    expect(after.session).toEqual([]);
    expect(after.local.filter((k) => !k.startsWith('starredPages:'))).toEqual([]);
    await page.goto('/dashboard/analytics');
    await expect(page).toHaveURL(/\/pages\/login/);
  });
});
