import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

/** Unit test files that replace modules with vi.mock: they keep a module graph of their own. */
export const MOCKING_FILES = ['src/features/auth/service.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'sw/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', 'node_modules/**', ...MOCKING_FILES],
          environment: 'node',
          // One module graph per worker, not one per file: 45 s → 14 s. Files that replace modules
          // with vi.mock run in the project below, where a module cached by another file cannot
          // shadow their mock.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { name: 'unit-mocks', include: MOCKING_FILES, environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/strict-deprecations.ts'],
          // Test-only: cheaper scrypt so hundreds of sign-ins stay fast; production uses N=2^17.
          env: { SCRYPT_LOG_N: '12', LOG_LEVEL: 'silent' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Each file still gets its own server and database clone (harness.ts); only the imported
          // server code is shared by the files of a worker, which takes the phase from 5.6 to 1.8 min.
          // No API test replaces a module (vi.mock): tests/lint/vitest-isolation.test.ts keeps it so.
          isolate: false,
        },
      },
    ],
  },
});
