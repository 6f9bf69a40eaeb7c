import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './support';

/**
 * `/DataImports` as `admin` (issue 3): 500 equipment with 3 bad rows → 497 imported and the 3
 * errors listed with their rows; the same file again → nothing created, no duplicates. Fleet
 * numbers are unique per run: the e2e database lives for the whole run.
 */
const PREFIX = `E2E${String(Date.now()).slice(-7)}`;

function fleetCsv(): string {
  const rows = [
    ['Fleet no.', 'Registration', 'Description', 'Type code', 'Cost centre code', 'Current meter', 'Active'],
  ];
  for (let i = 1; i <= 500; i++) {
    const n = String(i).padStart(4, '0');
    rows.push([
      i === 499 ? '' : `${PREFIX}-${n}`,
      `${PREFIX} ${n}`,
      `Imported truck ${i}`,
      i === 10 ? 'NO-SUCH-TYPE' : 'SCA-R500',
      'CC02',
      i === 250 ? 'lots' : String(5000 + i),
      'yes',
    ]);
  }
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}

const serious = <T extends { impact?: string | null }>(v: T[]) =>
  v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
async function noSeriousViolations(page: Page) {
  // Contrast is judged on what is drawn: a button or notice still fading in reads as too light.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const r = await new AxeBuilder({ page }).analyze();
  expect(serious(r.violations).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Imports `file` on /DataImports; `open: false` when the test has just signed in onto that page;
 * `scan`: the accessibility scan of the preview (once is enough: the second run shows the same screen).
 */
async function importFile(page: Page, file: string, { open = true, scan = false } = {}) {
  if (open) await page.goto('/DataImports');
  await page.getByLabel('What to import').selectOption('equipment');
  await page.getByLabel('File (CSV or XLSX)').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  // The mapping is suggested from the headers; the user confirms it with a preview.
  await expect(page.getByLabel('Fleet no.')).toHaveValue('Fleet no.');
  await expect(page.getByLabel('Type code')).toHaveValue('Type code');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /^11 Error/ })).toContainText(
    'No equipment type with code NO-SUCH-TYPE',
  );
  if (scan) await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Run import' }).click();
  await expect(page.getByRole('button', { name: 'Download result report' })).toBeVisible({ timeout: 90_000 });
  return page.getByRole('group', { name: 'Result summary' });
}

async function expectErrorsListed(page: Page) {
  const errors = page.getByRole('table', { name: 'Rows not imported' });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors.getByRole('row', { name: /^11 / })).toContainText(
    'Type code: No equipment type with code NO-SUCH-TYPE',
  );
  await expect(errors.getByRole('row', { name: /^251 / })).toContainText('Current meter: “lots” is not a number');
  await expect(errors.getByRole('row', { name: /^500 / })).toContainText('Fleet no.: Fleet no. is required');
}

// One admin sign-in for the fleet's bulk tasks (ADR 056).
test('imports 500 equipment with 3 bad rows, then the same file again without duplicates; copies two equipment to another store', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const file = path.join(os.tmpdir(), `${PREFIX}-fleet.csv`);
  fs.writeFileSync(file, fleetCsv());
  await signIn(page, 'admin', { to: '/DataImports' });
  await expect(page).toHaveURL(/\/DataImports$/);

  await test.step('first import: 497 created, 3 listed', async () => {
    const summary = await importFile(page, file, { open: false, scan: true });
    await expect(summary).toContainText(/Created\s*497/);
    await expect(summary).toContainText(/Failed\s*3/);
    await expect(page.getByText('497 of 500 rows imported, 3 not imported.')).toBeVisible();
    await expectErrorsListed(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download result report' }).click();
    const report = fs
      .readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(report).toHaveLength(501);
    expect(report[0]).toBe('row,status,key,column,message');
    expect(report.filter((l) => l.includes(',failed,'))).toHaveLength(3);
  });

  await test.step('second import: nothing created, 497 unchanged', async () => {
    const summary = await importFile(page, file);
    await expect(summary).toContainText(/Created\s*0/);
    await expect(summary).toContainText(/Unchanged\s*497/);
    await expect(summary).toContainText(/Failed\s*3/);
    await expectErrorsListed(page);
  });

  await test.step('the fleet has each imported equipment once', async () => {
    await page.goto(`/Equipment?q=${PREFIX}-`);
    await expect(page.getByText('1–25 of 497')).toBeVisible();
  });

  await test.step('both runs are in the past imports', async () => {
    await page.goto(`/DataImports?q=${PREFIX}`);
    await expect(page.getByRole('row', { name: new RegExp(`${PREFIX}-fleet.csv`) })).toHaveCount(2);
  });
  fs.rmSync(file, { force: true });

  await test.step('copies two equipment to another store with a preview first', async () => {
    await page.goto('/Equipmentcopy');
    await page.getByLabel('Search equipment').fill('DF-001');
    // Chakra's checkbox input is visually hidden; its label is what a user clicks.
    await page.getByText(/^DF-0011 ·/).click();
    await page.getByText(/^DF-0012 ·/).click();
    await expect(page.getByRole('checkbox', { name: /^DF-0011 ·/ })).toBeChecked();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('Target store').selectOption({ label: 'CPT01 — Cape Town Workshop' });
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Copy preview' });
    await expect(preview.getByRole('row', { name: /^DF-0011 DF-0011-\d/ })).toBeVisible();
    await noSeriousViolations(page);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText(/^Copied 2 equipment: DF-0011-\d+, DF-0012-\d+/)).toBeVisible();
    const copy = (await page.getByText(/^Copied 2 equipment:/).textContent())!.match(/DF-0011-\d+/)![0];
    await page.goto(`/Equipment?q=${copy}`);
    await expect(page.getByRole('row', { name: new RegExp(copy) })).toBeVisible();
  });
});
