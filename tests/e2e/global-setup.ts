import { spawnSync } from 'node:child_process';
import { E2E_DATA, E2E_PORT } from '../../playwright.config';
import { OwnServer } from './support';
import { cloneDataDir, templateDir, templatesRoot } from './templates';

/**
 * Seeds this run's templates once (`seed-templates.ts`), then starts the suite's server on a copy
 * of the demo year. Not Playwright's `webServer`: that starts before any global setup, so it
 * could not start from a template.
 */
export default async function globalSetup() {
  const seeded = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/e2e/seed-templates.ts', templatesRoot()], { stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error(`seeding the e2e templates failed (exit ${seeded.status})`);
  cloneDataDir(templateDir('year'), E2E_DATA);
  const server = new OwnServer(E2E_PORT, { dataDir: E2E_DATA, script: 'scripts/start.ts' });
  await server.start();
  return () => server.stop();
}
