import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { signIn } from './support';

/**
 * Commercial (issue 16): an admin creates a customer with a site and a quotation with three lines,
 * sends it; the customer opens the e-mailed link from the server's mail folder, accepts, and the
 * admin sees it accepted in /viewquotations. (The PDF's text is checked in the API test.)
 * Then documents (ADR 043): the admin uploads a PDF on /Documentlist, adds a second version by an edit
 * that only picks a file (ADR 049), shares it with the customer on
 * /DocumenttoCustomer, the customer opens the e-mailed link, and /DocumentCustomer shows it opened.
 */
const stamp = String(Date.now()).slice(-7);
const customer = `Karoo Mining ${stamp}`;
const email = `buyer-${stamp}@example.com`;

/** The .eml's text part is quoted-printable: undo soft breaks and =XX escapes. */
const unQuote = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

test('an admin quotes a new customer, the customer accepts through the e-mailed link', async ({
  page,
  browser,
  baseURL,
  suiteServer,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', { to: '/customers' });
  await page.getByRole('button', { name: 'New customer' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel('Name', { exact: true }).fill(customer);
  await form.getByLabel('VAT number').fill('4123456789');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await form.getByLabel('Contact 1 name').fill('Thandi Buyer');
  await form.getByLabel('Contact 1 e-mail').fill(email);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: customer })).toContainText(email);

  await page.goto('/Customersitelist');
  await page.getByRole('button', { name: 'New site' }).click();
  form = page.getByRole('dialog');
  await form.getByRole('combobox', { name: /^Customer/ }).selectOption({ label: customer });
  await form.getByLabel('Site name').fill('North Pit');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'North Pit' })).toContainText(customer);
  // The sites' map (ADR 059): the new site has no coordinates; "Place on the map" and a click place it.
  await expect(page.getByTestId('site-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Place North Pit on the map' }).click();
  await page.getByTestId('site-map').click();
  await expect(page.getByText(/^North Pit is now at -?\d+\.\d{5}, -?\d+\.\d{5}\.$/)).toBeVisible();
  await expect(page.getByTestId('site-map').getByRole('button', { name: 'Site North Pit' })).toBeVisible();

  await page.goto('/quotation');
  const quote = page.getByRole('form', { name: 'Quotation' });
  await quote.getByRole('combobox', { name: /^Customer/ }).selectOption({ label: customer });
  await quote.getByLabel('Site', { exact: true }).selectOption({ label: 'North Pit' });
  const lines = [
    { d: 'Tank 23,000 L', q: '1', p: '45000', disc: '5', vat: '15' },
    { d: 'Dispensing pump', q: '2', p: '18750.50', disc: '0', vat: '15' },
    { d: 'Zero-rated delivery', q: '1', p: '999.99', disc: '0', vat: '0' },
  ];
  for (const [i, l] of lines.entries()) {
    const n = i + 1;
    if (n > 1) await quote.getByRole('button', { name: 'Add line' }).click();
    await quote.getByLabel(`Line ${n} description`).fill(l.d);
    await quote.getByLabel(`Line ${n} quantity`).fill(l.q);
    await quote.getByLabel(`Line ${n} unit price`).fill(l.p);
    await quote.getByLabel(`Line ${n} discount %`).fill(l.disc);
    await quote.getByLabel(`Line ${n} VAT %`).fill(l.vat);
  }
  // 49,162.50 + 43,126.15 + 999.99 (hand-computed; VAT per line, half-up cents).
  await expect(quote.getByLabel('Total', { exact: true })).toHaveText('93,288.64');
  await quote.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { name: /^Quotation Q-\d{4}-\d{4}$/ })).toBeVisible();
  const label = (await page.getByRole('heading', { name: /^Quotation Q-/ }).textContent())!.replace('Quotation ', '');
  await page.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('Sent');

  // The quotation in the server's mail folder (no SMTP_URL): its signed link.
  const mailDir = path.join(suiteServer.dataDir, 'mail');
  const mail = () =>
    (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
      .filter((f) => f.endsWith('.eml') && f.includes(email.replace(/[^a-z0-9@.]/gi, '_')))
      .map((f) => unQuote(fs.readFileSync(path.join(mailDir, f), 'utf8')));
  // The server renames an .eml into place once written; the poll waits for the attachment's part.
  await expect.poll(() => mail().filter((m) => m.includes('application/pdf')).length, { timeout: 30_000 }).toBe(1);
  expect(mail()).toHaveLength(1);
  const link = /\/pages\/quote\?token=[\w.-]+/.exec(mail()[0])?.[0];
  expect(link).toBeTruthy();

  const customerCtx = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const buyer = await customerCtx.newPage();
  await buyer.goto(link!);
  await expect(buyer.getByRole('heading', { name: `Quotation ${label}` })).toBeVisible();
  await expect(buyer.getByLabel('Quotation total')).toHaveText('93,288.64');
  await buyer.getByLabel('Your name').fill('Thandi Buyer');
  await buyer.getByRole('button', { name: 'Accept quotation' }).click();
  await expect(buyer.getByText('Thank you. The quotation is accepted.')).toBeVisible();

  await page.goto(`/viewquotations?f.status=accepted&q=${encodeURIComponent(label)}`);
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText(customer);

  // Documents: upload a PDF, share it with the customer, the customer opens the mailed link.
  const title = `Safety data sheet ${stamp}`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  await page.goto('/Documentlist');
  // An empty list offers a second "New document" in its empty state.
  await page.getByRole('button', { name: 'New document' }).first().click();
  form = page.getByRole('dialog');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('File').setInputFiles({ name: 'sds-diesel.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('sds-diesel.pdf');
  // An edit that only adds a new file (no other field changed) saves it as the next version.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  form = page.getByRole('dialog');
  await form
    .getByLabel(/^New version/)
    .setInputFiles({ name: 'sds-diesel-2026.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('sds-diesel-2026.pdf');

  await page.getByRole('link', { name: 'Share with customers' }).click();
  await page.locator('label').filter({ hasText: title }).click();
  await page.locator('label').filter({ hasText: customer }).click();
  await page.getByRole('button', { name: 'Share and e-mail links' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${customer}: link sent to ${email}` })).toBeVisible();

  await expect
    .poll(() => mail().filter((m) => /\/api\/v1\/public\/document\?token=/.test(m)).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(mail()).toHaveLength(2);
  const docLink = mail()
    .map((m) => /\/api\/v1\/public\/document\?token=[\w.-]+/.exec(m)?.[0])
    .find(Boolean);
  expect(docLink).toBeTruthy();
  const opened = await buyer.request.get(docLink!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');

  await page.goto(`/DocumentCustomer?q=${encodeURIComponent(title)}`);
  const share = page.getByRole('row').filter({ hasText: title });
  await expect(share).toContainText('Opened');
  // Withdrawn, the share leaves the list and the customer's link no longer opens the document.
  await share.getByRole('button', { name: /^Withdraw / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(/withdrawn\. The customer's link no longer opens it\./)).toBeVisible();
  await expect(share).toHaveCount(0);
  expect((await buyer.request.get(docLink!)).status()).toBe(403);
  await customerCtx.close();
});
