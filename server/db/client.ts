import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
  /**
   * A read beside a transaction (ADR 067): a Db on a small pool of its own, when one of its
   * connections is free now; else null (the caller reads in its transaction instead).
   */
  beside?: () => Db | null;
}

// numeric and bigint come back as strings by default; bigint ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Side connections for reads beside a transaction (ADR 067): one per core of a small server. */
const SIDE_MAX = 2;

/**
 * `idleTimeoutMillis`: how long an idle connection is kept (pg's default: 10 s). A connection closed
 * and opened again costs a new backend, its catalog caches, the named statements' parse and plan
 * and the triggers' compiled functions (ADR 055); the API server keeps them for minutes.
 */
export function connect(url: string, max = 10, idleTimeoutMillis?: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, ...(idleTimeoutMillis ? { idleTimeoutMillis } : {}) });
  // An idle client dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) process.emitWarning(`database connection lost: ${err.message}`);
  });
  const db = drizzle(pool, { schema });
  // Two side connections: a batch's history read runs on one (a second backend, so the second core)
  // while the batch's own connection inserts. Only plain reads run there, which wait for no lock,
  // so a transaction waiting for one never waits for another transaction (no pool deadlock); and
  // none is waited for at all when both are busy (`beside` answers null).
  // A connection that cannot be opened within 2 s is given up (the caller then reads in its transaction).
  const side = new pg.Pool({
    connectionString: url,
    max: SIDE_MAX,
    connectionTimeoutMillis: 2_000,
    ...(idleTimeoutMillis ? { idleTimeoutMillis } : {}),
  });
  side.on('error', (err) => {
    if (!closing) process.emitWarning(`database connection lost: ${err.message}`);
  });
  const sideDb = drizzle(side, { schema });
  const beside = () => (side.waitingCount === 0 && (side.idleCount > 0 || side.totalCount < SIDE_MAX) ? sideDb : null);
  // pool.end() resolves before its connections' goodbyes reach the server, so an embedded
  // PostgreSQL stopped right after terminates them: expected at shutdown, not worth a warning.
  const close = async () => {
    closing = true;
    await Promise.all([pool.end(), side.end()]);
  };
  return { db, pool, close, beside };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
