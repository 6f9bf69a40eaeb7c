import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ADR 017 (fourth pass): the shell and the field screens' first render import no zod. The record,
 * answer and reference schemas load with the first save, sync answer or reference refresh; a
 * static import of a contract module holding schemas would bring zod (~29 KiB gzip and its schema
 * construction) back into the phone's first download without any other test noticing.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const ROOTS = ['routes/_app.tsx', 'routes/_app/QuickDispense.tsx', 'features/dispensing/pages.tsx'];
/** What every page renders first (main.tsx's providers, the root and blank layouts) and the login page. */
const LOGIN_ROOTS = ['main.tsx', 'routes/__root.tsx', 'routes/_blank.tsx', 'routes/_blank/pages/login.tsx'];
/**
 * ADR 054: the signed-in shell (navbar, user and sync buttons, page header) is static CSS too;
 * ADR 062: and the field capture screens (the dispense form, its tabs, controls, recent records);
 * ADR 066: and the side menu, so a wide field screen loads no Chakra either.
 */
const PLAIN_ROOTS = [
  ...LOGIN_ROOTS,
  'routes/_app.tsx',
  'routes/_app/QuickDispense.tsx',
  'routes/_app/QuickDispense24.tsx',
  'routes/_app/DispensingTransfers.tsx',
  // The dip tab's form, a lazy chunk of /QuickDispense.
  'features/dispensing/DipForm.tsx',
  // ADR 066: the wide screen's side menu, a lazy chunk the router starts beside every wide page.
  'app/layouts/MainMenu.tsx',
];
/**
 * The route tree imports every route file (the router plugin splits their components off); the
 * roots above list what the page renders.
 */
const SKIP = new Set([path.join(SRC, 'routeTree.gen.ts')]);
/** ADR 047: Chakra's runtime styling (createSystem, emotion) loads only with an office screen or a dialog. */
const isChakra = (p: string) => p.startsWith('@chakra-ui/') || p.startsWith('@emotion/');

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const f = base + ext;
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

/** Static, value imports only: `import type …` is erased, `import()` is a chunk of its own. */
function staticImports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) out.push(m[1]);
  return out;
}

/** Each module reached, with the chain of imports that reached it. */
function reach(roots: string[]) {
  const via = new Map<string, string[]>();
  const queue: [string, string[]][] = roots.map((r) => [path.join(SRC, r), [r]]);
  const packages = new Map<string, string[]>();
  /** Every module's package imports, with the chain that reached the module. */
  const packageUses: [string, string[]][] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [file, chain] = next;
    if (via.has(file) || SKIP.has(file)) continue;
    via.set(file, chain);
    for (const spec of staticImports(file)) {
      const target = resolve(file, spec);
      if (target) queue.push([target, [...chain, path.relative(SRC, target)]]);
      else {
        packageUses.push([spec, chain]);
        if (!packages.has(spec)) packages.set(spec, chain);
      }
    }
  }
  return { modules: via, packages, packageUses };
}

describe('the field screens first download (ADR 017)', () => {
  it('imports no zod (schemas load with the first save, sync answer or refresh)', () => {
    const { packages } = reach(ROOTS);
    const zod = [...packages].filter(([p]) => p === 'zod' || p.startsWith('zod/'));
    expect(zod.map(([p, chain]) => `${p} ← ${chain.join(' ← ')}`)).toEqual([]);
  });

  it('imports no react-icons/lu (its 50 office icons are one chunk; field screens use app/ui/field-icons)', () => {
    const { packages } = reach(ROOTS);
    const lu = [...packages].filter(([p]) => p === 'react-icons/lu');
    expect(lu.map(([p, chain]) => `${p} ← ${chain.join(' ← ')}`)).toEqual([]);
  });

  it('imports neither Chakra nor emotion on the login page, in the signed-in shell and side menu and on the field screens (static CSS; ADR 047, 054, 062, 066)', () => {
    const { packageUses } = reach(PLAIN_ROOTS);
    const chakra = packageUses.filter(([p]) => isChakra(p));
    expect(chakra.map(([p, chain]) => `${p} ← ${chain.join(' ← ')}`)).toEqual([]);
  });

  it('follows the imports it should (the check is not empty)', () => {
    const { modules, packages } = reach(ROOTS);
    expect(modules.size).toBeGreaterThan(40);
    expect([...modules.keys()].some((f) => f.endsWith('lib/offline/sync.ts'))).toBe(true);
    expect(packages.has('dexie')).toBe(true);
  });
});
