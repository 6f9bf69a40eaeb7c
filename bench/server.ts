/**
 * Helpers of the data benchmarks (lists, imports): a server process whose pid is the Node process
 * itself (so its memory can be read from /proc), its database, and a signed-in API client.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startNodeOptions } from '../scripts/node-options';
import { type Running } from './lib';

/**
 * Starts server/main.ts directly under Node (`--import tsx`) with `npm start`'s Node options:
 * `proc.pid` is the server. BENCH_NODE_ARGS adds Node options to the server alone, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node refuses `--cpu-prof` in NODE_OPTIONS).
 */
export async function startServerProcess(dataDir: string, port: number): Promise<Running & { pid: number }> {
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...startNodeOptions(), ...extra, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  return { proc, url, stop, pid: proc.pid! };
}

/** The embedded cluster's URL: its port is line 4 of postmaster.pid (server/db/embedded.ts). */
export function embeddedDbUrl(dataDir: string): string {
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgres://postgres:fams-local@127.0.0.1:${port}/fams`;
}

/**
 * Signs in and returns fetch helpers carrying the token and the identity headers: for the user's
 * first account, or for `account` (by name) of a user with several.
 */
export async function apiSession(url: string, username: string, password: string, account?: string) {
  const res = await fetch(`${url}/api/v1/FAMSlegacy/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: username, Password: password }),
  });
  const item = (
    (await res.json()) as {
      value: {
        token: string;
        userKey: string;
        userRoles: { id: number };
        account: { accountId: number; accountKey: string; accountName: string };
      }[];
    }
  ).value.find((v) => account === undefined || v.account.accountName === account);
  if (!item) throw new Error(`${username} has no account ${account}`);
  const headers = {
    authorization: `Bearer ${item.token}`,
    userId: String(item.userRoles.id),
    accountId: String(item.account.accountId),
    accountKey: item.account.accountKey,
    userKey: item.userKey,
  };
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(url + p, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<any>;
  };
  return {
    headers,
    accountId: item.account.accountId,
    get: (p: string) => call('GET', p),
    post: (p: string, body: unknown) => call('POST', p, body),
  };
}

/** The p-th percentile (0–100) of the samples, nearest rank. */
export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Resident memory of a process in MB: `VmRSS` now or `VmHWM` (peak since the last reset). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  return Math.round(Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024);
}

/** Resets a process's VmHWM to its current RSS (Linux: clear_refs 5), so the next peak is the import's own. */
export function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not permitted: the peak then includes start-up */
  }
}
