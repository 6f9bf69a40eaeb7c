/**
 * The GPS map's answer for a year of the demo (ADR 013's ~147,000 dispenses, those with GPS), as
 * the page asks for it (ADR 024): before, the latest 5,000 points unclustered (what the page got
 * until then, still the answer without `zoom`); after, grid clusters of the viewport at a zoom.
 * Time per request (p50, max) and the JSON body's size, raw and gzipped (the server compresses).
 * A fresh server with the demo year (its seeding takes a minute or two on 2 cores).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { benchDataDir, table } from './lib';
import { apiSession, percentile, startServerProcess } from './server';

const REQUESTS = 10;
const WARM_UP = 2;

const iso = (d: Date) => d.toISOString().slice(0, 10);

export async function run() {
  const dir = benchDataDir('gps');
  fs.rmSync(dir, { recursive: true, force: true });
  const t0 = performance.now();
  const srv = await startServerProcess(dir, 8941);
  const started = Math.round((performance.now() - t0) / 1000);
  try {
    const api = await apiSession(srv.url, 'editor', 'editor12');
    const to = new Date();
    const from = new Date(to.getTime() - 365 * 86_400_000);
    const year = `from=${iso(from)}&to=${iso(to)}`;
    const base = `/api/v1/views/gps?${year}`;
    const world = (await api.get(`${base}&zoom=0`)) as { total: number; extent: [number, number, number, number] };
    const [w, s, e, n] = world.extent;
    // The region and the town are around the fullest cluster (a depot), where a user would zoom in.
    const fitted = (await api.get(`${base}&zoom=5&bbox=${w - 1},${s - 1},${e + 1},${n + 1}`)) as {
      clusters: { lng: number; lat: number; count: number }[];
    };
    const busiest = [...fitted.clusters].sort((a, b) => b.count - a.count)[0] ?? { lng: (w + e) / 2, lat: (s + n) / 2 };
    const cx = busiest.lng;
    const cy = busiest.lat;
    const cases: [string, string][] = [
      ['before: latest 5,000 points (no zoom)', base],
      ['after: the whole world, zoom 2', `${base}&zoom=2&bbox=-180,-85,180,85`],
      ['after: fitted to the data, zoom 5', `${base}&zoom=5&bbox=${w - 1},${s - 1},${e + 1},${n + 1}`],
      ['after: a region, zoom 9', `${base}&zoom=9&bbox=${cx - 1.5},${cy - 0.7},${cx + 1.5},${cy + 0.7}`],
      ['after: a town, zoom 13', `${base}&zoom=13&bbox=${cx - 0.1},${cy - 0.05},${cx + 0.1},${cy + 0.05}`],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [label, path] of cases) {
      const url = srv.url + path;
      const get = async () => {
        const r = await fetch(url, { headers: api.headers });
        if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
        return r.text();
      };
      for (let i = 0; i < WARM_UP; i++) await get();
      const ms: number[] = [];
      let body = '';
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        body = await get();
        ms.push(performance.now() - t);
      }
      const b = JSON.parse(body) as { features: unknown[]; clusters: { count: number }[]; inView: number };
      rows.push({
        case: label,
        'p50 ms': percentile(ms, 50).toFixed(0),
        'max ms': Math.max(...ms).toFixed(0),
        'KiB raw': (body.length / 1024).toFixed(1),
        'KiB gzip': (zlib.gzipSync(body).length / 1024).toFixed(1),
        points: b.features.length,
        clusters: b.clusters.length,
        'in view': b.inView,
      });
    }
    table(
      `GPS map answer, one year (${iso(from)} – ${iso(to)}), ${world.total.toLocaleString('en')} GPS-stamped dispenses; server up with the demo year in ${started} s`,
      rows,
    );
  } finally {
    await srv.stop();
  }
}
