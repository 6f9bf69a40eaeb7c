import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** Prints rows as an aligned table. */
export function table(title: string, rows: Record<string, string | number>[]) {
  process.stdout.write(`\n${title}\n`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const w = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(w[i])).join('  ');
  process.stdout.write(line(cols) + '\n' + line(w.map((n) => '-'.repeat(n))) + '\n');
  for (const r of rows) process.stdout.write(line(cols.map((c) => String(r[c]))) + '\n');
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Running { proc: ChildProcess; url: string; stop: () => Promise<void> }

/** Starts `npm start`'s entry on a data directory and resolves when /api/v1/health answers. */
export async function startServer(dataDir: string, port: number): Promise<Running & { ms: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/v1/health`);
      if (r.ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  const stop = () => new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
  return { proc, url, ms, stop };
}

export const benchDataDir = (name: string) => path.join(os.tmpdir(), `fams-bench-${name}`);
