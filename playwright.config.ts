import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/** e2e: the built app and the real server on a fresh copy of the seeded demo database, in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA = path.join(os.tmpdir(), `fams-e2e-${E2E_PORT}`);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous: a test must hold on a busy 2-core machine; a passing run is not slowed by it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The suite's server: started by the global setup on a copy of the seeded demo year.
  globalSetup: './tests/e2e/global-setup.ts',
});
