/**
 * Report files (issue 13): time and peak memory to write a 20,000-row report as PDF and as XLSX,
 * through the same writers the endpoint uses (`server/lib/pdf-table.ts`, `xlsxStream`), into a
 * sink that counts bytes. The rows are made in batches as the writer asks for them, as the run's cursor
 * hands them (ADR 058; the query is not what is measured here).
 * Peak memory is the process's RSS above the baseline, sampled every 20 ms while a file is written.
 */
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadavg } from 'node:os';
import { linesOf, reportById } from '../src/contract/reports';
import { reportFile } from '../server/modules/reports/report-files';
import type { ReportResult } from '../server/modules/reports/reports.service';
import { table } from './lib';

const ROWS = Number(process.env.FAMS_BENCH_REPORT_ROWS ?? 20_000);
const mib = (n: number) => (n / 1024 / 1024).toFixed(1);

function result(): ReportResult {
  const decl = reportById('fuel-by-store-product')!;
  // Rows made as the writer asks for them, in batches as the run's cursor hands them (ADR 058).
  async function* batches() {
    for (let start = 0; start < ROWS; start += 1000)
      yield Array.from({ length: Math.min(1000, ROWS - start) }, (_, k) => {
        const i = start + k;
        return {
          store: `S${String(Math.floor(i / 50)).padStart(4, '0')}`,
          storeName: `Store number ${Math.floor(i / 50)}`,
          product: `P${i % 50}`,
          productName: `Product ${i % 50}`,
          dispenses: 10 + (i % 7),
          litres: 1234.5 + i,
          cost: 25000.25 + i,
        };
      });
  }
  return {
    decl,
    zone: 'Africa/Johannesburg',
    query: {
      accountId: 1,
      from: '2026-10-01',
      to: '2026-10-31',
      days: 30,
      today: '2026-11-24',
      zone: 'Africa/Johannesburg',
      filters: {},
    },
    lines: linesOf(decl, batches()),
    close: async () => {},
    exec: async () => [],
    // The PDF draws the report's chart above the table (ADR 064): 40 stores' bars, as the run's query sums them.
    chart: async () => ({
      kind: 'bar' as const,
      x: 'Store',
      y: 'Litres',
      points: Array.from({ length: 40 }, (_, i) => ({ x: `S${String(i).padStart(4, '0')}`, y: 60_000 + 1_250 * i })),
    }),
    run: {
      report: decl.id,
      title: decl.title,
      from: '2026-10-01',
      to: '2026-10-31',
      generatedAt: new Date().toISOString(),
      rowCount: ROWS,
    },
  };
}

async function measure(name: string, make: () => Readable) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pipeline(
    make(),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    file: name,
    rows: ROWS,
    ms: Math.round(ms),
    // CPU time of this process (user + system): what the writer costs, less sensitive to a busy machine.
    'CPU ms': Math.round((cpu.user + cpu.system) / 1000),
    'size MiB': mib(bytes),
    'peak RSS above start MiB': mib(peak - base),
  };
}

export async function run() {
  const heading = { account: 'Bench account', parameters: '2026-10-01 to 2026-10-31' };
  const out = [
    await measure('PDF (A4 landscape)', () => reportFile(result(), 'pdf', heading).stream),
    await measure('XLSX', () => reportFile(result(), 'xlsx', heading).stream),
  ];
  table(
    `Report files, ${ROWS.toLocaleString('en')} rows with subtotals (Node ${process.version}, load ${loadavg()[0].toFixed(1)})`,
    out,
  );
}
