import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const root = import.meta.dirname;

/**
 * The layout's import rules (docs/decisions/022-enforced-boundaries.md), checked on resolved paths:
 * src/contract is the ground (zod only), src/lib is below the features, a feature does not import
 * another feature (routes compose them), the server and the service worker take from the client
 * side only what is runtime-neutral.
 */
const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const boundaryZones = (testFile) => [
  {
    target: './src/contract',
    from: '.',
    except: ['./src/contract', './node_modules/zod', ...(testFile ? ['./node_modules/vitest'] : [])],
    message: 'src/contract is runtime-neutral: it imports only zod and itself.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server takes only src/contract from the client side.',
  },
  { target: ['./src', './sw'], from: './server', message: 'The PWA and the service worker do not import the server.' },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/routes'],
    message: 'src/lib is below the features and the shell: move what both need into src/lib.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./contract', './lib'],
    message: 'The service worker takes only src/contract and src/lib.',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both need into src/lib (routes compose features).',
  })),
];

const CONTRACT_IMPORTS = {
  patterns: [
    {
      regex: '^(?!zod(/|$)|\\.{1,2}/|@/contract/)',
      message: 'src/contract is runtime-neutral: it imports only zod and itself.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      'public',
      // Deliberately bad files for tests/lint/boundaries.test.ts.
      'tests/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Without these import-x reads no .ts/.tsx dependency, and no-cycle would see no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
          alias: { '@': [path.join(root, 'src')] },
          conditionNames: ['types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(false) }],
      // External packages cannot import back into ours: not following them keeps the walk short.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Nothing imports a test, a spec or a bench, so none can be in a cycle: not walking the graph
    // from them saves a sixth of the files (tests/lint/fixtures are not such files).
    files: ['**/*.test.{ts,tsx}', 'tests/e2e/**/*.spec.ts', 'bench/**/*.bench.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', CONTRACT_IMPORTS] },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(true) }],
    },
  },
  {
    // Drizzle (queries and SQL) lives in the data layer of a module (ADR 053): repositories, resource
    // and list declarations, import targets and `*.sql.ts` query parts. Routes and services call
    // them; a type from drizzle-orm may be named anywhere.
    files: ['server/modules/**/*.ts'],
    ignores: [
      'server/modules/**/*.{repository,resource,list,sql,target}.ts',
      'server/modules/**/*.test.ts',
      'server/modules/**/*.{testutil,fixture}.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Queries belong in a repository (or a *.sql.ts / *.list.ts / *.resource.ts of the module).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Last: turns off any style rule that Prettier owns, then turns one back on (it turns off max-len).
  prettier,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Prettier wraps code at 120 (.prettierrc.json); this catches what it cannot: comments and
      // long expressions it keeps whole. SQL and messages in strings may run on.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
