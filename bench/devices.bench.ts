/**
 * Issue 9: 20 field devices syncing at once over loopback. Each device sends its outbox in 10-record
 * batches, one request after the other (as the sync engine does), all 20 in parallel against one server
 * holding the demo year; the devices share the demo tanks, so their batches meet on the same
 * `tank_stock` rows. Bounded: BATCHES requests per device, and the run stops starting new requests
 * after MAX_MS. Prints request latency percentiles (goal: p99 < 500 ms) and the CPU the server and its
 * database spent per request (and the Node process's share of it), which the neighbours on a shared
 * machine do not inflate. The server runs what a real node runs beside the API (pg-boss: gauge polls —
 * here against the demo's simulated consoles —, the stale check, autovacuum); its start-up jobs (the
 * sweeps and the integrity run, queued 30 s after start, `pastStartUpJobs`) are let finish before
 * measuring, and the background's own CPU, measured idle just before the load, is printed and also
 * taken off the per-request figure.
 */
import fs from 'node:fs';
import { buildDispenses, pastStartUpJobs, settle } from './ingest.bench';
import { benchDataDir, benchPort, ownCpuMs, table, treeCpuMs } from './lib';
import { apiSession, embeddedDbUrl, percentile, startServerProcess } from './server';

const DEVICES = 20;
const BATCH = 10;
const BATCHES = 30;
const MAX_MS = 120_000;
const IDLE_MS = 5_000;

export async function run() {
  const dir = benchDataDir('devices');
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServerProcess(dir, benchPort(8925));
  const up = performance.now();
  try {
    const admin = await apiSession(server.url, 'admin', 'admin123');
    const all = buildDispenses(await admin.get('/api/v1/reference'), DEVICES * BATCHES * BATCH, 'bench-devices');
    const headers = { ...admin.headers, 'content-type': 'application/json' };
    await settle(embeddedDbUrl(dir));
    // Warm-up: one request, so the first measured ones do not pay for lazy start-up work.
    await fetch(`${server.url}/api/v1/dispenses/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ records: [all.pop()] }),
    });

    // Past the start-up jobs (queued 30 s after start: the sweeps and the integrity run), then the
    // background's own CPU (pg-boss, gauge polls) while idle.
    await pastStartUpJobs(server.pid, up);
    const idle0 = treeCpuMs(server.pid);
    const i0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const backgroundPerS = (treeCpuMs(server.pid) - idle0) / ((performance.now() - i0) / 1000);

    const samples: number[] = [];
    /** The first request of each device meets cold database connections (their plans, caches). */
    const firstWave: number[] = [];
    const statuses: Record<string, number> = {};
    const cpu0 = treeCpuMs(server.pid);
    const node0 = ownCpuMs(server.pid);
    const t0 = performance.now();
    const device = async (d: number) => {
      for (let b = 0; b < BATCHES && performance.now() - t0 < MAX_MS; b++) {
        // Device d's records are every DEVICES-th one: its own equipment mix, interleaved in time.
        const records = Array.from({ length: BATCH }, (_, i) => all[(b * BATCH + i) * DEVICES + d]).filter(Boolean);
        const s = performance.now();
        const res = await fetch(`${server.url}/api/v1/dispenses/batch`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ records }),
        });
        const body = (await res.json()) as { results?: Array<{ status: string }> };
        samples.push(performance.now() - s);
        if (b === 0) firstWave.push(performance.now() - s);
        if (res.status !== 200) statuses[`HTTP ${res.status}`] = (statuses[`HTTP ${res.status}`] ?? 0) + 1;
        for (const r of body.results ?? []) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: DEVICES }, (_, d) => device(d)));
    const wallMs = performance.now() - t0;
    const cpuPerRequest = (treeCpuMs(server.pid) - cpu0) / samples.length;
    const nodePerRequest = (ownCpuMs(server.pid) - node0) / samples.length;
    const netPerRequest = Math.max(0, cpuPerRequest - (backgroundPerS * wallMs) / 1000 / samples.length);
    const ms = (v: number) => Math.round(v);
    table(
      `${DEVICES} devices in parallel, ${BATCH}-record batches, up to ${BATCHES} requests each (loopback, demo year loaded)`,
      [
        {
          requests: samples.length,
          records: samples.length * BATCH,
          'wall ms': ms(wallMs),
          'records/s': Math.round((samples.length * BATCH) / (wallMs / 1000)),
          'p50 ms': ms(percentile(samples, 50)),
          'p95 ms': ms(percentile(samples, 95)),
          'p99 ms': ms(percentile(samples, 99)),
          'max ms': ms(Math.max(...samples)),
          'p99 ms, first wave left out': ms(
            percentile(
              samples.filter((x) => !firstWave.includes(x)),
              99,
            ),
          ),
          'first wave max ms': ms(Math.max(...firstWave)),
          'server+db CPU ms/request': cpuPerRequest.toFixed(1),
          'of which Node': nodePerRequest.toFixed(1),
          'idle background CPU ms/s': Math.round(backgroundPerS),
          'CPU ms/request less background': netPerRequest.toFixed(1),
          result: JSON.stringify(statuses),
        },
      ],
    );
    // With the devices always waiting on the server, a request waits for the others' CPU: on two
    // idle cores a request's latency is about DEVICES × CPU per request / 2.
    process.stdout.write(
      `\nlatency on 2 otherwise idle cores ≈ ${DEVICES} × ${cpuPerRequest.toFixed(1)} ms / 2 = ${ms((DEVICES * cpuPerRequest) / 2)} ms\n`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time (ms) of the server's Node process alone (the rest of `treeCpuMs` is its database). */
