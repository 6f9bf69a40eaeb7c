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
}

// numeric and bigint come back as strings by default; bigint ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

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
  // pool.end() resolves before its connections' goodbyes reach the server, so an embedded
  // PostgreSQL stopped right after terminates them: expected at shutdown, not worth a warning.
  const close = () => {
    closing = true;
    return pool.end();
  };
  return { db, pool, close };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
