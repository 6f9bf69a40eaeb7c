import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** package.json's version (the same the PWA is built with). */
export const APP_VERSION: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return process.env.npm_package_version ?? '0.0.0';
  }
})();

let commit: string | null | undefined;
/**
 * The git commit the server runs: `FAMS_COMMIT` when the build or the deployment sets it, else the
 * checkout's HEAD (asked once), else null (an installed copy without .git).
 */
export function appCommit(): string | null {
  if (commit !== undefined) return commit;
  commit = process.env.FAMS_COMMIT?.trim() || null;
  if (!commit) {
    try {
      commit =
        execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
          cwd: root,
          timeout: 2000,
          stdio: ['ignore', 'pipe', 'ignore'],
        })
          .toString()
          .trim() || null;
    } catch {
      commit = null;
    }
  }
  return commit;
}

export const STARTED_AT = new Date();
