import fs from 'node:fs';

/**
 * Node's own options of `npm start` (its `--max-…` flags, ADR 067), read from package.json, so the
 * benches and the e2e servers run the server as it runs in use. Read from the working directory:
 * both run from the repository's root.
 */
export function startNodeOptions(): string[] {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(' ').filter((a) => a.startsWith('--max-'));
}
