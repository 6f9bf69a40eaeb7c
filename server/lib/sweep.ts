import type { Logger } from 'pino';

/**
 * Runs an idempotent sweep soon after start and then every `everyMs` (never two at once); logs
 * what it raised and its failures. Returns a stop function. Shared by the variance, leak and
 * consumption sweeps.
 */
export function startSweep(
  name: string,
  run: () => Promise<number>,
  log: Logger,
  everyMs: number,
  firstAfterMs: number,
): () => void {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      const n = await run();
      if (n) log.info({ raised: n }, `${name} raised`);
    } catch (err) {
      log.error({ err }, `${name} sweep failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void once(), firstAfterMs);
  const timer = setInterval(() => void once(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
