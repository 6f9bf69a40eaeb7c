/**
 * Issue 4: how long headless Chromium takes to sync 10,000 queued dispenses. The records go into
 * the device's outbox in exactly the shape `addRecord` stores (the contract-parsed payload, state
 * `queued`, creation order), written with IndexedDB while the API is blocked; then the page starts
 * with the server reachable and the clock runs until its status control says "0 waiting". The
 * server's table is counted afterwards (synced history on the device is pruned to 200 per kind).
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import pg from 'pg';
import { MAX_BATCH } from '../src/contract/dispensing';
import { buildDispenses, settle } from './ingest.bench';
import { benchDataDir, benchPort, CHROMIUM_ARGS, chromiumPath, startServer, table } from './lib';
import { apiSession, embeddedDbUrl } from './server';

/** `FAMS_BENCH_SYNC_N`: fewer records for a quick look (the figure is 10,000). */
const N = Number(process.env.FAMS_BENCH_SYNC_N ?? 10_000);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self time per function of a V8 CPU profile, the largest first. */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  table(
    `Page main thread during the sync (self time, ${Math.round(total)} ms sampled)`,
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([fn, ms]) => ({ function: fn, ms: Math.round(ms) })),
  );
}
const DEVICE = 'bench-sync';

export async function run() {
  const dir = benchDataDir('sync');
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServer(dir, benchPort(8924));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const driver = await apiSession(server.url, 'driver', 'driver1');
    const payloads = buildDispenses(await driver.get('/api/v1/reference'), N, DEVICE);
    await settle(embeddedDbUrl(dir));
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto('/pages/login');
    await page.getByLabel('E-mail or username').fill('driver');
    await page.getByLabel('Password', { exact: true }).fill('driver1');
    await page.getByRole('button', { name: 'Login' }).click();
    // Drivers land on their Quick dispense (ADR 018): the sync runs under the form and its recent records.
    await page.waitForURL((u) => !u.pathname.startsWith('/pages/'));
    const status = page.getByRole('button', { name: /^Sync status:/ });
    await status.filter({ hasText: /Online/ }).waitFor();

    await page.route('**/api/**', (r) => r.abort());
    const t0 = performance.now();
    await page.evaluate(
      async ({ records, userId }) => {
        const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('fams-account-'))!;
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const r = indexedDB.open(name);
          r.onsuccess = () => ok(r.result);
          r.onerror = () => fail(r.error);
        });
        const now = Date.now();
        for (let i = 0; i < records.length; i += 1_000) {
          const tx = db.transaction('outbox', 'readwrite');
          records.slice(i, i + 1_000).forEach((payload, j) =>
            tx.objectStore('outbox').add({
              id: payload.id,
              kind: 'dispenses',
              payload,
              seq: i + j + 1,
              createdAt: now,
              state: 'queued',
              attempts: 0,
              lastError: null,
              fieldErrors: null,
              nextAttemptAt: 0,
              userId,
              syncedAt: null,
              exceptions: [],
            }),
          );
          await new Promise<void>((ok, fail) => {
            tx.oncomplete = () => ok();
            tx.onerror = () => fail(tx.error);
          });
        }
        db.close();
      },
      { records: payloads, userId: Number(driver.headers.userId) },
    );
    const enqueueMs = performance.now() - t0;

    await page.unroute('**/api/**');
    // Time spent waiting for the batch answers (request sent → answer received), to tell the
    // server's share of the sync from the page's own (IndexedDB, rendering).
    let batchMs = 0;
    let batches = 0;
    page.on('requestfinished', (r) => {
      if (!r.url().endsWith('/dispenses/batch')) return;
      const t = r.timing();
      batchMs += t.responseEnd - t.requestStart;
      batches++;
    });
    let bySw = 0;
    page.context().on('request', (r) => {
      if (r.url().endsWith('/dispenses/batch') && r.serviceWorker()) bySw++;
    });
    // FAMS_BENCH_PROFILE=1: where the page's main thread spends the sync (V8 CPU profile, self time).
    const cdp = process.env.FAMS_BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 2000 });
      await cdp.send('Profiler.start');
    }
    const t1 = performance.now();
    await page.reload();
    await status.filter({ hasText: /Online/ }).waitFor();
    // The status control's name every 15 s: a sync that stops says where (waiting, rejected, signed out).
    const done = page.getByRole('button', { name: 'Sync status: online, 0 waiting' });
    for (let waited = 0; !(await done.isVisible()); waited += 15) {
      const name = await status.getAttribute('aria-label').catch(() => null);
      if (waited >= 600) {
        await page.screenshot({ path: `${dir}/sync-stuck.png` });
        throw new Error(`The outbox did not empty in 600 s; the status says "${name}" (${dir}/sync-stuck.png)`);
      }
      if (waited) process.stdout.write(`  ${waited} s: ${name}\n`);
      await done.waitFor({ timeout: 15_000 }).catch(() => undefined);
    }
    const syncMs = performance.now() - t1;
    if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
    if (bySw) process.stdout.write(`\n${bySw} of the batches were sent by the service worker\n`);

    const client = new pg.Client({ connectionString: embeddedDbUrl(dir) });
    await client.connect();
    const {
      rows: [stored],
    } = await client.query<{ n: number }>('select count(*)::int as n from dispenses where device_id = $1', [DEVICE]);
    await client.end();
    table(`Outbox sync in headless Chromium: ${N} queued dispenses, batches of ${MAX_BATCH}`, [
      {
        step: `write ${N} records to the outbox (IndexedDB)`,
        ms: Math.round(enqueueMs),
        'records/s': Math.round(N / (enqueueMs / 1000)),
        check: '',
      },
      {
        step: 'page start → status "0 waiting"',
        ms: Math.round(syncMs),
        'records/s': Math.round(N / (syncMs / 1000)),
        check: `${stored.n} rows on the server`,
      },
      {
        step: `… of which waiting for ${batches} batch answers`,
        ms: Math.round(batchMs),
        'records/s': Math.round(N / (batchMs / 1000)),
        check: '',
      },
    ]);
    if (stored.n !== N) process.stdout.write(`\nWARNING: expected ${N} rows on the server, found ${stored.n}\n`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
