import { expect, test } from './fixtures';
import { apiFromPage, signIn } from './support';

/**
 * Issue 12, ADR 027: the admin changes an exception rule from `/Exceptions` → Rules (each rule
 * shows its default, the change says who made it) and subscribes to an exception type by e-mail
 * from My e-mails. Rules per role, the audit, the checks reading the rules and the mail jobs are
 * in rules.api.test.ts. The rule changed here (outlier minimum excess) is only read by the
 * 6-hourly consumption sweep, and is put back at the end, so other specs see the defaults.
 */
test('an admin changes a rule and subscribes to a daily digest', async ({ page }) => {
  try {
    await signIn(page, 'admin', { to: '/Exceptions' });
    await page.getByRole('button', { name: 'Rules' }).click();
    const excess = page.getByLabel('Consumption outlier minimum excess (%)');
    await expect(excess).toHaveValue('15');
    await expect(page.getByText(/Default: 15 %/)).toBeVisible();
    await excess.fill('20');
    await page.getByLabel('Working from (HH:MM)').fill('06:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Give both times, or neither')).toBeVisible();
    await page.getByLabel('Working from (HH:MM)').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Exception rules saved.', { exact: false })).toBeVisible();
    await expect(page).not.toHaveURL(/panel=/);

    await page.getByRole('button', { name: 'Rules' }).click();
    await expect(page.getByLabel('Consumption outlier minimum excess (%)')).toHaveValue('20');
    await expect(page.getByText(/Last changed .* by /)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'My e-mails' }).click();
    await expect(page.getByText(/Daily digest” lists the previous day’s new exceptions at 07:00/)).toBeVisible();
    await page.getByLabel('Leak suspected', { exact: true }).selectOption('digest');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('E-mail choices saved (1 type).')).toBeVisible();
    await page.getByRole('button', { name: 'My e-mails' }).click();
    await expect(page.getByLabel('Leak suspected', { exact: true })).toHaveValue('digest');
  } finally {
    const defaults = (await apiFromPage<{ defaults: unknown }>(page, 'GET', '/exceptions/rules')).body.defaults;
    await apiFromPage(page, 'PUT', '/exceptions/rules', defaults);
    await apiFromPage(page, 'PUT', '/exceptions/subscriptions', { items: [] });
  }
});
