import { expect, test, type Locator, type Page } from './fixtures';
import { addUnknownEquipment, DISPENSE_LIST, recentList } from './field-support';
import { apiFromPage, signIn } from './support';

/**
 * Issue 9: the dispense form on a phone, for gloved hands. A phone profile (390×844, touch), the
 * real built app and server: Save is on screen without scrolling (also with the keyboard taking
 * half the screen), every control is 48 px tall with 16 px text, required fields are marked, Enter
 * walks the form and saves from the last field, the save is confirmed big and the record slides
 * into the recent list; a rejected record says what is wrong with the form's labels.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
test.describe.configure({ mode: 'serial' });

interface Eq {
  id: string;
  fleetNo: string;
  registration: string | null;
  meterType: 'km' | 'hours' | null;
  currentMeter: number | null;
  active: boolean;
}

async function signInAsDriver(page: Page) {
  // Signed in straight onto the form (one page load, not the landing page and then the form again).
  await signIn(page, 'driver', { to: '/QuickDispense' });
  await expect(page).toHaveURL(/\/QuickDispense$/);
  await expect(page.getByRole('button', { name: 'Save dispense' })).toBeVisible({ timeout: 30_000 });
}

/** The element the user would touch at the centre of `loc` is `loc` itself (or inside it): nothing covers it. */
async function expectUncovered(loc: Locator) {
  expect(
    await loc.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    }),
  ).toBe(true);
}

/** Every visible control of the form, with its size and text size. */
async function controlsOf(form: Locator) {
  return form.evaluate((f) =>
    [...f.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter(
        (el) =>
          el.getClientRects().length > 0 &&
          getComputedStyle(el).visibility !== 'hidden' &&
          !el.closest('[aria-hidden="true"]'),
      )
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.textContent ??
          el.tagName;
        return {
          name: name.trim(),
          tag: el.tagName.toLowerCase(),
          height: r.height,
          width: r.width,
          fontSize: parseFloat(getComputedStyle(el).fontSize),
        };
      }),
  );
}

async function expectGloveSized(form: Locator) {
  const controls = await controlsOf(form);
  expect(controls.length).toBeGreaterThan(8);
  const small = controls.filter((c) => c.height < 47.5 || c.fontSize < 16 || (c.tag === 'button' && c.width < 44));
  expect(small, 'controls under 48 px tall, 44 px wide (buttons) or 16 px text').toEqual([]);
}

