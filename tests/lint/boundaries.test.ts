import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout's rules are lint rules (docs/decisions/022-enforced-boundaries.md): these probes,
 * linted with the project's own eslint.config.js, show that `npm run lint` fails on each kind of
 * crossing. The probes do not exist on disk (lintText with a path); the cycle is two fixture files
 * that the normal lint ignores.
 */

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  // ignore: false so the fixtures, which the project's lint skips, are linted here.
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const boundary = (list: string[]) =>
  list.filter((m) => /^import-x\/no-restricted-paths|^no-restricted-imports/.test(m));

describe('lint boundaries', { timeout: 120_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const found = await problems(
      'src/features/records/probe.ts',
      "import { tankTitle } from '@/features/tanks/present';\nexport const t = tankTitle;\n",
    );
    expect(boundary(found)).toEqual([
      expect.stringMatching(
        /no-restricted-paths: .*"@\/features\/tanks\/present".*A feature does not import another feature/,
      ),
    ]);
  });

  it('lets a feature import its own files, src/lib and the contract', async () => {
    const found = await problems(
      'src/features/tanks/probe.ts',
      [
        "import { tankTitle } from './present';",
        "import { tankLabel } from '@/lib/reference/labels';",
        "import { satisfies } from '@/contract/access';",
        'export const all = [tankTitle, tankLabel, satisfies];',
        '',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('refuses src/lib importing a feature or the shell', async () => {
    const found = await problems(
      'src/lib/probe.ts',
      "import { tankTitle } from '@/features/tanks/present';\nimport { guard } from '@/app/guard';\nexport const all = [tankTitle, guard];\n",
    );
    expect(boundary(found)).toHaveLength(2);
    expect(found[0]).toMatch(/src\/lib is below the features/);
  });

  it('refuses src/contract importing anything but zod and itself', async () => {
    const found = await problems(
      'src/contract/probe.ts',
      [
        "import { z } from 'zod';",
        "import { satisfies } from './access';",
        "import { readFileSync } from 'node:fs';",
        "import { api } from '../lib/api';",
        'export const all = [z, satisfies, readFileSync, api];',
        '',
      ].join('\n'),
    );
    const crossing = boundary(found);
    expect(crossing.some((m) => m.startsWith('no-restricted-imports') && m.includes("'node:fs'"))).toBe(true);
    expect(crossing.some((m) => m.startsWith('import-x/no-restricted-paths') && m.includes('../lib/api'))).toBe(true);
    expect(crossing.some((m) => m.includes("'zod'") || m.includes('./access'))).toBe(false);
  });

  it('refuses the server importing the client side other than the contract', async () => {
    const found = await problems(
      'server/probe.ts',
      [
        "import { satisfies } from '../src/contract/access';",
        "import { api } from '../src/lib/api';",
        'export const all = [satisfies, api];',
        '',
      ].join('\n'),
    );
    expect(boundary(found)).toEqual([
      expect.stringMatching(/"\.\.\/src\/lib\/api".*The server takes only src\/contract/),
    ]);
  });

  it('refuses the service worker importing a feature', async () => {
    const found = await problems(
      'sw/probe.ts',
      "import { tankTitle } from '@/features/tanks/present';\nexport const t = tankTitle;\n",
    );
    expect(boundary(found)).toEqual([
      expect.stringMatching(/The service worker takes only src\/contract and src\/lib/),
    ]);
  });

  it('keeps Drizzle queries in the data layer of a server module', async () => {
    const query = "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n";
    const inRoutes = await problems('server/modules/tanks/probe.routes.ts', query);
    expect(inRoutes.filter((m) => m.startsWith('@typescript-eslint/no-restricted-imports'))).toEqual([
      expect.stringMatching(/Queries belong in a repository/),
    ]);
    expect(await problems('server/modules/tanks/probe.repository.ts', query)).toEqual([]);
    expect(await problems('server/modules/tanks/probe.sql.ts', query)).toEqual([]);
    // A type may be named anywhere.
    const typeOnly = "import type { SQL } from 'drizzle-orm';\nexport type Q = SQL;\n";
    expect(await problems('server/modules/tanks/probe.service.ts', typeOnly)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles(['tests/lint/fixtures/cycle/*.ts']);
    const cycles = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map(() => path.basename(r.filePath)),
    );
    expect(cycles.sort()).toEqual(['a.ts', 'b.ts']);
  });
});

describe('formatting', () => {
  // `npm run lint` ends with `prettier --check` (ADR 026): a file Prettier would rewrite fails it.
  it('finds an unformatted file, and the formatted form passes', async () => {
    const prettier = await import('prettier');
    const file = path.join(root, 'src/features/records/probe.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const messy = 'export const  t = {a:1,\n  b:"x"}\n';
    expect(await prettier.check(messy, options)).toBe(false);
    expect(await prettier.check(await prettier.format(messy, options), options)).toBe(true);
    const long = `export const list = [${Array.from({ length: 30 }, (_, i) => `'item${i}'`).join(', ')}];\n`;
    expect(await prettier.check(long, options)).toBe(false); // wider than 120 columns
  });
});
