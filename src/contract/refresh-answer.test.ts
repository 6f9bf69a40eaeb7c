import { describe, expect, it } from 'vitest';
import { RefreshResponse } from './auth';
import { readRefreshAnswer } from './refresh-answer';

describe('readRefreshAnswer', () => {
  const answers: unknown[] = [
    { token: 'abc', expiresAt: 1_764_000_000_000 },
    { token: '', expiresAt: 0 },
    { token: 'abc', expiresAt: -5 },
    { token: 'abc', expiresAt: 1.5 },
    { token: 'abc', expiresAt: Number.MAX_SAFE_INTEGER + 2 },
    { token: 'abc', expiresAt: Number.NaN },
    { token: 'abc', expiresAt: Infinity },
    { token: 'abc', expiresAt: '1764000000000' },
    { token: 5, expiresAt: 1 },
    { token: null, expiresAt: 1 },
    { token: 'abc' },
    { expiresAt: 1 },
    { token: 'abc', expiresAt: 1, extra: true },
    [],
    ['abc', 1],
    null,
    undefined,
    'abc',
    42,
  ];

  it.each(answers.map((a) => [JSON.stringify(a) ?? String(a), a]))('agrees with RefreshResponse on %s', (_, a) => {
    const zod = RefreshResponse.safeParse(a);
    expect(readRefreshAnswer(a)).toEqual(zod.success ? zod.data : null);
  });
});
