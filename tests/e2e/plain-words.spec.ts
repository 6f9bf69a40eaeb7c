import { expect, test, type Page } from './fixtures';
import { ROLE_CODES, satisfies } from '../../src/contract/access';
import { SCREENS, type Screen } from '../../src/contract/screens';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { signIn, type DemoUser } from './support';

/**
 * ADR 078: no implementation words on screen. Every built screen is opened as a user who may open
 * it — the demo admin for the account's screens, ThebigBoss (`boss`, in Demo Fuels) for the rest —
 * and its visible text (`document.body.innerText`, once the page's reads have settled) may not show
 * a snake_case identifier (a table, column, enum or error code), an `/api/` path, or a role code
 * where a role's name belongs. A few dialogs that show more words (the role picker) are opened too.
 * One browser context per user; the screens are reached through the router (no page load each).
 */

/** Genuine user data that looks like a code word. Keep it small, and say why. */
const ALLOWED: readonly RegExp[] = [
  // e-mail addresses are the users' own (a local part may be `first_last`)
  /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/,
];

const SNAKE = /\b[a-z]+(?:_[a-z0-9]+)+\b/g;
const API_PATH = /\/api\/[\w/{}:.-]*/g;
/** Role codes no sentence uses: shown anywhere, they are a code in place of a role's name. */
const CAMEL_ROLES = /\b(?:basicM|userM|userL|TheBoss|ThebigBoss)\b/g;
/**
 * The lower-case level codes are English words too: a run of role codes ("admin, ATG, FAMS" in a cell
 * or in brackets) with one of them is codes, a name before a comma ("Office user, FAMS") is not.
 */
const LEVEL_WORDS = new Set<string>(ROLE_CODES.filter((r) => /^[a-z]+$/.test(r)));
const ANY_ROLE = ROLE_CODES.join('|');
const ROLE_RUN = new RegExp(`(?<![\\w-]|[\\w-] )(?:${ANY_ROLE})(?:\\s*,\\s*(?:${ANY_ROLE}))+(?![\\w-])`, 'g');

/** The offending words of one screen's visible text. */
function codeWords(text: string): string[] {
  const found = new Set<string>();
  const tokens = text.split(/\s+/).filter(Boolean);
  const allowed = (word: string) =>
    tokens.some((t) => t.includes(word) && ALLOWED.some((a) => a.test(t.replace(/^[("'<]+|[)"'>,.;:]+$/g, ''))));
  for (const m of text.matchAll(SNAKE)) if (!allowed(m[0])) found.add(m[0]);
  for (const m of text.matchAll(API_PATH)) found.add(m[0]);
  for (const m of text.matchAll(CAMEL_ROLES)) found.add(m[0]);
  for (const m of text.matchAll(ROLE_RUN)) if (m[0].split(/\s*,\s*/).some((r) => LEVEL_WORDS.has(r))) found.add(m[0]);
  return [...found];
}

/** Dialogs with words of their own, opened on their screen after its own text was read. */
const OPENERS: Record<string, (page: Page) => Promise<void>> = {
  '/User': (page) =>
    page
      .getByRole('button', { name: /invite/i })
      .first()
      .click(),
  // An audited write's details: its fields in words.
  '/AuditLogs': async (page) => {
    for (const button of (await page.getByRole('button', { name: /Show details/ }).all()).slice(0, 2))
      await button.click();
  },
};

function rolesOf(user: DemoUser): string[] {
  const username = { admin: 'admin', boss: 'boss' }[user as 'admin' | 'boss'];
  return DEMO_USERS.find((u) => u.username === username)!.memberships.find((m) => m.account === 'Demo Fuels')!.roles;
}

/**
 * Waits until the screen is the one asked for and its reads are done: no request in flight and no
 * `aria-busy` element for 300 ms, at most `maxMs` (a screen that keeps polling is read as it is).
 */
async function settle(page: Page, inflight: Set<unknown>, maxMs = 6_000) {
  const until = Date.now() + maxMs;
  let quietSince = 0;
  while (Date.now() < until) {
    const busy = inflight.size > 0 || (await page.locator('[aria-busy="true"]').count()) > 0;
    if (busy) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
    await page.waitForTimeout(50);
  }
}

async function walk(page: Page, screens: readonly Screen[], search: Record<string, string> = {}) {
  const inflight = new Set<unknown>();
  page.on('request', (r) => inflight.add(r));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  const problems: string[] = [];
  const timings: string[] = [];
  for (const screen of screens) {
    const started = Date.now();
    const to = screen.path + (search[screen.path] ?? '');
    // The router follows the history API (TanStack patches pushState), so no page load per screen.
    await page.evaluate((href) => window.history.pushState({}, '', href), to);
    await page
      .waitForFunction((p) => location.pathname === p, screen.path, { timeout: 10_000 })
      .catch(() => {
        problems.push(`${screen.path}: did not open (at ${page.url()})`);
      });
    await settle(page, inflight);
    const views: [string, string][] = [[screen.path, await page.evaluate(() => document.body.innerText)]];
    const opener = OPENERS[screen.path];
    if (opener) {
      await opener(page);
      await settle(page, inflight);
      views.push([`${screen.path} (opened)`, await page.evaluate(() => document.body.innerText)]);
      await page.keyboard.press('Escape');
    }
    for (const [where, text] of views) {
      const words = codeWords(text);
      if (words.length) problems.push(`${where}: ${words.join(' | ')}`);
    }
    timings.push(`${screen.path} ${Date.now() - started} ms`);
  }
  return { problems, timings };
}

test('no screen shows table or column names, API paths or role codes', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const ready = SCREENS.filter((s) => s.ready);
  const admin = rolesOf('admin');
  const asAdmin = ready.filter((s) => satisfies(admin, s.rule));
  const asBoss = ready.filter((s) => !satisfies(admin, s.rule));
  expect(asAdmin.length + asBoss.length).toBe(ready.length);

  const problems: string[] = [];
  const timings: string[] = [];
  for (const [user, screens] of [
    ['admin', asAdmin],
    ['boss', asBoss],
  ] as const) {
    const ctx = await browser.newContext({
      baseURL,
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const page = await ctx.newPage();
    await signIn(page, user);
    if (user === 'boss') {
      // ThebigBoss belongs to several accounts: the demo account's screens.
      await expect(page).toHaveURL(/\/selectaccount/);
      await page.getByRole('button', { name: /Demo Fuels/ }).click();
    }
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    // Screens that show one account's record take the demo account's id.
    const accountId = await page.evaluate(() => localStorage.getItem('userAccountId') ?? '');
    const walked = await walk(page, screens, {
      '/ManageSubscription': `?accountId=${accountId}`,
      '/Account': `?id=${accountId}`,
    });
    problems.push(...walked.problems.map((p) => `${user} ${p}`));
    timings.push(...walked.timings.map((t) => `${user} ${t}`));
    await ctx.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'duration', description: `${ready.length} screens in ${seconds} s` });
  console.log(`plain words: ${ready.length} screens in ${seconds} s\n${timings.join('\n')}`);
  expect(problems, `code words on screen:\n${problems.join('\n')}`).toEqual([]);
});
