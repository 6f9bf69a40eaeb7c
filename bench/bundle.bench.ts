/**
 * The built app's JavaScript per view, from dist/ alone (`npx vite build` first; no server, no
 * browser): the entry with its static imports (what index.html loads before any route), plus each
 * view's route chunks with their static imports, gzip -9. Lazy parts a view loads only on use
 * (the toaster, a chart) are not counted. The browser's view of the same is in pageload.bench.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { table } from './lib';

const DIST = 'dist';
const kb = (n: number) => (n / 1024).toFixed(1);

/** A chunk's static imports (`import … from "./x.js"` / `import "./x.js"`), not its `import()`s. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(DIST, 'assets', file), 'utf8');
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
}

function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

const sizeOf = (files: Iterable<string>) => {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = fs.readFileSync(path.join(DIST, 'assets', f));
    raw += b.length;
    gz += zlib.gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
};

/** The route chunk of a route file (autoCodeSplitting names it after the file). */
function routeChunk(name: string): string {
  const found = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => new RegExp(`^${name.replace('$', '\\$')}-[\\w-]{8}\\.js$`).test(f));
  if (found.length !== 1) throw new Error(`route chunk ${name}: ${found.join(', ') || 'none'}`);
  return found[0];
}

export async function run() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const shell = closure(entry);
  const views: [string, string[]][] = [
    ['/pages/login', ['_blank', 'login']],
    ['/QuickDispense (signed in)', ['_app', 'QuickDispense']],
    ['/QuickChartView (office)', ['_app', 'QuickChartView']],
  ];
  const rows: Record<string, string | number>[] = [];
  const s = sizeOf(shell);
  rows.push({ view: 'entry (every page)', files: shell.size, 'raw KiB': kb(s.raw), 'gzip KiB': kb(s.gz) });
  for (const [view, routes] of views) {
    const files = new Set([...shell, ...closure(routes.map(routeChunk))]);
    const v = sizeOf(files);
    rows.push({ view, files: files.size, 'raw KiB': kb(v.raw), 'gzip KiB': kb(v.gz) });
  }
  table('JavaScript per view from dist/ (goal: login ≤ 200, QuickDispense ≤ 250 KiB gzip)', rows);
  const biggest = [...shell]
    .map((f) => ({ file: f, ...sizeOf([f]) }))
    .sort((a, b) => b.gz - a.gz)
    .slice(0, 8);
  table(
    'Largest files of the entry',
    biggest.map((b) => ({ file: b.file, 'raw KiB': kb(b.raw), 'gzip KiB': kb(b.gz) })),
  );
}
