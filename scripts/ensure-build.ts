/**
 * Builds the PWA when `dist/` is missing or older than its sources (`FAMS_SKIP_BUILD=1`: never).
 * Used by `npm start` and by the e2e global setup, so neither serves a stale app.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package.json'];

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function ensureBuild(): void {
  const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
  if (process.env.FAMS_SKIP_BUILD === '1' || built >= Math.max(...SOURCES.map(newest))) return;
  process.stdout.write('Building the app (first start or sources changed)…\n');
  const r = spawnSync(
    process.execPath,
    [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
