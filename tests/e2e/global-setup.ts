import { ensureBuild } from '../../scripts/ensure-build';
import { prepareTemplates } from './prepare';

/**
 * Builds the app when stale and seeds this run's templates unless fresh ones are there
 * (`prepare.ts`); each worker's server then starts on a copy (`fixtures.ts`), never re-seeding.
 */
export default function globalSetup() {
  ensureBuild();
  prepareTemplates();
}
