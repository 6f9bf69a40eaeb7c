import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import { E2E_SCRYPT_LOG_N } from './tests/e2e/prepare';

/** e2e: the built app and real servers on fresh copies of the seeded demo database, in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
// The servers the suite starts inherit it: the cheaper password cost the templates were seeded with (prepare.ts).
process.env.SCRYPT_LOG_N ??= E2E_SCRYPT_LOG_N;
// Webhooks may post to the receivers the tests run on loopback (tests/e2e/integrations.spec.ts).
process.env.FAMS_WEBHOOK_ALLOW_PRIVATE ??= '1';
// Debian's headless shell (the old headless mode, which Playwright itself runs headless) when it is
// installed: the same Blink and V8 without the full browser's compositor and UI, ~25 % less e2e wall
// time on a busy 2-core machine (ADR 069). The full browser otherwise.
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  // Files run side by side (tests of one file in order), each worker on its own server: see
  // tests/e2e/fixtures.ts. E2E_WORKERS=1 runs them one after the other.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // Generous: a test must hold on a busy 2-core machine; a passing run is not slowed by it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Recording a trace of every test costs ~20 % of the suite's CPU; a failure's retry (CI) records one.
    trace: 'on-first-retry',
    // The service worker's first precache (~230 files) costs every new context CPU on a busy 2-core
    // machine; only the journeys about offline use allow it (offline-shell, field-support, the
    // offline dip in tanks).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Builds a stale app and seeds the templates the servers start from (tests/e2e/templates.ts).
  globalSetup: './tests/e2e/global-setup.ts',
});
