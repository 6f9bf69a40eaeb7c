import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { templatesRoot } from './templates';

/**
 * Seeds this run's templates (`seed-templates.ts`) unless a fresh set is already there. `npm test`
 * seeds them while the API tests run (`npm run e2e:prepare`), so the e2e global setup finds them
 * ready instead of seeding on the e2e's clock. Fresh = seeded from the same migrations and seed
 * code, and recently: the demo year is laid out relative to the hour it was seeded (its "today"),
 * so an old template would not match what the tests expect of today.
 */
const MAX_AGE_MS = 30 * 60_000;
/**
 * Test-only password cost (as the API tests): the demo users' hashes are made at seeding, and every
 * e2e sign-in verifies one; 2^17 costs ~0.3 s of a core each, which the suite does not need to prove.
 */
export const E2E_SCRYPT_LOG_N = '12';
/** The seed, and the ingest its judged fills go through (ADR 068). */
const SEED_INPUTS = [
  'server/db/migrations',
  'server/seed',
  'server/modules/dispensing',
  'server/modules/exceptions',
  'tests/e2e/seed-templates.ts',
];

function filesUnder(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)));
}

/** What the templates were seeded from: the seed's and migrations' file contents. */
export function seedFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const file of SEED_INPUTS.flatMap(filesUnder)) hash.update(file).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

const markerPath = () => path.join(templatesRoot(), 'seeded.json');

export function templatesFresh(now = Date.now()): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(markerPath(), 'utf8')) as { fingerprint: string; at: number };
    return marker.fingerprint === seedFingerprint() && now - marker.at < MAX_AGE_MS && now >= marker.at;
  } catch {
    return false;
  }
}

export function prepareTemplates(): void {
  if (templatesFresh()) return;
  const at = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'tests/e2e/seed-templates.ts', templatesRoot()],
    { stdio: 'inherit', env: { ...process.env, SCRYPT_LOG_N: process.env.SCRYPT_LOG_N ?? E2E_SCRYPT_LOG_N } },
  );
  if (seeded.status !== 0) throw new Error(`seeding the e2e templates failed (exit ${seeded.status})`);
  fs.writeFileSync(markerPath(), JSON.stringify({ fingerprint: seedFingerprint(), at }));
}

if (import.meta.url === `file://${process.argv[1]}`) prepareTemplates();
