import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { signIn } from './support';

/**
 * `/Integration` against the real server and its pg-boss webhook worker (ADR 048): an admin adds a
 * webhook to a receiver this test runs on loopback (the e2e servers allow private targets, see
 * playwright.config.ts), sends a test, and follows the ping to "delivered" in the delivery log; the
 * receiver checks the signature with the secret typed in the form.
 */
test('an admin adds a webhook, sends a test and sees it delivered in the log', async ({ page }) => {
  const secret = `whsec-${crypto.randomBytes(12).toString('hex')}`;
  const received: { signature: string; ok: boolean; event: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const ts = String(req.headers['x-fams-timestamp']);
      const expected = `sha256=${crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
      const signature = String(req.headers['x-fams-signature']);
      received.push({ signature, ok: signature === expected, event: String(req.headers['x-fams-event']) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fams`;
    // Unique, so a retry of the test adds its own webhook.
    const name = `Receiver ${crypto.randomBytes(3).toString('hex')}`;

    await signIn(page, 'admin', { to: '/Integration' });
    // Exact: on an account without integrations the empty state's "No integrations yet" is a heading too.
    await expect(page.getByRole('heading', { name: 'Integrations', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New integration' }).first().click();
    const form = page.getByRole('form', { name: 'New integration' });
    await expect(form.getByLabel('Type')).toHaveValue('webhook');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Address').fill(url);
    await form.getByLabel('Signing secret').fill(secret);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Integration ${name} saved.`)).toBeVisible();

    await page.getByRole('button', { name: `Send a test to ${name}` }).click();
    await expect(page.getByText(`Test sent to ${name}; see the delivery log.`)).toBeVisible();
    await page.getByRole('tab', { name: 'Delivery log' }).click();
    // The log refreshes itself while it is open; the worker sends the ping within seconds.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('ping');
    await expect(row).toContainText('delivered', { timeout: 60_000 });
    expect(received).toEqual([{ signature: expect.stringMatching(/^sha256=[0-9a-f]{64}$/), ok: true, event: 'ping' }]);
  } finally {
    receiver.close();
  }
});
