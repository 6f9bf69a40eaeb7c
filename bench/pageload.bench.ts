/**
 * Page load of the field app in Chromium (ADR 017), against the built app (`npx vite build`
 * first) and a fresh demo server (fleet only, no demo year):
 * 1. JavaScript per view: bytes requested for /pages/login, a signed-in /QuickDispense and an
 *    office screen, each loaded on its own with the service worker blocked and no cache.
 * 2. Time to a usable form with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and a warm
 *    cache (service worker installed): from navigation start to the form's inputs and button.
 * 3. First visit on a 1.6 Mbps / 150 ms link (bench/shaper.ts, loopback proxy): time until the
 *    shell says "Ready to work offline", and the files and bytes of the first precache.
 * Parts 1 and 2 run at a phone's width (390×844, touch) and at 1280 px (ADR 062).
 * `STATIC_DIR` serves (and reads the precache of) another build, for before/after in one sitting.
 * `FAMS_BENCH_URL=http://localhost:8080` measures an already running server instead;
 * `FAMS_BENCH_PARTS=js,usable,offline` picks the parts. `FAMS_BENCH_PROFILE=1` adds one profiled
 * /QuickDispense load (4× CPU) after the measured ones: the main thread's self time from navigation
 * to the usable form, by function and by file (V8 CPU profile through CDP). `FAMS_BENCH_PORT` sets
 * the demo server's port (default 8913).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { benchDataDir, CHROMIUM_ARGS, chromiumPath, table } from './lib';
import { percentile } from './server';
import { shapedProxy } from './shaper';

const RUNS = Number(process.env.FAMS_BENCH_RUNS ?? 5);

/**
 * The widths measured (ADR 062): a phone (390×844, touch), where a field user's page loads no
 * Chakra, and 1280 px, where the side menu (Chakra, its own chunk) comes with every signed-in page.
 * `FAMS_BENCH_WIDTHS=390` or `=1280` measures one.
 */