// One driver's phone (one sign-in, ADR 056): the form's layout and keyboard, then a record the server rejects.
test('driver on a phone: Save always on screen, big controls, marked required fields, Enter walks the form, a clear confirmation; a rejected record is fixed', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsDriver(page);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const form = page.getByRole('form', { name: 'Dispense' });
  const save = page.getByRole('button', { name: 'Save dispense' });

  // Save on screen without scrolling, and not under anything.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(save).toBeInViewport({ ratio: 1 });
  await expectUncovered(save);
  await shot('phone-390x844');

  // Big enough for gloves: the form's controls and the header's buttons.
  await expectGloveSized(form);
  const header = await page.locator('header button').evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? el.textContent, w: r.width, h: r.height };
      }),
  );
  expect(header.length).toBeGreaterThanOrEqual(3);
  expect(header.filter((b) => b.w < 44 || b.h < 44)).toEqual([]);

  // Required fields: a visible asterisk and aria-required; the optional ones have neither.
  await expect(form.getByText(/^Fields marked \*.* are required\.$/)).toBeVisible();
  // (The asterisk is hidden from assistive tech: the accessible name stays the bare label.)
  for (const [role, name] of [
    ['combobox', 'Store'],
    ['combobox', 'Tank'],
    ['combobox', 'Equipment'],
    ['textbox', 'Litres'],
  ] as const) {
    await expect(form.getByRole(role, { name, exact: true })).toHaveAttribute('aria-required', 'true');
  }
  for (const label of ['Store', 'Tank', 'Equipment', 'Litres']) {
    await expect(form.locator('label').filter({ hasText: new RegExp(`^${label}\\s*\\*$`) })).toBeVisible();
  }
  await expect(form.getByRole('combobox', { name: 'Employee' })).not.toHaveAttribute('aria-required', 'true');
  await expect(form.getByLabel('Note')).not.toHaveAttribute('aria-required', 'true');
  await expect(form.locator('label').filter({ hasText: /^Note$/ })).toBeVisible();

  // The keyboard takes half the screen: Save stays on screen, and a focused field is not hidden under it.
  await page.setViewportSize({ width: 390, height: 500 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expectUncovered(save);
  await form.getByLabel('Note').focus();
  await expect(form.getByLabel('Note')).toBeInViewport({ ratio: 1 });
  await expectUncovered(form.getByLabel('Note'));
  await expect(save).toBeInViewport({ ratio: 1 });
  await shot('phone-390x500-keyboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));

  // Enter walks the form as the phone's "Next" key does, and saves from the last field.
  const fleet = (await apiFromPage<{ equipment: Eq[] }>(page, 'GET', '/reference')).body.equipment.filter(
    (e) => e.active,
  );
  const eq = fleet[0];
  const equipment = form.getByRole('combobox', { name: 'Equipment' });
  await equipment.fill(eq.fleetNo);
  await equipment.press('Enter');
  await expect(form.getByRole('combobox', { name: 'Employee' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Litres')).toBeFocused();
  await page.keyboard.type('120');
  await page.keyboard.press('Enter');
  const meter = form.getByLabel(eq.meterType === 'hours' ? 'Hours' : 'Odometer (km)');
  await expect(meter).toBeFocused();
  await page.keyboard.type(String((eq.currentMeter ?? 0) + 25));
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Cost centre')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Note')).toBeFocused();
  await page.keyboard.type('Gloves on');
  await page.keyboard.press('Enter');

  // A big confirmation on screen, the form ready for the next vehicle, the record in the list.
  const confirmation = page.getByRole('alert').filter({ hasText: `Saved on this device: 120 L to ${eq.fleetNo}` });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByText(`Saved — 120 L to ${eq.fleetNo}`)).toBeVisible();
  await expect(confirmation).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(equipment).toHaveValue('');
  await expect(form.getByLabel('Litres')).toHaveValue('');
  const row = recentList(page, DISPENSE_LIST)
    .getByRole('listitem')
    .filter({ hasText: `120 L to ${eq.fleetNo}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^(Waiting|Sending|Synced)$/)).toBeVisible();
  await expectGloveSized(form); // the confirmation's own button too
  await shot('phone-saved');

  // Typing the next record puts the confirmation away.
  await equipment.fill(fleet[1].fleetNo);
  await expect(confirmation).toHaveCount(0);
  await equipment.fill('');

  // With reduced motion the confirmation is there at once, too.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await equipment.fill(fleet[1].fleetNo);
  await form.getByLabel('Litres').fill('35');
  await form
    .getByLabel(fleet[1].meterType === 'hours' ? 'Hours' : 'Odometer (km)')
    .fill(String((fleet[1].currentMeter ?? 0) + 30));
  await save.click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Saved on this device: 35 L to ${fleet[1].fleetNo}` }),
  ).toBeVisible();
  await expect(
    recentList(page, DISPENSE_LIST)
      .getByRole('listitem')
      .filter({ hasText: `35 L to ${fleet[1].fleetNo}` }),
  ).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  await test.step("a rejected record says what is wrong with the form's labels, and is fixed with big buttons", async () => {
    const fleet = (await apiFromPage<{ equipment: Eq[] }>(page, 'GET', '/reference')).body.equipment.filter(
      (e) => e.active,
    );
    // Equipment in a stale device cache that the server does not know: the real server rejects the record.
    await addUnknownEquipment(page, 'GHOST-9');
    await page.reload();
    const form = page.getByRole('form', { name: 'Dispense' });
    await form.getByRole('combobox', { name: 'Equipment' }).fill('GHOST-9');
    await form.getByLabel('Litres').fill('12.5');
    await form.getByLabel('Odometer (km)').fill('1000');
    await page.getByRole('button', { name: 'Save dispense' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Saved on this device: 12.5 L to GHOST-9' })).toBeVisible();

    const row = recentList(page, DISPENSE_LIST)
      .getByRole('listitem')
      .filter({ hasText: 'Rejected' })
      .filter({ hasText: 'GHOST-9' });
    await expect(row.getByText('Reason: Unknown equipment.')).toBeVisible({ timeout: 30_000 });
    await expect(
      row.getByRole('list', { name: 'What to correct' }).getByText('Equipment: unknown equipment', { exact: true }),
    ).toBeVisible();
    await expect(row.getByText('equipmentId')).toHaveCount(0);
    const fix = row.getByRole('button', { name: 'Fix and resend' });
    await fix.scrollIntoViewIfNeeded();
    const box = (await fix.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(47.5);
    await page.screenshot({ path: testInfo.outputPath('phone-rejected.png') });

    await fix.click();
    await expect(form.getByLabel('Litres')).toHaveValue('12.5');
    await form.getByRole('combobox', { name: 'Equipment' }).fill(fleet[2].fleetNo);
    const resend = page.getByRole('button', { name: 'Send again' });
    await expect(resend).toBeInViewport({ ratio: 1 });
    await resend.click();
    await expect(
      page.getByRole('alert').filter({ hasText: `Corrected and queued again: 12.5 L to ${fleet[2].fleetNo}` }),
    ).toBeVisible();
    await expect(page.getByText(`Corrected — 12.5 L to ${fleet[2].fleetNo}`)).toBeVisible();
    await expect(page.getByText('0 waiting · 0 rejected')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false, deviceScaleFactor: 1 });

  test('the dispense form keeps its two columns, office-sized header buttons and a save bar that fits', async ({
    page,
  }, testInfo) => {
    await signInAsDriver(page);
    const form = page.getByRole('form', { name: 'Dispense' });
    const list = page.getByRole('region', { name: DISPENSE_LIST });
    // boundingBox() does not wait and is null while the page is hidden (a chunk loading under the shell's
    // boundary): the layout is read again until both are drawn.
    await expect(form).toBeVisible();
    await expect(list).toBeVisible();
    const gap = async () => {
      const [f, l] = [await form.boundingBox(), await list.boundingBox()];
      return f && l ? l.x - (f.x + f.width - 1) : null;
    };
    await expect.poll(gap).toBeGreaterThan(0); // side by side
    await expect(page.getByRole('button', { name: 'Save dispense' })).toBeInViewport({ ratio: 1 });
    expect((await page.getByRole('button', { name: 'Star this page' }).boundingBox())!.height).toBeLessThan(44);
    await page.screenshot({ path: testInfo.outputPath('desktop-1280x900.png') });
  });
});
