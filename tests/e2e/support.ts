import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, localDate, zonedInstant } from '../../src/contract/calendar';
import { cloneDataDir, templateDir, type Template } from './templates';
import { startNodeOptions } from '../../scripts/node-options';
import { DEMO_LOGINS } from '../demo-logins';

export const USERS = DEMO_LOGINS;
export type DemoUser = keyof typeof USERS;

/** Where each demo user lands after sign-in: drivers and attendants on their Quick dispense. */
export const LANDING: Record<DemoUser, RegExp> = {
  admin: /\/dashboard\/analytics$/,
  manager: /\/dashboard\/analytics$/,
  editor: /\/dashboard\/analytics$/,
  driver: /\/QuickDispense$/,
  attendant: /\/QuickDispense24$/,
  viewer: /\/dashboard\/analytics$/,
  multi: /\/dashboard\/analytics$/,
  boss: /\/dashboard\/analytics$/,
};

/**
 * Fills the login form and submits it with the button. With `to`, the app goes there after sign-in
 * (the login's own `?to=`), so a test that starts on a screen pays for one page load, not the
 * landing page's as well.
 */
export async function signIn(page: Page, user: DemoUser, opts: { goto?: boolean; to?: string } = {}) {
  if (opts.goto !== false) await page.goto(opts.to ? `/pages/login?to=${encodeURIComponent(opts.to)}` : '/pages/login');
  const [name, password] = USERS[user];
  await page.getByLabel('E-mail or username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in derives the offline verifier before the app moves on (seconds on a busy machine):
  // one generous wait here, so callers' own URL checks start from a signed-in page.
  await expect(page).not.toHaveURL(/\/pages\/login/, { timeout: 60_000 });
}

export async function storageOf(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
}

/**
 * The door to a server: a TCP relay on the server's public port. `close()` refuses every new
 * connection and drops the open ones (to the browser and its service worker, exactly as if the
 * server had gone), `open()` lets them through again; the server itself keeps running, so the
 * network comes back at once instead of after a server start (tens of seconds on a busy machine).
 */
class Gate {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    private readonly port: number,
    private readonly target: number,
  ) {}
  get isOpen() {
    return !!this.server;
  }
  async open() {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, resolve);
    });
    this.server = server;
  }
  async close() {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }
}

/**
 * A FAMS server the test owns (not the suite's shared one), so a test can cut it off for the
 * service worker too: `context.setOffline` does not stop service-worker fetches. With `gate`, the
 * server listens on a private port behind a relay on `port` that `cut()` closes and `restore()`
 * opens again (see Gate); without, `stop()` is the way. A fresh start copies one of the run's
 * seeded templates (`templates.ts`); by default the demo fleet without its year of records, which
 * the offline tests do not need.
 */
export class OwnServer {
  private proc?: ChildProcess;
  readonly dataDir: string;
  private readonly template: Template;
  private readonly script: string;
  private readonly gate?: Gate;
  /** Where the server process itself listens (behind the gate, if there is one). */
  private readonly innerPort: number;
  constructor(
    readonly port: number,
    opts: { template?: Template; dataDir?: string; script?: string; gate?: boolean } = {},
  ) {
    this.dataDir = opts.dataDir ?? path.join(os.tmpdir(), `fams-e2e-own-${port}`);
    this.template = opts.template ?? 'fleet';
    this.script = opts.script ?? 'server/main.ts';
    this.innerPort = opts.gate ? port + 50 : port;
    if (opts.gate) this.gate = new Gate(port, this.innerPort);
  }
  get url() {
    return `http://localhost:${this.port}`;
  }

  private async health(): Promise<number> {
    try {
      return (await fetch(`http://localhost:${this.innerPort}/api/v1/health`)).status;
    } catch {
      return 0;
    }
  }

  /** No connection gets through to the server (the browser sees it gone); it keeps running. */
  async cut() {
    if (!this.gate) throw new Error('cut() needs an OwnServer made with { gate: true }');
    await this.gate.close();
  }

  /** Connections get through again (the server never stopped). */
  async restore() {
    if (!this.gate) throw new Error('restore() needs an OwnServer made with { gate: true }');
    await this.gate.open();
  }

