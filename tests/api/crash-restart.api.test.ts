import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { DEMO, session } from './harness';

/**
 * Issue 10: kill -9 of FAMS' Node process in the middle of ingest leaves its embedded PostgreSQL
 * running. The next start on the same data directory must come up on the first try, and every
 * record the server acknowledged must be there. A real `server/main.ts` process (one process:
 * `node --import tsx`, so SIGKILL hits the server itself), not the in-process test server.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-crash-'));
fs.chmodSync(dataDir, 0o755);
let proc: ChildProcess | undefined;
afterAll(async () => {
  if (proc && proc.exitCode === null && proc.signalCode === null)
    await new Promise((r) => {
      proc!.once('exit', r);
      proc!.kill('SIGTERM');
    });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<{ base: string; exited: () => number | string | null }> {
  let stderr = '';
  proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      FAMS_DEMO_HISTORY: '0',
      FAMS_GAUGE_SIMULATOR: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const p = proc;
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (p.exitCode !== null || p.signalCode !== null)
          throw new Error(`FAMS exited (${p.exitCode}) during start: ${stderr}`);
        try {
          return (await fetch(`${base}/api/v1/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200);
  return { base, exited: () => p.exitCode ?? p.signalCode };
}

it('after SIGKILL during ingest the next start is healthy at once and every acknowledged record is there', async () => {
  const port = await freePort();
  const first = await start(port);
  const driver = await session(first.base, ...DEMO.driver);
  const ref = (await driver.get('/api/v1/reference')).body;
  const tank = ref.tanks[0];
  const equipment = ref.equipment.filter((e: { active: boolean }) => e.active);
  const batch = () =>
    Array.from({ length: 20 }, (_, i) => ({
      id: crypto.randomUUID(),
      variant: 'FAMS',
      storeId: tank.storeId,
      tankId: tank.id,
      equipmentId: equipment[i % equipment.length].id,
      litres: 10 + i,
      dispensedAt: new Date().toISOString(),
      deviceId: 'crash-test',
    }));

  // Batches one after another; the process is killed while one is in flight.
  const acknowledged: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    const records = batch();
    const res = await driver.send('POST', '/api/v1/dispenses/batch', { records });
    expect(res.status).toBe(200);
    acknowledged.push(...records);
  }
  const inFlight = driver.send('POST', '/api/v1/dispenses/batch', { records: batch() }).catch(() => null);
  await new Promise((r) => setTimeout(r, 5));
  proc!.kill('SIGKILL');
  await inFlight;
  await expect.poll(() => first.exited()).not.toBeNull();

  const second = await start(port);
  expect(second.exited()).toBeNull();
  const again = await session(second.base, ...DEMO.driver);
  const replay = await again.send('POST', '/api/v1/dispenses/batch', { records: acknowledged });
  expect(replay.status).toBe(200);
  expect(new Set(replay.body.results.map((r: { status: string }) => r.status))).toEqual(new Set(['duplicate']));
}, 240_000);
