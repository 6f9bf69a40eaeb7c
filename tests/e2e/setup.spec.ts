import { expect, test, type Locator, type Page } from './fixtures';
import fs from 'node:fs';
import { apiFromPage, signIn } from './support';

/**
 * Setup screens (issue 3, PWA half) as `admin` and `editor`, through the UI against the real
 * server. Codes are unique per run: the e2e database lives for the whole run.
 */
const stamp = String(Date.now()).slice(-7);
const STORE = `S${stamp}`;
const TANK = `T${stamp}`;
const FLEET = `E${stamp}`;
const EMP = `P${stamp}`;

/** The open record form (a modal drawer named by its title). */
const drawer = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

async function search(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

async function save(form: Locator, message: RegExp) {
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.page().getByText(message)).toBeVisible();
  await expect(form).toBeHidden();
}

async function newRecord(page: Page, path: string, noun: string) {
  // Just signed in onto this list: no second load. Anywhere else (the list searched, other toasts
  // showing) the list is opened afresh.
  const here = new URL(page.url());
  if (here.pathname !== path || here.search) await page.goto(path);
  await page.getByRole('button', { name: `New ${noun}` }).click();
  const form = drawer(page, `New ${noun}`);
  await expect(form).toBeVisible();
  return form;
}

/** Creates a cost centre through the form and finds it in the list. */
async function createCostCentre(page: Page, code: string, name: string) {
  const form = await newRecord(page, '/CostCentre', 'cost centre');
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill(name);
  await save(form, new RegExp(`Cost centre ${code} created`));
  await search(page, code);
}