const DEVICES = [
  { width: '390 (phone)', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { width: '1280', options: { viewport: { width: 1280, height: 720 } } },
].filter(
  (d) => !process.env.FAMS_BENCH_WIDTHS || process.env.FAMS_BENCH_WIDTHS.split(',').includes(d.width.split(' ')[0]),
);
type Device = (typeof DEVICES)[number];
const kb = (n: number) => (n / 1024).toFixed(1);

/** The demo server on `server/main.ts` (no demo year: the fleet is all these views need). */
async function demoServer(port: number) {
  if (process.env.FAMS_BENCH_URL) return { url: process.env.FAMS_BENCH_URL, stop: async () => {} };
  const dir = benchDataDir(`pageload-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn', FAMS_DEMO_HISTORY: '0' },
    // stdout inherited: with it ignored the server exited while starting on this machine (not understood).
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  // FAMS_BENCH_START_S: a longer wait for the server on a very busy machine.
  const deadline = Date.now() + Number(process.env.FAMS_BENCH_START_S ?? 180) * 1000;
  for (;;) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGTERM'); // not left running (and holding its port) when the bench gives up
      throw new Error('server did not start');
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      });
      proc.kill('SIGTERM');
    });
  return { url, stop };
}

async function signIn(page: Page, base: string, [user, password] = ['driver', 'driver1']) {
  await page.goto(`${base}/pages/login`);
  await page.getByLabel('E-mail or username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/pages/'), { timeout: 30_000 });
}

/** JavaScript a view requests when loaded on its own (service worker blocked, cache disabled). */
async function jsPerView(browser: Browser, base: string, device: Device, rows: Record<string, string | number>[]) {
  const ctx = await browser.newContext({ ...device.options, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const measure = async (view: string, path: string, ready: () => Promise<unknown>) => {
    const files = new Map<string, { raw: number; gz: number; wire: number; at: number }>();
    const api: string[] = [];
    const t0 = Date.now();
    let readyAt = Infinity;
    const onResponse = async (res: import('@playwright/test').Response) => {
      const at = Date.now() - t0;
      if (res.url().includes('/api/')) api.push(`${at} ms ${res.status()} ${res.request().method()} ${res.url()}`);
      if (!/\.m?js(\?|$)/.test(res.url())) return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      const wire =
        (
          await res
            .request()
            .sizes()
            .catch(() => null)
        )?.responseBodySize ?? body.length;
      files.set(res.url(), { raw: body.length, gz: zlib.gzipSync(body, { level: 9 }).length, wire, at });
    };
    page.on('response', onResponse);
    await page.goto(`${base}${path}`);
    await ready();
    readyAt = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // FAMS_BENCH_FILES=1: each file (gzip KiB, when its answer came) and the API answers, to see
    // what loads before the view is ready and what after.
    if (process.env.FAMS_BENCH_FILES) {
      table(
        `${view}: files (ready at ${readyAt} ms)`,
        [...files].map(([url, f]) => ({
          file: url.split('/').pop()!,
          'gzip KiB': kb(f.gz),
          ms: f.at,
          '': f.at > readyAt ? 'after ready' : '',
        })),
      );
      process.stdout.write(api.join('\n') + '\n');
    }
    const sum = (k: 'raw' | 'gz' | 'wire') => [...files.values()].reduce((n, f) => n + f[k], 0);
    rows.push({
      view,
      width: device.width,
      files: files.size,
      'raw KiB': kb(sum('raw')),
      'gzip KiB': kb(sum('gz')),
      'on the wire KiB': kb(sum('wire')),
    });
  };
  await measure('/pages/login', '/pages/login', () => page.getByRole('button', { name: 'Login' }).waitFor());
  await signIn(page, base);
  // A driver lands on /QuickDispense: its form shows once the reference data is stored on the device.
  // Without this wait the measured load below interrupted that first refresh, found no stored
  // reference and fetched it again (a 200 and its schemas: a first visit, not a signed-in device's load).
  await page.getByRole('button', { name: 'Save dispense' }).waitFor({ timeout: 60_000 });
  // …and its recent-records list (loaded after the form), so none of its files land in the next count.
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
  await measure('/QuickDispense (signed in)', '/QuickDispense', () =>
    page.getByRole('button', { name: 'Save dispense' }).waitFor(),
  );
  // A driver may not open the office screens: an editor does.
  await signIn(page, base, ['editor', 'editor12']);
  await measure('/QuickChartView (office, charts)', '/QuickChartView', () =>
    page.getByRole('heading', { name: 'Chart view' }).waitFor(),
  );
  await ctx.close();
}

/** What makes each measured page usable: labelled, enabled inputs and the submit button (shown). */
const USABLE: Record<string, string[]> = {
  '/pages/login': ['label:E-mail or username', 'button:Login'],
  '/QuickDispense': ['label:Litres', 'button:Save dispense'],
};

/**
 * Init script: records in the page (`__usableAt`, ms from navigation start) when it became usable.
 * A string, not a function: tsx would add helpers to a function's source the page does not have.
 */
const usableProbe = `(() => {
  const checks = (${JSON.stringify(USABLE)})[location.pathname];
  if (!checks) return;
  const ok = () => checks.every((c) => {
    const [kind, text] = c.split(':');
    if (kind === 'label') return [...document.querySelectorAll('label')]
      .some((l) => l.textContent.trim().startsWith(text) && l.control && !l.control.disabled);
    return [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === text);
  });
  new MutationObserver(() => { if (window.__usableAt === undefined && ok()) window.__usableAt = performance.now(); })
    .observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time of a V8 CPU profile, by function and by file (the build's chunks: names say which package). */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, usableMs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const file = f.url.split('/').pop() || (f.functionName.startsWith('(') ? f.functionName : '(native)');
    add(byFn, `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`, ms);
    add(byFile, file, ms);
  });
  const total = [...byFn.values()].reduce((a, b) => a + b, 0);
  const top = (m: Map<string, number>, n: number, key: string) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({ [key]: k, ms: Math.round(ms), '%': ((ms / total) * 100).toFixed(1) }));
  table(
    `Profiled /QuickDispense load, 4× CPU: usable at ${Math.round(usableMs)} ms; main thread self time by file (${Math.round(total)} ms sampled)`,
    top(byFile, 20, 'file'),
  );
  table('… by function', top(byFn, 30, 'function'));
}

/** Navigation start → usable form, CPU 4× slower, warm cache (service worker installed). */
async function timeToUsable(browser: Browser, base: string, device: Device, rows: Record<string, string | number>[]) {
  const ctx = await browser.newContext(device.options);
  await ctx.addInitScript(usableProbe);
  const page = await ctx.newPage();
  await page.goto(`${base}/pages/login`);
  // Warm: the service worker has installed (and precached) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0;
  const run = async (path: string) => {
    const samples: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('about:blank');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const t0 = await threadTime();
      await page.goto(`${base}${path}`, { waitUntil: 'commit' });
      const at = await page.waitForFunction(
        () => (window as unknown as { __usableAt?: number }).__usableAt,
        undefined,
        { timeout: 60_000, polling: 200 },
      );
      samples.push(Number(await at.jsonValue()));
      cpu.push(((await threadTime()) - t0) * 1000);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    rows.push({
      view: path,
      width: device.width,
      runs: RUNS,
      'median ms': Math.round(percentile(samples, 50)),
      'min ms': Math.round(Math.min(...samples)),
      'max ms': Math.round(Math.max(...samples)),
      'main-thread CPU ms (median, unthrottled)': Math.round(percentile(cpu, 50)),
    });
  };
  await run('/pages/login');
  await signIn(page, base);
  await run('/QuickDispense');
  if (process.env.FAMS_BENCH_PROFILE && device === DEVICES[0]) {
    await page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}/QuickDispense`, { waitUntil: 'commit' });
    const at = await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt, undefined, {
      timeout: 60_000,
      polling: 200,
    });
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    printProfile(profile, Number(await at.jsonValue()));
    if (process.env.FAMS_BENCH_PROFILE.endsWith('.cpuprofile'))
      fs.writeFileSync(process.env.FAMS_BENCH_PROFILE, JSON.stringify(profile));
  }
  await ctx.close();
}

/** The precache manifest the build injected into sw.js: field files now, office files on first use. */
function precacheOfBuild() {
  const dist = process.env.STATIC_DIR ?? 'dist';
  const sw = fs.readFileSync(`${dist}/sw.js`, 'utf8');
  const all = [...sw.matchAll(/\{[^{}]*"url":"[^"]*"[^{}]*\}/g)].map(
    (m) => JSON.parse(m[0]) as { url: string; lazy?: boolean },
  );
  const entries = [...new Map(all.map((e) => [e.url, e])).values()];
  const size = (l: { url: string }[], gz: boolean) =>
    l.reduce((n, e) => {
      const b = fs.readFileSync(`${dist}/${e.url}`);
      return n + (gz ? zlib.gzipSync(b, { level: 9 }).length : b.length);
    }, 0);
  const eager = entries.filter((e) => !e.lazy);
  const lazy = entries.filter((e) => e.lazy);
  return [
    {
      part: 'first precache (field app)',
      files: eager.length,
      'raw KiB': kb(size(eager, false)),
      'gzip KiB': kb(size(eager, true)),
    },
    {
      part: 'office, cached on first use',
      files: lazy.length,
      'raw KiB': kb(size(lazy, false)),
      'gzip KiB': kb(size(lazy, true)),
    },
  ];
}

/** First visit on the shaped link: until the shell says "Ready to work offline". */
async function offlineReady(browser: Browser, base: string) {
  const link = await shapedProxy(base, { kbps: 1600, rttMs: 150 });
  try {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const t0 = Date.now();
    await page.goto(`${link.url}/pages/login`, { timeout: 120_000 });
    const loginAt = await page
      .getByRole('button', { name: 'Login' })
      .waitFor({ timeout: 120_000 })
      .then(() => Date.now() - t0);
    // Offline ready = the service worker has installed (its precache is complete) and is active:
    // what the shell's indicator reports, and measurable on a build without the indicator too.
    const deadline = Date.now() + 120_000;
    while (
      !(await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return !!r?.active && !r.installing;
      }))
    ) {
      if (Date.now() > deadline) throw new Error('not offline-ready after 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyAt = Date.now() - t0;
    const { requests, bytes } = link.stats();
    await ctx.close();
    table('First visit on 1.6 Mbps / 150 ms (loopback shaping proxy)', [
      { measure: 'login form shown', value: `${(loginAt / 1000).toFixed(1)} s` },
      { measure: 'offline ready (goal ≤ 15 s)', value: `${(readyAt / 1000).toFixed(1)} s` },
      { measure: 'requests through the link', value: requests },
      { measure: 'bytes through the link', value: `${kb(bytes)} KiB` },
    ]);
  } finally {
    await link.close();
  }
  table('Precache of this build (dist/sw.js)', precacheOfBuild());
}

export async function run() {
  // FAMS_BENCH_PORT: another port when several worktrees bench on one machine.
  const srv = await demoServer(Number(process.env.FAMS_BENCH_PORT ?? 8913));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const parts = process.env.FAMS_BENCH_PARTS?.split(',') ?? ['js', 'usable', 'offline'];
    if (parts.includes('js')) {
      const rows: Record<string, string | number>[] = [];
      for (const device of DEVICES) await jsPerView(browser, srv.url, device, rows);
      table('JavaScript per view, loaded on its own (goal: login ≤ 200, QuickDispense ≤ 250 KiB gzip)', rows);
    }
    if (parts.includes('usable')) {
      const rows: Record<string, string | number>[] = [];
      for (const device of DEVICES) await timeToUsable(browser, srv.url, device, rows);
      table(
        "Time to a usable form, CPU 4× slower, warm cache (goal ≤ 2000 ms); CPU time is the renderer main thread's\n" +
          'own, less sensitive to other load on the machine than the wall time',
        rows,
      );
    }
    if (parts.includes('offline')) await offlineReady(browser, srv.url);
  } finally {
    await browser.close();
    await srv.stop();
  }
}
