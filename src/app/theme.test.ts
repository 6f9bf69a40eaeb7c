import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROPPED_PALETTES, RECIPE_KEYS, system } from './theme';

/** Every `import { … } from '@chakra-ui/react'` name in src/. */
function chakraImports(dir: string, out = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chakraImports(p, out);
    else if (/\.tsx?$/.test(entry.name)) {
      const src = fs.readFileSync(p, 'utf8');
      for (const m of src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
        for (const n of m[1].split(',')) {
          const name = n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name) out.add(name);
        }
      }
    }
  }
  return out;
}

/** Recipes a component pulls in through its parts (Checkbox → checkmark …). */
const INNER: Record<string, string[]> = {
  checkbox: ['checkmark'],
  radioGroup: ['radiomark'],
  inputGroup: ['inputAddon'],
  closeButton: ['button'],
  iconButton: ['button'],
};

describe('the trimmed Chakra theme (ADR 017)', () => {
  it('carries the recipe of every Chakra component the app imports', () => {
    const known = new Set([...Object.keys(allRecipes), ...Object.keys(allSlotRecipes)]);
    const missing: string[] = [];
    for (const name of chakraImports(path.resolve(import.meta.dirname, '..'))) {
      const key = name[0].toLowerCase() + name.slice(1);
      for (const k of [key, ...(INNER[key] ?? [])]) {
        if (known.has(k) && !system.hasRecipe(k)) missing.push(`${name} → ${k}`);
      }
    }
    expect(missing, 'add these recipes to src/app/theme.ts').toEqual([]);
  });

  it('carries every colour palette the app names', () => {
    const THEME_FILE = path.resolve(import.meta.dirname, 'theme.ts'); // names them to drop them
    const named: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && p !== THEME_FILE) {
          const src = fs.readFileSync(p, 'utf8');
          for (const palette of DROPPED_PALETTES) {
            // 'teal', "teal", teal.500, colorPalette="teal", {colors.teal.…}
            if (new RegExp(`['"\`{.]${palette}(?:['"\`}]|\\.\\d)`).test(src)) named.push(`${palette} in ${p}`);
          }
        }
      }
    };
    walk(path.resolve(import.meta.dirname, '..'));
    expect(named, 'a dropped palette is used: take it out of DROPPED_PALETTES in src/app/theme.ts').toEqual([]);
    for (const palette of DROPPED_PALETTES) expect(system.token(`colors.${palette}.500`, 'missing')).toBe('missing');
    expect(system.token('colors.purple.500')).toBeTruthy();
  });

  it('keeps Chakra default look for what it carries', () => {
    expect(RECIPE_KEYS.length).toBeGreaterThan(30);
    expect(system.getSlotRecipe('dialog')).toEqual(allSlotRecipes.dialog);
    expect(system.token('colors.orange.650')).toBe('#c2410c');
  });
});
