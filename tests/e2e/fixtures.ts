import { test as base } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { OwnServer } from './support';

export * from '@playwright/test';

const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The suite's `test`: each worker runs its own FAMS server on a copy of the seeded demo year
 * (`templates.ts`), so workers run side by side without seeing each other's records, and
 * `baseURL` points at it. Ports: E2E_PORT + 10 + the worker's slot (tests that own a server use
 * E2E_PORT + 2, + 5 and + 6).
 */
export const test = base.extend<object, { suiteServer: OwnServer }>({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  suiteServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, worker) => {
      const slot = worker.parallelIndex;
      const server = new OwnServer(BASE_PORT + 10 + slot, {
        template: 'year',
        dataDir: path.join(os.tmpdir(), `fams-e2e-${BASE_PORT}-w${slot}`),
      });
      await server.start(true);
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ suiteServer }, provide) => provide(suiteServer.url),
});