  /**
   * A server of an earlier worker on this data directory (a worker torn down after a failure can
   * leave its server behind) is ours to stop: its pid is in the directory's lock file.
   */
  private async stopLeftover() {
    const lock = path.join(this.dataDir, 'fams.lock');
    const pid = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : 0;
    // Only a process that really runs on this data directory (a stale lock's pid may be anyone's now).
    const env = (() => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      } catch {
        return [];
      }
    })();
    if (!pid || !env.includes(`DATA_DIR=${this.dataDir}`)) return;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const until = Date.now() + 60_000;
    while ((await this.health()) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  }

  async start(fresh = false) {
    if (await this.health()) await this.stopLeftover();
    if (await this.health()) throw new Error(`port ${this.innerPort} is already in use; set E2E_PORT to another port`);
    if (fresh) cloneDataDir(templateDir(this.template), this.dataDir);
    // Node itself runs the server (tsx as a loader, no tsx CLI in between), so the SIGTERM of
    // stop() reaches the server and nothing is left running when the worker goes.
    this.proc = spawn(process.execPath, [...startNodeOptions(), '--import', 'tsx', this.script], {
      env: { ...process.env, PORT: String(this.innerPort), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // A plain loop, not expect.poll: the global setup starts the suite's server outside any test.
    const until = Date.now() + 180_000;
    while ((await this.health()) !== 200) {
      if (this.proc.exitCode !== null)
        throw new Error(`the FAMS server on port ${this.port} exited with ${this.proc.exitCode}`);
      if (Date.now() > until) throw new Error(`the FAMS server on port ${this.port} did not answer within 180 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await this.gate?.open();
  }

  async stop() {
    await this.gate?.close();
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      // A server that does not finish its shutdown within a minute is killed; the next start on
      // its data directory stops the PostgreSQL it leaves (server/db/embedded.ts, stopLeftover).
      const kill = setTimeout(() => p.kill('SIGKILL'), 60_000);
      p.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      p.kill('SIGTERM');
    });
  }
}

/** The API called with this page's session (token and identity headers as the PWA sends them). */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const get = (s: Storage, k: string) => JSON.parse(s.getItem(k) ?? 'null');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        Authorization: `Bearer ${get(sessionStorage, 'accessToken')}`,
        userId: String(get(localStorage, 'userId')),
        accountId: String(get(localStorage, 'userAccountId')),
        accountKey: get(localStorage, 'userAccountKey'),
        userKey: get(localStorage, 'userKey'),
      };
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** The API as a demo user, outside the browser (the one way e2e tests prepare data). */
export interface UserApi {
  ctx: APIRequestContext;
  headers: Record<string, string>;
  /** Calls `/api/v1<path>` and expects a 2xx; answers the JSON. */
  call: (method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) => Promise<any>;
  dispose: () => Promise<void>;
}

/** Signs `user` in through the API; the session of `accountName` (default: the first not blocked). */
export async function apiAs(baseURL: string, user: DemoUser, accountName?: string): Promise<UserApi> {
  const ctx = await request.newContext({ baseURL });
  const [Username, Password] = USERS[user];
  const login = await ctx.post('/api/v1/FAMSlegacy/Authenticate', { data: { Username, Password } });
  expect(login.status(), `sign-in of ${user}`).toBe(200);
  const value = (
    (await login.json()) as {
      value: Array<{
        token: string;
        userKey: string;
        userRoles: { id: number };
        account: { accountId: number; accountKey: string; accountName: string; blocked: boolean };
      }>;
    }
  ).value;
  const item = value.find((v) => (accountName ? v.account.accountName === accountName : !v.account.blocked))!;
  const headers = {
    authorization: `Bearer ${item.token}`,
    userId: String(item.userRoles.id),
    accountId: String(item.account.accountId),
    accountKey: item.account.accountKey,
    userKey: item.userKey,
  };
  const call: UserApi['call'] = async (method, path, data) => {
    const res = await ctx[method](`/api/v1${path}`, { headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return { ctx, headers, call, dispose: () => ctx.dispose() };
}

/**
 * Checks that compare "today" across reads taken minutes apart (the server's totals before, the
 * page after) would see a store's midnight between them move every total. Call it before the first
 * read: within `windowMs` of the next local midnight of any of `timeZones`, it waits until that
 * midnight has passed (plus a few seconds), so the checks run inside one store day at any hour.
 * Returns the time waited.
 */
export function clearOfMidnight(timeZones: readonly string[], windowMs: number): Promise<number> {
  return clearOf(timeZones, windowMs, () => true);
}

/**
 * The same for checks that compare "last month" across reads (a report's preset period against
 * records made for it): waits only when the next local midnight of `timeZone` starts a new month.
 */
export function clearOfMonthEnd(timeZone: string, windowMs: number): Promise<number> {
  return clearOf([timeZone], windowMs, (nextDay) => nextDay.endsWith('-01'));
}

async function clearOf(timeZones: readonly string[], windowMs: number, counts: (nextDay: string) => boolean) {
  const now = Date.now();
  const midnights = [...new Set(timeZones)]
    .map((zone) => ({ zone, nextDay: addDays(localDate(new Date(now), zone), 1) }))
    .filter(({ nextDay }) => counts(nextDay))
    .map(({ zone, nextDay }) => zonedInstant(nextDay, 0, zone).getTime());
  const near = midnights.filter((m) => m - now < windowMs);
  const wait = near.length ? Math.max(...near) - now + 5_000 : 0;
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
  return wait;
}
