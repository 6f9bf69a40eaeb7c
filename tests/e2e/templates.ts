import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Seeded data directories of this run (built by `global-setup.ts` with `seed-templates.ts`). */
export type Template = 'fleet' | 'year';

/** Per run port (E2E_PORT), so two checkouts can run their suites side by side. */
export function templatesRoot(): string {
  return path.join(os.tmpdir(), `fams-e2e-templates-${process.env.E2E_PORT ?? 8181}`);
}

export function templateDir(template: Template): string {
  return path.join(templatesRoot(), template);
}

/**
 * A fresh data directory as a copy of a stopped server's one: PostgreSQL's data directory is
 * relocatable, and a copy is seconds where seeding is tens of seconds. `cp -a` keeps owners and
 * modes: run as root, the cluster belongs to the `postgres` user and PostgreSQL refuses any other.
 */
export function cloneDataDir(from: string, to: string) {
  if (!fs.existsSync(path.join(from, 'postgres', 'PG_VERSION'))) throw new Error(`no seeded template at ${from}`);
  fs.rmSync(to, { recursive: true, force: true });
  execFileSync('cp', ['-a', from, to]);
  fs.rmSync(path.join(to, 'fams.lock'), { force: true });
}
