/**
 * `npm run bench [name…]`: runs the benchmarks in bench/*.bench.ts (all, or those named) and prints
 * their tables. Benchmarks measure; they never fail a build.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));
for (const f of files) {
  const mod = (await import(path.join(dir, f))) as { run: () => Promise<void> };
  process.stdout.write(`\n## ${f}\n`);
  await mod.run();
}
