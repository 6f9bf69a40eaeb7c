import type { RefreshResponse } from './auth';

/**
 * The token renewal's answer checked without zod: every page load of a signed-in field screen
 * renews its access token, and loading zod/mini for this one check was ~17 KiB gzip of the
 * QuickDispense page's first download (ADR 017, fifth pass). `refresh-answer.test.ts` holds it to
 * `RefreshResponse` (auth.ts) over a grid of answers; the server still answers with that schema.
 */
export function readRefreshAnswer(value: unknown): RefreshResponse | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { token, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt)) return null;
  return { token, expiresAt };
}
