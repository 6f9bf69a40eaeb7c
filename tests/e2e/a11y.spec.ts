import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { signIn } from './support';

const serious = <T extends { impact?: string | null }>(v: T[]) =>
  v.filter((x) => x.impact === 'serious' || x.impact === 'critical');

test('login and the shell have no serious accessibility violations', async ({ page }) => {
  await page.goto('/pages/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const login = await new AxeBuilder({ page }).analyze();
  expect(serious(login.violations).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await signIn(page, 'admin', { goto: false });
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  const shell = await new AxeBuilder({ page }).analyze();
  expect(serious(shell.violations).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
