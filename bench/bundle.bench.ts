/**
 * Gzipped JavaScript a browser downloads to show /pages/login, and then the signed-in shell
 * (dashboard), measured in Chromium with the service worker blocked so only needed files count.
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { benchDataDir, CHROMIUM_ARGS, chromiumPath, startServer, table } from './lib';

export async function run() {
  const dir = benchDataDir('bundle');
  fs.rmSync(dir, { recursive: true, force: true });
  const srv = await startServer(dir, 8912);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const ctx = await browser.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const seen = new Map<string, number>();
    let phase: 'login' | 'shell' = 'login';
    const sizes = { login: { files: 0, raw: 0, gz: 0 }, shell: { files: 0, raw: 0, gz: 0 } };
    page.on('response', async (res) => {
      const url = res.url();
      if (!url.endsWith('.js') || seen.has(url)) return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      seen.set(url, body.length);
      const s = sizes[phase];
      s.files++;
      s.raw += body.length;
      s.gz += zlib.gzipSync(body, { level: 9 }).length;
    });
    await page.goto(`${srv.url}/pages/login`, { waitUntil: 'networkidle' });
    phase = 'shell';
    await page.getByLabel('E-mail or username').fill('driver');
    await page.getByLabel('Password', { exact: true }).fill('driver1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard/analytics');
    await page.waitForLoadState('networkidle');
    const kb = (n: number) => (n / 1024).toFixed(1);
    table('JavaScript needed (KiB)', [
      { view: '/pages/login', files: sizes.login.files, raw: kb(sizes.login.raw), gzip: kb(sizes.login.gz) },
      { view: '+ shell (dashboard)', files: sizes.shell.files, raw: kb(sizes.shell.raw), gzip: kb(sizes.shell.gz) },
      { view: 'total', files: sizes.login.files + sizes.shell.files, raw: kb(sizes.login.raw + sizes.shell.raw), gzip: kb(sizes.login.gz + sizes.shell.gz) },
    ]);
  } finally {
    await browser.close();
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
