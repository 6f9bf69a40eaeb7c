/**
 * What the server does with a promise rejection nobody handled. pg-boss completes and fails jobs
 * without awaiting the query (its worker's `onFetch`), so a database that restarts, or stops
 * during shutdown while a long job still runs, surfaces as an unhandled rejection — and Node's
 * default turns that into a crash of the API that drivers are syncing to. A lost database
 * connection is survivable (the pool reconnects, pg-boss retries the job after it expires);
 * anything else is a bug, and the server stops rather than run in an unknown state.
 */
export type UnhandledVerdict = 'ignore' | 'log' | 'stop';

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart). */
const LOST_CONNECTION_CODE = /^(08|57P0)/;
const LOST_CONNECTION_TEXT =
  /Connection terminated|Cannot use a pool after calling end|ECONNREFUSED|ECONNRESET|terminating connection/i;

export function isLostDatabaseConnection(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { code, message } = reason as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_CONNECTION_CODE.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET'))
    return true;
  return typeof message === 'string' && LOST_CONNECTION_TEXT.test(message);
}

export function unhandledVerdict(reason: unknown, stopping: boolean): UnhandledVerdict {
  if (stopping) return 'ignore';
  return isLostDatabaseConnection(reason) ? 'log' : 'stop';
}
