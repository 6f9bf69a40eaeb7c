import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../../vitest.config';

/**
 * The unit and API projects share one module graph per worker (vitest `isolate: false`). A file that
 * replaces a module with `vi.mock` there would get the real module another file cached first, or
 * hand its mock to the next file: such files must be listed in MOCKING_FILES, which run isolated.
 */
const root = path.resolve(import.meta.dirname, '../..');

function filesCalling(pattern: string): string[] {
  const out = execFileSync('git', ['grep', '-l', '-E', pattern, '--', '*.test.ts', '*.test.tsx'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f && f !== 'tests/lint/vitest-isolation.test.ts');
}

describe('test isolation', () => {
  it('every test file that mocks a module runs in the isolated unit-mocks project', () => {
    expect(filesCalling(String.raw`vi\.(mock|doMock)\(`).sort()).toEqual([...MOCKING_FILES].sort());
  });

  it('no API test mocks a module', () => {
    expect(MOCKING_FILES.filter((f) => f.endsWith('.api.test.ts'))).toEqual([]);
  });
});
