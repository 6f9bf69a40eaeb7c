import crypto from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../db/client';

type Row = Record<string, unknown>;

/**
 * A statement's rows read in batches (ADR 058): its row count, known before the first row is read, and
 * the rows `size` at a time. `batches` may be iterated once; `close` ends the cursor (the iteration
 * closes it at its end, a caller that stops early or never reads closes it itself — twice is harmless).
 */
export interface RowCursor {
  count: number;
  batches(size?: number): AsyncGenerator<Row[]>;
  close(): Promise<void>;
  /**
   * Another statement on the cursor's own connection and transaction (a report's chart sums, ADR 064):
   * it needs no second connection from the pool while the cursor holds one.
   */
  query(statement: SQL): Promise<Row[]>;
}

const dialect = new PgDialect();

/**
 * Opens a scroll cursor on its own connection in a read-only transaction: `MOVE FORWARD ALL` runs the
 * statement once and counts its rows (PostgreSQL keeps the result, on disk past `work_mem`), `MOVE
 * ABSOLUTE 0` rewinds, and `FETCH` hands them over a batch at a time, so the server holds one batch, not
 * the run. On a transaction handle (no pool to take a connection from) the rows are read in one query.
 */
export async function openRowCursor(db: DbOrTx, statement: SQL): Promise<RowCursor> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    const rows = (await db.execute(statement)).rows as Row[];
    return {
      count: rows.length,
      async *batches(size = 1000) {
        for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
      },
      close: async () => {},
      query: async (other) => (await db.execute(other)).rows as Row[],
    };
  }
  const client = await pool.connect();
  const name = `rows_${crypto.randomBytes(6).toString('hex')}`;
  let open = true;
  const close = async (failed?: unknown) => {
    if (!open) return;
    open = false;
    try {
      await client.query(failed ? 'rollback' : 'commit');
      client.release();
    } catch (e) {
      client.release(e instanceof Error ? e : true);
    }
  };
  try {
    const q = dialect.sqlToQuery(statement);
    await client.query('begin read only');
    await client.query(`declare ${name} scroll cursor for ${q.sql}`, q.params);
    const counted = await client.query(`move forward all in ${name}`);
    await client.query(`move absolute 0 in ${name}`);
    return {
      count: counted.rowCount ?? 0,
      async *batches(size = 1000) {
        try {
          for (;;) {
            if (!open) return;
            const res = await client.query<Row>(`fetch forward ${size} from ${name}`);
            if (res.rows.length) yield res.rows;
            if (res.rows.length < size) return;
          }
        } finally {
          await close();
        }
      },
      close: () => close(),
      async query(other) {
        if (!open) throw new Error('The cursor is closed.');
        const o = dialect.sqlToQuery(other);
        return (await client.query<Row>(o.sql, o.params)).rows;
      },
    };
  } catch (e) {
    await close(e);
    throw e;
  }
}