/** Deletes the listed row named `label`, confirming in the dialog. */
async function deleteRow(page: Page, label: string, message: string) {
  await page.getByRole('button', { name: `Delete ${label}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(message)).toBeVisible();
}

test.describe('setup as admin', () => {
  // Each test starts signed in on the screen it needs (one page load; see signIn's `to`).
  const start = async (page: Page, to: string) => {
    await signIn(page, 'admin', { to });
    await expect(page).toHaveURL((url) => url.pathname === to.split('?')[0]);
  };

  // One admin sign-in for the whole setup walk (ADR 056): records created through the forms, then the
  // list and form behaviour of the shared resource screens, each step a user's task.
  test('create a store, a tank with a chart, an equipment, an employee and an allocation; find each; cost centres: sort in the URL, unsaved changes ask, a stale edit, delete, restore and the audit log; a store CSV export', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await start(page, '/Store');

    await test.step('store', async () => {
      const form = await newRecord(page, '/Store', 'store');
      await form.getByLabel('Code').fill(STORE);
      await form.getByLabel('Name').fill(`Store ${stamp}`);
      await form.getByLabel('Variant').selectOption('FAMS24');
      await form.getByLabel('Latitude').fill('-26.1');
      await form.getByLabel('Longitude').fill('28.2');
      await form.getByLabel('Monday closes').fill('17:30');
      await save(form, new RegExp(`Store ${STORE} created`));
      await search(page, STORE);
      await expect(page.getByRole('row', { name: new RegExp(STORE) })).toContainText(
        'Mon 06:00–17:30, Tue–Fri 06:00–18:00',
      );
    });

    await test.step('duplicate store code lands on the Code field', async () => {
      const form = await newRecord(page, '/Store', 'store');
      await form.getByLabel('Code').fill(STORE.toLowerCase());
      await form.getByLabel('Name').fill('Twin');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText(/already/i).first()).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('Twin');
    });

    await test.step('tank with a strapping chart: rows, a per-row error, then pasted CSV', async () => {
      const form = await newRecord(page, '/Tank', 'tank');
      await form.getByLabel('Store').selectOption({ label: `${STORE} — Store ${stamp}` });
      await form.getByLabel('Product').selectOption({ index: 1 });
      await form.getByLabel('Code').fill(TANK);
      await form.getByLabel('Name').fill(`Tank ${stamp}`);
      await form.getByLabel('Capacity (L)').fill('10000');
      await form.getByLabel('Safe fill (L)').fill('9500');
      await form.getByLabel('Low level (L)').fill('1000');
      for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add row' }).click();
      const rows: [string, string][] = [
        ['0', '0'],
        ['500', '4000'],
        ['400', '5000'],
      ];
      for (const [i, [h, l]] of rows.entries()) {
        await form.getByLabel(`Row ${i + 1} height (mm)`).fill(h);
        await form.getByLabel(`Row ${i + 1} litres`).fill(l);
      }
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Height must be greater than the row above (500 mm)')).toBeVisible();
      await expect(form.getByLabel('Row 3 height (mm)')).toHaveAttribute('aria-invalid', 'true');

      await form.getByRole('button', { name: 'Paste CSV' }).click();
      await form.getByLabel('Chart as CSV').fill('height,litres\n0,0\nabc,5');
      await form.getByRole('button', { name: 'Use pasted rows' }).click();
      await expect(form.getByText('Line 3: Height "abc" is not a number')).toBeVisible();
      await form.getByLabel('Chart as CSV').fill('height_mm;litres\n0;0\n500;4000,5\n1000;9000');
      await form.getByRole('button', { name: 'Use pasted rows' }).click();
      await expect(form.getByLabel('Row 2 litres')).toHaveValue('4000.5');
      await expect(form.getByLabel('Row 4 litres')).toHaveCount(0);
      await save(form, new RegExp(`Tank ${TANK} created`));
      await search(page, TANK);
      await expect(page.getByRole('row', { name: new RegExp(TANK) })).toContainText(STORE);
    });

    await test.step('equipment with a tag', async () => {
      const form = await newRecord(page, '/Equipment', 'equipment');
      await form.getByLabel('Fleet no.').fill(FLEET);
      await form.getByLabel('Registration').fill(`R${stamp}`);
      await form.getByLabel('Equipment type').selectOption({ index: 1 });
      await form.getByLabel('Tags').fill(`TAG${stamp}`);
      await form.getByLabel('Tags').press('Enter');
      await save(form, new RegExp(`Equipment ${FLEET} created`));
      await search(page, FLEET);
      await expect(page.getByRole('row', { name: new RegExp(FLEET) })).toContainText(`TAG${stamp}`);
    });

    await test.step('employee with a PIN and an authorised store', async () => {
      const form = await newRecord(page, '/Employee', 'employee');
      await form.getByLabel('Employee number').fill(EMP);
      await form.getByLabel('Name').fill(`Pat ${stamp}`);
      await form.getByLabel('PIN', { exact: true }).fill('12a');
      await form.getByLabel('PIN', { exact: true }).blur();
      await expect(form.getByText('PIN is 4 to 8 digits')).toBeVisible();
      await form.getByLabel('PIN', { exact: true }).fill('4321');
      await form.getByText(`${STORE} — Store ${stamp}`).click();
      await save(form, new RegExp(`Employee ${EMP} Pat ${stamp} created`));
      await search(page, EMP);
      await expect(page.getByRole('row', { name: new RegExp(EMP) })).toContainText('Set');
    });

    await test.step('allocation for the equipment, picked by searching', async () => {
      const form = await newRecord(page, '/Allocation', 'allocation');
      const pick = form.getByRole('combobox', { name: 'Equipment' });
      await pick.click();
      await pick.fill(FLEET);
      await page.getByRole('option', { name: new RegExp(FLEET) }).click();
      await form.getByLabel('Product').selectOption({ index: 1 });
      await form.getByLabel('Store').selectOption({ label: `${STORE} — Store ${stamp}` });
      await form.getByLabel('Daily limit (L)').fill('300');
      await form.getByLabel('Monthly limit (L)').fill('200');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Monthly limit must be at least the daily limit (300 L)')).toBeVisible();
      await form.getByLabel('Monthly limit (L)').fill('6000');
      await save(form, /Allocation .* created/);
      await search(page, FLEET);
      await expect(page.getByRole('row', { name: new RegExp(FLEET) })).toContainText(`Store ${stamp}`);
    });

    await test.step('unsaved changes ask before the form closes; sort is in the URL', async () => {
      await page.goto('/CostCentre');
      await page.getByRole('button', { name: 'Name' }).click();
      await expect(page).toHaveURL(/sort=name/);
      await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
      await page.getByRole('button', { name: 'New cost centre' }).click();
      const form = drawer(page, 'New cost centre');
      await form.getByLabel('Code').fill('UNSAVED');
      await form.getByRole('button', { name: 'Cancel' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await ask.getByRole('button', { name: 'Stay' }).click();
      await expect(form.getByLabel('Code')).toHaveValue('UNSAVED');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await ask.getByRole('button', { name: 'Leave' }).click();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(/sort=name/);
    });
    await test.step('a stale edit offers the version saved meanwhile', async () => {
      const code = `Z${stamp}`;
      await createCostCentre(page, code, 'First name');
      await page.getByRole('button', { name: `Edit ${code}` }).click();
      const edit = drawer(page, `Edit cost centre ${code}`);
      await expect(edit.getByLabel('Name')).toHaveValue('First name');

      const { body: list } = await apiFromPage<{ items: { id: string; version: number }[] }>(
        page,
        'GET',
        `/cost-centres?q=${code}`,
      );
      const row = list.items[0];
      await apiFromPage(page, 'PUT', `/cost-centres/${row.id}`, {
        code,
        name: 'Changed elsewhere',
        description: '',
        version: row.version,
      });

      await edit.getByLabel('Description').fill('mine');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit.getByText('Someone else saved this record meanwhile')).toBeVisible();
      await expect(edit.getByLabel('Description')).toHaveValue('mine');
      await edit.getByRole('button', { name: 'Load the current version' }).click();
      await expect(edit.getByLabel('Name')).toHaveValue('Changed elsewhere');
      await edit.getByLabel('Description').fill('mine again');
      await save(edit, new RegExp(`Cost centre ${code} saved`));
    });
    await test.step('delete and restore through the list, then read it in the audit log', async () => {
      const code = `C${stamp}`;
      await createCostCentre(page, code, `Cost ${stamp}`);
      await deleteRow(page, code, `Cost centre ${code} deleted`);
      await expect(page.getByText('No cost centres match')).toBeVisible();

      await page.getByText('Show deleted', { exact: true }).click();
      await expect(page).toHaveURL(/deleted=only/);
      await page.getByRole('button', { name: `Restore ${code}` }).click();
      await expect(page.getByText(`Cost centre ${code} restored`)).toBeVisible();
      await page.getByText('Show deleted', { exact: true }).click();
      await expect(page.getByRole('row', { name: new RegExp(code) })).toBeVisible();

      await page.goto('/AuditLogs');
      await page.getByLabel('What').selectOption({ label: 'Cost centres' });
      await search(page, 'restore');
      const row = page.getByRole('row', { name: new RegExp(`restore.*${code}`) });
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: /Show details/ }).click();
      await expect(
        page.getByRole('table', { name: /Changes of cost_centre/ }).getByRole('cell', { name: 'Deleted at' }),
      ).toBeVisible();
      await page.getByLabel('Search', { exact: true }).fill('');
      await expect(page.getByRole('row', { name: new RegExp(`delete.*${code}`) })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(`create.*${code}`) })).toBeVisible();
    });
    await test.step('CSV export downloads the filtered rows', async () => {
      await page.goto('/Store?q=JHB');
      await expect(page.getByRole('row', { name: /JHB01/ })).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      const lines = text.trim().split(/\r?\n/);
      expect(
        lines[0]
          .replace(/^\uFEFF/, '')
          .split(',')
          .slice(0, 2),
      ).toEqual(['Code', 'Name']);
      expect(text).toContain('JHB01');
      expect(text).not.toContain('DBN01');
      expect(lines.length).toBe(2);
    });
  });
});

test.describe('setup as editor', () => {
  test('Store is refused; Cost centres open and a new one can be created', async ({ page }) => {
    await signIn(page, 'editor', { to: '/Store' });
    await expect(page).toHaveURL(/\/pages\/not-authorized/);
    const code = `ED${stamp}`;
    await createCostCentre(page, code, `Editor ${stamp}`);
    await expect(page.getByRole('row', { name: new RegExp(code) })).toBeVisible();
  });
});

test.describe('restore deleted as ThebigBoss', () => {
  test('a deleted record comes back; one whose code was taken again says why not', async ({ page }) => {
    const code = `R${stamp}`;
    await signIn(page, 'boss');
    await expect(page).toHaveURL(/\/selectaccount/);
    await page.getByRole('button', { name: /Demo Fuels/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    for (const name of ['Original', 'Second']) {
      await createCostCentre(page, code, name);
      await deleteRow(page, code, `Cost centre ${code} deleted`);
    }
    await page.goto('/RestoreDeleted');
    await search(page, code);
    await page.getByRole('button', { name: `Restore ${code} Second` }).click();
    await expect(page.getByText(`Cost centres: ${code} Second restored`)).toBeVisible();
    await page.getByRole('button', { name: `Restore ${code} Original` }).click();
    await expect(page.getByText('Restore failed')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${code} Original`) })).toBeVisible();
  });
});
