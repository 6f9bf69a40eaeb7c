/**
 * Import throughput and the server's memory (issue 3): equipment CSVs of 10,000 and 100,000 rows
 * through the API (upload → run → poll until done), then the 100,000 again (every row unchanged).
 * Peak RSS is the server process's VmHWM, reset before each run, beside the file size: it should
 * not grow with the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { benchDataDir, table } from './lib';
import { apiSession, memoryMb, resetPeak, startServerProcess } from './server';

const TYPES = ['VOL-FH16', 'SCA-R500', 'MB-ACT', 'MAN-TGS', 'CAT-320'];
const STORES = ['JHB01', 'PTA01', 'DBN01', 'CPT01'];

/** A generated fleet file, written as a stream; every other row has a tag. */
async function writeCsv(file: string, prefix: string, rows: number) {
  const out = fs.createWriteStream(file);
  const write = (s: string) => new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once('drain', resolve)));
  await write(
    'Fleet no.,Registration,Description,Type code,Cost centre code,Current meter,Tags,Home store code,Active\n',
  );
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(6, '0');
    await write(
      `${prefix}-${n},${prefix} ${n},Imported truck ${i},${TYPES[i % TYPES.length]},CC0${1 + (i % 9)},${i * 7},` +
        `${i % 2 ? `${prefix}T${n}` : ''},${STORES[i % STORES.length]},yes\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

type Api = Awaited<ReturnType<typeof apiSession>>;

async function importOnce(url: string, api: Api, pid: number, file: string, label: string) {
  const size = fs.statSync(file).size;
  resetPeak(pid);
  const before = memoryMb(pid, 'VmRSS');
  let polledMax = before;
  const t0 = performance.now();
  const up = await fetch(`${url}/api/v1/imports?target=equipment&fileName=${path.basename(file)}`, {
    method: 'POST',
    headers: { ...api.headers, 'content-type': 'text/csv' },
    body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const job = (await up.json()) as { id: string; mapping: Record<string, string | null> };
  const uploaded = performance.now();
  await api.post(`/api/v1/imports/${job.id}/run`, { mapping: job.mapping });
  let done: any;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    polledMax = Math.max(polledMax, memoryMb(pid, 'VmRSS'));
    done = await api.get(`/api/v1/imports/${job.id}`);
    if (done.status === 'done' || done.status === 'failed') break;
  }
  const end = performance.now();
  const secs = (end - uploaded) / 1000;
  return {
    run: label,
    rows: done.rowsRead.toLocaleString('en'),
    'file MB': (size / 1024 / 1024).toFixed(1),
    'upload s': ((uploaded - t0) / 1000).toFixed(1),
    'import s': secs.toFixed(1),
    'rows/s': Math.round(done.rowsRead / secs).toLocaleString('en'),
    'created/updated/unchanged/failed': `${done.created}/${done.updated}/${done.unchanged}/${done.failed}`,
    'RSS before MB': before,
    'peak RSS MB': Math.max(memoryMb(pid, 'VmHWM'), polledMax),
  };
}

export async function run() {
  const dir = benchDataDir('imports');
  fs.rmSync(dir, { recursive: true, force: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-bench-files-'));
  const srv = await startServerProcess(dir, 8932);
  try {
    const api = await apiSession(srv.url, 'admin', 'admin123');
    const small = path.join(tmp, 'fleet-10k.csv');
    const big = path.join(tmp, 'fleet-100k.csv');
    await writeCsv(small, 'S', 10_000);
    await writeCsv(big, 'B', 100_000);
    const rows = [
      await importOnce(srv.url, api, srv.pid, small, '10,000 new'),
      await importOnce(srv.url, api, srv.pid, big, '100,000 new'),
      await importOnce(srv.url, api, srv.pid, big, '100,000 again (unchanged)'),
    ];
    table(
      `Equipment import through the API (chunks of 500 rows; server pid ${srv.pid}, Node ${process.version}, ${os.cpus().length} CPUs)`,
      rows,
    );
  } finally {
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
