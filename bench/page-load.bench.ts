/**
 * Page load of the office screens over the demo year, in Chromium (ADR 081), signed in as admin:
 * `/dashboard/analytics` (the dashboard), `/` (the home address: the router redirects it to the
 * dashboard), `/FilterGPSInformation` and `/QuickDispense` at 1280 × 800, and `/QuickDispense` at a
 * phone's 390 × 844, each loaded `FAMS_BENCH_RUNS` times (10) after one warm-up load (warm server,
 * warm HTTP cache, service worker installed).
 * Per screen, from navigation start, p50 and p95 (nearest rank: with 10 loads, the slowest):
 * - FCP: the paint timing's first-contentful-paint;
 * - title: the page's `h1` is in the document (the frame with its title);
 * - complete: the screen's own content is there (MARKERS), nothing is `aria-busy="true"` and no
 *   Chakra skeleton (`.chakra-skeleton`) is left, and no `/api/` request (fetch or XHR) is in
 *   flight — all of that holding for 300 ms; the figure is the start of those 300 ms;
 * - CLS: the sum of the `layout-shift` entries without recent input, from navigation start to
 *   complete + 300 ms (the plain sum, not Lighthouse's largest 5 s session window; with no input and
 *   a load under 5 s the two differ only when shifts are more than 1 s apart).
 * A second table: each `/api/` answer of the screen (Resource Timing), p50 of when it ended (ms from
 * navigation start) and of its duration — which answer the screen waits for.
 *
 * The server is `server/main.ts` with `npm start`'s Node options on a copy of the e2e year template
 * (`/tmp/fams-e2e-templates-8181/year`, `FAMS_BENCH_TEMPLATE`; without one, a fresh seed: minutes),
 * serving `dist` (`npx vite build` first) or `STATIC_DIR`. `FAMS_BENCH_URL` measures a running
 * server instead; `FAMS_BENCH_CPU=4` slows the CPU (CDP) during the measured loads;
 * `FAMS_BENCH_SCREENS=/FilterGPSInformation,…` picks screens; `FAMS_BENCH_PORT` (default 8963).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_LOGINS } from '../tests/demo-logins';
import { demoYearDir } from './exceptions.bench';
import { CHROMIUM_ARGS, chromiumPath, table } from './lib';
import { percentile, startServerProcess } from './server';

const RUNS = Number(process.env.FAMS_BENCH_RUNS ?? 10);
const QUIET_MS = 300;

/** What shows that the screen's own content is there (the final path after any redirect). */
const MARKERS: Record<string, string> = {
  '/dashboard/analytics': 'section[aria-labelledby="quick-links"]',
  '/FilterGPSInformation': 'main table',
  '/QuickDispense': 'main form button[type="submit"]',
};

const OFFICE = { name: '1280', options: { viewport: { width: 1280, height: 800 } } };
const PHONE = {
  name: '390 (phone)',
  options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};
type Device = typeof OFFICE | typeof PHONE;

/** The screens measured, and at which widths (QuickDispense is a phone's screen too). */
const CASES: { screen: string; device: Device }[] = [
  { screen: '/dashboard/analytics', device: OFFICE },
  { screen: '/', device: OFFICE },
  { screen: '/FilterGPSInformation', device: OFFICE },
  { screen: '/QuickDispense', device: OFFICE },
  { screen: '/QuickDispense', device: PHONE },
].filter((c) => !process.env.FAMS_BENCH_SCREENS || process.env.FAMS_BENCH_SCREENS.split(',').includes(c.screen));

/**
 * Init script (a string: tsx would add helpers to a function's source that the page does not have).
 * Keeps `window.__pl` up to date in every http(s) document: FCP, title, complete, CLS, API in flight.
 */
const probe = `(() => {
  if (!location.protocol.startsWith('http')) return;
  const markers = ${JSON.stringify(MARKERS)};
  const busy = '[aria-busy="true"], .chakra-skeleton';
  const st = { inflight: 0, fcp: null, titleAt: null, completeAt: null, cls: 0, clsAtComplete: null, quietSince: null };
  window.__pl = st;
  const isApi = (u) => String(u).includes('/api/');
  const of = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const p = of.call(this, input, init);
    if (!isApi(url)) return p;
    st.inflight++;
    // Until the body is read (ky reads it right away): a clone's text is the same bytes.
    p.then((r) => r.clone().text()).catch(() => {}).finally(() => st.inflight--);
    return p;
  };
  const send = XMLHttpRequest.prototype.send;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (m, u) { this.__api = isApi(u); return open.apply(this, arguments); };
  XMLHttpRequest.prototype.send = function () {
    if (this.__api) { st.inflight++; this.addEventListener('loadend', () => st.inflight--, { once: true }); }
    return send.apply(this, arguments);
  };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') st.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput && st.clsAtComplete === null) st.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const timer = setInterval(() => {
    const now = performance.now();
    if (st.titleAt === null && document.querySelector('h1')) st.titleAt = now;
    const m = markers[location.pathname];
    const ready = m && document.querySelector(m) && !document.querySelector(busy) && st.inflight === 0;
    if (!ready) { st.quietSince = null; return; }
    if (st.quietSince === null) st.quietSince = now;
    if (now - st.quietSince >= ${QUIET_MS}) {
      st.completeAt = st.quietSince;
      st.clsAtComplete = st.cls;
      st.api = performance.getEntriesByType('resource').filter((e) => isApi(e.name))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
      clearInterval(timer);
    }
  }, 20);
})();`;

