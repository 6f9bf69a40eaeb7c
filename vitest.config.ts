import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

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
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // Test-only: cheaper scrypt so hundreds of sign-ins stay fast; production uses N=2^17.
          env: { SCRYPT_LOG_N: '12', LOG_LEVEL: 'silent' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
