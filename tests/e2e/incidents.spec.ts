import sharp from 'sharp';
import { localDate } from '../../src/contract/calendar';
import { expect, test } from './fixtures';
import { apiFromPage, signIn } from './support';

/**
 * Issue 12: an admin logs an incident with a photo (the file input a phone offers its camera
 * through), sees the thumbnail, closes the incident, and finds it on the day's report. The rules,
 * refusals and tenant checks are in incidents.api.test.ts and daily-report.api.test.ts.
 */
test('an admin logs an incident with a photo, closes it and finds it on the daily report', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await ctx.newPage();
  await signIn(page, 'admin', { to: '/IncidentReport' });
  const title = `Hose split at pump 1 ${Date.now()}`;
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

  // An empty list offers a second "New incident" in its empty state.
  await page.getByRole('button', { name: 'New incident' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Type').selectOption('spill');
  await form.getByLabel('Severity').selectOption('high');
  await form.getByLabel('Store').selectOption({ index: 1 });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('About 20 L on the slab; absorbent used.');
  const input = form.getByLabel('Add photos');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await input.setInputFiles({ name: 'spill.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText(/spill\.jpg .* sent when you save/)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  // The record, then the photo (decoded and thumbnailed on the server): allow for a busy machine.
  await expect(form).toBeHidden({ timeout: 40_000 });

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Close incident' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('Closed');

  // The day's report of its store (the store's own calendar day) lists it.
  const found = await apiFromPage<{
    items: { storeId: string; storeZone: string; photoCount: number; occurredAt: string }[];
  }>(page, 'GET', `/incidents?q=${encodeURIComponent(title)}`);
  const incident = found.body.items[0];
  expect(incident.photoCount).toBe(1);
  // The store-local day it happened on (not today's: a midnight may have passed since).
  const day = localDate(new Date(incident.occurredAt), incident.storeZone);
  await page.goto(`/DailyReportofCall?day=${day}&stores=${incident.storeId}`);
  await expect(page.getByRole('heading', { name: `Daily report ${day}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();
  await ctx.close();
});