interface Load {
  fcp: number;
  titleAt: number;
  completeAt: number;
  clsAtComplete: number;
  api: { path: string; start: number; end: number }[];
}

async function signIn(page: Page, base: string) {
  const [user, password] = DEMO_LOGINS.admin;
  await page.goto(`${base}/pages/login`);
  await page.getByLabel('E-mail or username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/pages/'), { timeout: 60_000 });
  if (new URL(page.url()).pathname === '/selectaccount') throw new Error('admin has several accounts: pick one');
}

async function load(page: Page, url: string): Promise<Load> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const h = await page.waitForFunction(
    () => {
      const st = (window as unknown as { __pl?: { completeAt: number | null } }).__pl;
      return st?.completeAt != null ? st : null;
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  return (await h.jsonValue()) as unknown as Load;
}

const ms = (xs: number[], p: number) => Math.round(percentile(xs, p));

async function server() {
  if (process.env.FAMS_BENCH_URL) return { url: process.env.FAMS_BENCH_URL, stop: async () => {}, started: 0 };
  const dir = demoYearDir('page-load');
  fs.rmSync(path.join(dir, 'fams.lock'), { force: true });
  const t0 = performance.now();
  const srv = await startServerProcess(dir, Number(process.env.FAMS_BENCH_PORT ?? 8963));
  return {
    url: srv.url,
    started: Math.round((performance.now() - t0) / 1000),
    stop: async () => {
      await srv.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A signed-in admin's page at a width, the service worker installed. */
async function signedInPage(browser: Browser, base: string, device: Device) {
  const ctx = await browser.newContext(device.options);
  await ctx.addInitScript(probe);
  const page = await ctx.newPage();
  await signIn(page, base);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return { ctx, page, cdp: await ctx.newCDPSession(page) };
}

export async function run() {
  const srv = await server();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const rate = Number(process.env.FAMS_BENCH_CPU ?? 1);
    const rows: Record<string, string | number>[] = [];
    const apiRows: Record<string, string | number>[] = [];
    const pages = new Map<Device, Awaited<ReturnType<typeof signedInPage>>>();
    for (const { screen, device } of CASES) {
      if (!pages.has(device)) pages.set(device, await signedInPage(browser, srv.url, device));
      const { page, cdp } = pages.get(device)!;
      await load(page, srv.url + screen); // warm-up: server caches, HTTP cache, the office chunks
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        loads.push(await load(page, srv.url + screen));
        if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
      const col = (k: 'fcp' | 'titleAt' | 'completeAt') => loads.map((l) => l[k] ?? NaN);
      const cls = loads.map((l) => l.clsAtComplete);
      rows.push({
        screen,
        width: device.name,
        loads: RUNS,
        'FCP p50': ms(col('fcp'), 50),
        'FCP p95': ms(col('fcp'), 95),
        'title p50': ms(col('titleAt'), 50),
        'complete p50': ms(col('completeAt'), 50),
        'complete p95': ms(col('completeAt'), 95),
        'CLS p50': percentile(cls, 50).toFixed(3),
        'CLS p95': percentile(cls, 95).toFixed(3),
      });
      const byPath = new Map<string, { end: number[]; dur: number[] }>();
      for (const l of loads)
        for (const a of l.api) {
          const k = a.path.replace(/\/[0-9a-f-]{36}/g, '/:id');
          const e = byPath.get(k) ?? { end: [], dur: [] };
          e.end.push(a.end);
          e.dur.push(a.end - a.start);
          byPath.set(k, e);
        }
      for (const [p, e] of [...byPath].sort((a, b) => percentile(b[1].end, 50) - percentile(a[1].end, 50)))
        apiRows.push({
          screen,
          width: device.name,
          'API answer': p,
          'per load': (e.end.length / RUNS).toFixed(1),
          'ended p50 ms': ms(e.end, 50),
          'took p50 ms': ms(e.dur, 50),
          'took p95 ms': ms(e.dur, 95),
        });
    }
    table(
      `Office screens over the demo year, admin, Chromium, ${RUNS} warm loads each${rate > 1 ? `, CPU ${rate}× slower` : ''}` +
        `${srv.started ? ` (server up in ${srv.started} s)` : ''}; ms from navigation start; goal: complete ≤ 2000 ms, CLS ≤ 0.1`,
      rows,
    );
    table('API answers behind each screen (Resource Timing; ms from navigation start)', apiRows);
    for (const { ctx } of pages.values()) await ctx.close();
  } finally {
    await browser.close();
    await srv.stop();
  }
}
