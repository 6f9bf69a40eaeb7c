import { spawnSync } from 'node:child_process';
import { ensureBuild } from '../../scripts/ensure-build';
import { templatesRoot } from './templates';

/**
 * Builds the app when stale and seeds this run's templates once (`seed-templates.ts`); each
 * worker's server then starts on a copy (`fixtures.ts`), never re-seeding.
 */
export default function globalSetup() {
  ensureBuild();
  const seeded = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'tests/e2e/seed-templates.ts', templatesRoot()],
    { stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error(`seeding the e2e templates failed (exit ${seeded.status})`);
}
