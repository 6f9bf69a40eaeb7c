import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNodeOptions } from '../scripts/node-options';

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

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Running {
  proc: ChildProcess;
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts what `npm start` starts (scripts/start.ts under Node with its options) on a data directory
 * and resolves when /api/v1/health answers; `proc` is the server's Node process.
 */
export async function startServer(dataDir: string, port: number): Promise<Running & { ms: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...startNodeOptions(), '--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/v1/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  return { proc, url, ms, stop };
}

/** Wall time of one call, in ms. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export const benchDataDir = (name: string) =>
  path.join(os.tmpdir(), `fams-bench-${name}${process.env.BENCH_PORT ? `-${process.env.BENCH_PORT}` : ''}`);

/** The bench's own port, or BENCH_PORT: engineers sharing a machine run the same bench at once. */
export const benchPort = (port: number) => Number(process.env.BENCH_PORT ?? port);

/** CPU time (ms) used so far by one process alone (for a server: Node, without its database). */
export function ownCpuMs(pid: number): number {
  const f = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * CPU time (ms) used so far by a process and everything it started (for a server: its embedded
 * PostgreSQL and the backends), from /proc. On a machine shared with other work, latency measures
 * the neighbours too; CPU per request does not.
 */
export function treeCpuMs(rootPid: number): number {
  const stats = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        // Fields after the command name (which may hold spaces) in parentheses.
        const f = fs
          .readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ');
        return [
          {
            pid: Number(pid),
            ppid: Number(f[1]),
            ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
          },
        ];
      } catch {
        return []; // exited meanwhile
      }
    });
  const children = new Map<number, typeof stats>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      ticks += c.ticks;
      walk(c.pid);
    }
  };
  ticks += stats.find((s) => s.pid === rootPid)?.ticks ?? 0;
  walk(rootPid);
  return ticks * 10; // USER_HZ is 100 on Linux
}
