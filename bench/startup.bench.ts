/** Time from `npm start` to a healthy server on an existing data directory (issue 2). */
import fs from 'node:fs';
import { benchDataDir, startServer, table } from './lib';

export async function run() {
  const dir = benchDataDir('startup');
  fs.rmSync(dir, { recursive: true, force: true });
  const first = await startServer(dir, 8911);
  await first.stop();
  const rows: Record<string, string | number>[] = [
    { run: 'first (initdb + migrate + seed)', 'ms to healthy': Math.round(first.ms) },
  ];
  for (let i = 1; i <= 3; i++) {
    const s = await startServer(dir, 8911);
    rows.push({ run: `existing data #${i}`, 'ms to healthy': Math.round(s.ms) });
    await s.stop();
  }
  table('Start-up: npm start → GET /api/v1/health = 200', rows);
  fs.rmSync(dir, { recursive: true, force: true });
}
