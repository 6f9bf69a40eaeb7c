/**
 * Issue 5: tank readings ingested per second, in batches of 500 —
 *  1. through `storeReadings` (THE reading store: strapping-chart conversion, 15 °C correction,
 *     ullage, idempotent insert, exception checks), called in-process on the server's database;
 *  2. through `POST /api/v1/gauges/readings` (device-key check, validation, the same store);
 *  3. a bare multi-row `INSERT … ON CONFLICT DO NOTHING` of the same computed rows into a scratch
 *     copy of `tank_readings`, as the floor;
 * plus a replay of (2) (every reading a duplicate).
 */
import fs from 'node:fs';
import pg from 'pg';
import { MAX_PUSH_READINGS, deviceAuthorization } from '../src/contract/gauges';
import type { StrappingPoint } from '../src/contract/setup/strapping';
import { connect } from '../server/db/client';
import { storeReadings, type ReadingInput } from '../server/modules/gauges/readings.service';
import { benchDataDir, table } from './lib';
import { apiSession, embeddedDbUrl, startServerProcess } from './server';

const N = 20_000;
const PORT = 8305;

interface Tank {
  id: string;
  code: string;
  capacity: number;
  strappingChart: StrappingPoint[] | null;
}

/** N readings over the tanks (heights inside each chart), one a minute per tank, from `start`. */
function readings(tanks: Tank[], n: number, start: number): { tankNumber: number; input: ReadingInput }[] {
  return Array.from({ length: n }, (_, i) => {
    const k = i % tanks.length;
    const chart = tanks[k].strappingChart!;
    const top = chart[chart.length - 1].heightMm;
    const height = Math.round((0.2 + 0.6 * (((i * 7919) % 1000) / 1000)) * top);
    return {
      tankNumber: k + 1,
      input: {
        tankId: tanks[k].id,
        readAt: new Date(start + Math.floor(i / tanks.length) * 60_000),
        source: 'gauge',
        productHeightMm: height,
        waterHeightMm: 5,
        temperatureC: 10 + (i % 20),
      },
    };
  });
}

const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));

export async function run() {
  const dir = benchDataDir('readings');
  fs.rmSync(dir, { recursive: true, force: true });
  // No year of history, no demo consoles (their polls would write too), no push rate limit.
  Object.assign(process.env, { FAMS_DEMO_HISTORY: '0', FAMS_GAUGE_SIMULATOR: '0', FAMS_PUSH_RATE_LIMIT: '100000' });
  const server = await startServerProcess(dir, PORT);
  const database = connect(embeddedDbUrl(dir), 4);
  try {
    const boss = await apiSession(server.url, 'boss', 'boss1234', 'Demo Fuels');
    const ref = (await boss.get('/api/v1/reference')) as { tanks: Tank[] };
    const tanks = ref.tanks.filter((t) => t.strappingChart && t.strappingChart.length >= 2);

    // 1. storeReadings in-process, 500 a call (each call its own transaction).
    const direct = readings(tanks, N, Date.UTC(2024, 0, 1));
    let t0 = performance.now();
    let created = 0;
    for (let i = 0; i < N; i += MAX_PUSH_READINGS) {
      const out = await storeReadings(
        database.db,
        boss.accountId,
        direct.slice(i, i + MAX_PUSH_READINGS).map((r) => r.input),
      );
      created += out.filter((r) => r.status === 'created').length;
    }
    const directMs = performance.now() - t0;
    if (created !== N) throw new Error(`storeReadings created ${created} of ${N}`);

    // 2. The push endpoint, a device mapping every tank as 1…n.
    const device = await boss.post('/api/v1/gauge-devices', {
      name: `Bench gateway ${Date.now()}`,
      protocol: 'http_push',
      pollIntervalS: 3600,
      tankMap: tanks.map((t, i) => ({ tankNumber: i + 1, tankId: t.id })),
    });
    const auth = deviceAuthorization(device.id, device.key);
    const pushed = readings(tanks, N, Date.UTC(2024, 6, 1)).map((r) => ({
      tankNumber: r.tankNumber,
      readAt: r.input.readAt.toISOString(),
      productHeightMm: r.input.productHeightMm,
      waterHeightMm: r.input.waterHeightMm,
      temperatureC: r.input.temperatureC,
    }));
    const push = async () => {
      const counts = { created: 0, duplicates: 0 };
      const start = performance.now();
      for (let i = 0; i < N; i += MAX_PUSH_READINGS) {
        const res = await fetch(`${server.url}/api/v1/gauges/readings`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ readings: pushed.slice(i, i + MAX_PUSH_READINGS) }),
        });
        if (res.status !== 200) throw new Error(`push ${i}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { created: number; duplicates: number };
        counts.created += body.created;
        counts.duplicates += body.duplicates;
      }
      return { ms: performance.now() - start, counts };
    };
    const first = await push();
    const replay = await push();

    // 3. The floor: the same computed rows, bare, into a scratch copy of the table.
    const client = new pg.Client({ connectionString: embeddedDbUrl(dir) });
    await client.connect();
    await client.query('drop table if exists bench_readings');
    await client.query(
      'create table bench_readings (like tank_readings including defaults including constraints including indexes)',
    );
    const cols = [
      'account_id',
      'id',
      'tank_id',
      'read_at',
      'source',
      'product_height_mm',
      'water_height_mm',
      'temperature_c',
      'gross_litres',
      'net_litres_15',
      'ullage_litres',
      'water_litres',
    ];
    const { rows: stored } = await client.query(
      `select ${cols.join(', ')} from tank_readings where account_id = $1 and read_at < '2024-06-01' limit ${N}`,
      [boss.accountId],
    );
    t0 = performance.now();
    for (let i = 0; i < stored.length; i += MAX_PUSH_READINGS) {
      const batch = stored.slice(i, i + MAX_PUSH_READINGS);
      const values = batch.flatMap((r) => cols.map((c) => r[c]));
      const tuples = batch.map((_, j) => `(${cols.map((__, k) => `$${j * cols.length + k + 1}`).join(',')})`);
      await client.query(
        `insert into bench_readings (${cols.join(',')}) values ${tuples.join(',')} on conflict do nothing`,
        values,
      );
    }
    const bareMs = performance.now() - t0;
    await client.query('drop table bench_readings');
    await client.end();

    const row = (path: string, ms: number, result: string) => ({
      path,
      readings: N,
      'batch size': MAX_PUSH_READINGS,
      ms: Math.round(ms),
      'readings/s': rate(N, ms),
      result,
    });
    table(`Tank readings, ${N} over ${tanks.length} tanks (heights → strapping chart → gross, 15 °C, ullage)`, [
      row('storeReadings (in-process)', directMs, `${created} created`),
      row('POST /api/v1/gauges/readings (new)', first.ms, JSON.stringify(first.counts)),
      row('POST /api/v1/gauges/readings (replay)', replay.ms, JSON.stringify(replay.counts)),
      row('bare INSERT … ON CONFLICT DO NOTHING (pg)', bareMs, `${stored.length} rows`),
    ]);
    process.stdout.write(
      `\nratio bare insert / storeReadings: ${(rate(N, bareMs) / rate(N, directMs)).toFixed(1)}×; storeReadings / push endpoint: ${(rate(N, directMs) / rate(N, first.ms)).toFixed(1)}×\n`,
    );
  } finally {
    await database.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
