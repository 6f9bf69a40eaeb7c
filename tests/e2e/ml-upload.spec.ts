import { expect, test } from './fixtures';
import { signIn } from './support';
import { dispensesCsv } from '../../server/modules/ml/testing';

/**
 * `/MLUpload` (ADR 052): ThebigBoss uploads a prospect's dispense history into the sandbox and sees
 * the anomalies FAMS's detection finds in it — the planted consumption outlier and meter rollback.
 */
test('ThebigBoss scores a history file and sees its anomalies', async ({ page }) => {
  await signIn(page, 'boss', { to: '/MLUpload' });
  await page.getByRole('button', { name: /Demo Fuels/ }).click();
  await expect(page).toHaveURL(/\/MLUpload$/);
  const card = page.getByRole('region', { name: 'Score a history' });
  await card.getByLabel('History file (CSV or XLSX)').setInputFiles({
    name: 'prospect-dispenses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(dispensesCsv()),
  });
  await card.getByRole('button', { name: 'Score' }).click();
  await expect(card.getByRole('status')).toContainText('prospect-dispenses.csv: 24 rows, 2 equipment, 2 anomalies');
  const table = card.getByRole('table', { name: 'Anomalies' });
  await expect(table.getByRole('row').filter({ hasText: 'TRK-1' })).toContainText('Fuel use far over usual');
  await expect(table.getByRole('row').filter({ hasText: 'TRK-2' })).toContainText('Meter went backwards');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'CSV', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^anomalies-.*\.csv$/);
});
