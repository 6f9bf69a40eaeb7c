import { expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const USERS = {
  admin: ['admin', 'admin123'], manager: ['manager', 'manager1'], editor: ['editor', 'editor12'],
  driver: ['driver', 'driver1'], attendant: ['attendant', 'attend24'], viewer: ['viewer', 'viewer12'],
  multi: ['multi', 'multi123'], boss: ['boss', 'boss1234'],
} as const;
export type DemoUser = keyof typeof USERS;

/** Where each demo user lands after sign-in: drivers and attendants on their Quick dispense. */
export const LANDING: Record<DemoUser, RegExp> = {
  admin: /\/dashboard\/analytics$/, manager: /\/dashboard\/analytics$/, editor: /\/dashboard\/analytics$/,
  driver: /\/QuickDispense$/, attendant: /\/QuickDispense24$/, viewer: /\/dashboard\/analytics$/,
  multi: /\/dashboard\/analytics$/, boss: /\/dashboard\/analytics$/,
};

/** Fills the login form and submits it with the button. */
export async function signIn(page: Page, user: DemoUser, opts: { goto?: boolean } = {}) {
  if (opts.goto !== false) await page.goto('/pages/login');
  const [name, password] = USERS[user];
  await page.getByLabel('E-mail or username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function storageOf(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
}

/**
 * A FAMS server the test owns (not Playwright's webServer), so a test can stop it to cut the
 * network for the service worker too: `context.setOffline` does not stop service-worker fetches.
 */
export class OwnServer {
  private proc?: ChildProcess;
  readonly dataDir: string;
  constructor(readonly port: number) {
    this.dataDir = path.join(os.tmpdir(), `fams-e2e-own-${port}`);
  }
  get url() { return `http://localhost:${this.port}`; }

  async start(fresh = false) {
    if (fresh) fs.rmSync(this.dataDir, { recursive: true, force: true });
    this.proc = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
      // The offline tests need the demo fleet, not its year of history (which takes ~25 s to seed).
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', FAMS_DEMO_HISTORY: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect.poll(async () => {
      try { return (await fetch(`${this.url}/api/v1/health`)).status; } catch { return 0; }
    }, { timeout: 120_000, intervals: [100, 250, 500] }).toBe(200);
  }

  async stop() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => { p.once('exit', () => resolve()); p.kill('SIGTERM'); });
  }
}

/** The API called with this page's session (token and identity headers as the PWA sends them). */
export async function apiFromPage<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(async ({ method, path, body }) => {
    const get = (s: Storage, k: string) => JSON.parse(s.getItem(k) ?? 'null');
    const headers: Record<string, string> = {
      'content-type': 'application/json', Authorization: `Bearer ${get(sessionStorage, 'accessToken')}`,
      userId: String(get(localStorage, 'userId')), accountId: String(get(localStorage, 'userAccountId')),
      accountKey: get(localStorage, 'userAccountKey'), userKey: get(localStorage, 'userKey'),
    };
    const res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  }, { method, path, body }) as Promise<{ status: number; body: T }>;
}
