import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import fs from 'node:fs';
import { signIn } from './support';

/**
 * `/QuickBalancing` on the demo year the server seeds on its fresh database (ADR 013): the tank
 * with the planted leak (N3-24 T1) is over the 1 % + 130 US gal allowance in the last complete
 * month, and only it, and fails the statistical leak test; its days and the records behind a figure open from the
 * table; the month
 * exports; a driver is refused. As `viewer` (TheBoss: a quick-report viewer who only reads).
 */
const pad = (n: number) => String(n).padStart(2, '0');
// The last complete month in the demo's zone (Africa/Johannesburg), not this machine's: in the
// hours where the two calendars differ, a local month could still be running there.
const [jy, jm] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' })
  .format(new Date())
  .split('-')
  .map(Number);
const last = new Date(Date.UTC(jy, jm - 2, 1));
const MONTH = `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}`;
const LEAK = 'N3-24 T1';

/** The month on /QuickBalancing: signed in onto it, or (`signIn: false`) opened again, all stores. */
async function openMonth(page: Page, signInFirst = true) {
  if (signInFirst) await signIn(page, 'viewer', { to: `/QuickBalancing?month=${MONTH}` });
  else await page.goto(`/QuickBalancing?month=${MONTH}`);
  await expect(page.getByRole('heading', { name: 'Quick balancing', level: 1 })).toBeVisible();
}

/** One viewer's walk through the month (one sign-in, ADR 056): the flag, the drill-down, the export. */
test('flags the planted leak for the last complete month and only it; drills to its days and records; exports the month', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openMonth(page);
  await test.step('the month flags the leaking tank alone', async () => {
    const table = page.getByRole('table', { name: 'Month per tank' });
    await expect(table.getByRole('row')).toHaveCount(15); // header + 14 tanks
    await expect(page.getByRole('status').filter({ hasText: 'over the allowance' })).toHaveText(
      `1 tank is over the allowance: ${LEAK}`,
    );
    const leakRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `${LEAK}: daily figures` }) });
    await expect(leakRow).toContainText('Over allowance');
    await expect(table.getByText('Over allowance', { exact: true })).toHaveCount(1);
    // The variance is negative (fuel missing) and larger than the allowance shown beside it.
    const cells = await leakRow.getByRole('cell').allInnerTexts();
    const num = (s: string) => Number(s.replace(/[^\d.]/g, '')) * (/[−-]/.test(s) ? -1 : 1);
    const variance = num(cells[4]);
    const allowance = num(cells[6]);
    expect(variance).toBeLessThan(0);
    expect(Math.abs(variance)).toBeGreaterThan(allowance);
    // The statistical leak test (SIR) over the month's last 45 days fails that tank alone, with its rate.
    await expect(leakRow.getByText(/^FAIL · \d+\.\d{2} L\/h$/)).toBeVisible();
    await expect(table.getByText(/^FAIL/)).toHaveCount(1);
    await expect(table.getByText('PASS', { exact: true })).toHaveCount(13);
    await expect(page.getByRole('status').filter({ hasText: 'Leak test failed' })).toContainText(
      `Leak test failed: ${LEAK} (losing`,
    );

    // The store filter keeps only that store's tanks.
    await page.getByLabel('Store').selectOption({ label: 'N3-24 — N3 Truck Stop Harrismith' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(page).toHaveURL(/store=/);
  });

  await test.step("drills from the month to the tank's days and to the records behind a figure", async () => {
    await openMonth(page, false);
    await page.getByRole('button', { name: `${LEAK}: daily figures` }).click();
    const days = page.getByRole('table', { name: new RegExp(`Daily figures — ${LEAK}`) });
    await expect(days).toBeVisible();
    await expect(page.getByLabel('Month totals')).toContainText('Over allowance');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
    // Every day of the complete month has a row (header + days).
    const [y, m] = MONTH.split('-').map(Number);
    await expect(days.getByRole('row')).toHaveCount(new Date(y, m, 0).getDate() + 1);

    // The 10th's dispensed figure opens the dispenses of that day, which add up to it.
    const day = `${MONTH}-10`;
    const figure = days.getByRole('button', { name: `Dispenses of ${LEAK} on ${day}` });
    const shown = (await figure.innerText()).trim();
    await figure.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Dispenses — ${LEAK}`) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/\d+ records · .* L · times in Africa\/Johannesburg/)).toContainText(`${shown} L`);
    await expect(dialog.getByRole('row').nth(1)).toContainText(/DF-\d{4}/);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // The measured closing opens the day's readings with the closing one marked.
    await days.getByRole('button', { name: `Readings of ${LEAK} on ${day}` }).click();
    const readings = page.getByRole('dialog', { name: new RegExp(`Readings — ${LEAK}`) });
    await expect(readings.getByText('closing', { exact: true }).first()).toBeVisible();
    await expect(readings.getByText('opening', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');

    // Back closes the tank's days again (the open tank is in the URL).
    await page.goBack();
    await expect(days).toBeHidden();
  });

  await test.step('exports the month as CSV with the flag', async () => {
    await expect(page.getByRole('button', { name: `${LEAK}: daily figures` })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^balancing-${MONTH}-.*\\.csv$`));
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(15);
    const header = lines[0].split(',');
    const flagged = lines
      .slice(1)
      .map((l) => l.split(','))
      .filter((c) => c[header.indexOf('Over allowance')] === 'Yes');
    expect(flagged.map((c) => `${c[header.indexOf('Store')]} ${c[header.indexOf('Tank')]}`)).toEqual([LEAK]);
  });
});
