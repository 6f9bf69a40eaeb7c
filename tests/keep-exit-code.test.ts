import { afterEach, expect, it, vi } from 'vitest';
import { keepFailureExitCode } from './keep-exit-code';

const realExit = process.exit;
afterEach(() => {
  process.exit = realExit;
  process.exitCode = undefined;
});

it('keeps a failure exit code when a library exits with 0, and passes other codes through', () => {
  const exit = vi.fn();
  process.exit = exit as never;
  keepFailureExitCode();
  process.exitCode = 1;
  process.exit(0);
  expect(exit).toHaveBeenLastCalledWith(1);
  process.exit(3);
  expect(exit).toHaveBeenLastCalledWith(3);
  process.exitCode = 0;
  process.exit(0);
  expect(exit).toHaveBeenLastCalledWith(0);
});
