import crypto from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

interface Internals {
  dialect: { sqlToQuery(q: SQL): Query };
  session: {
    prepareQuery(
      q: Query,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
}

/**
 * `db.execute(query)` as a NAMED statement (ADR 016, third pass): PostgreSQL parses and plans a
 * statement once per connection and name, then reuses it (after five custom plans, a generic plan
 * when it costs no more), so a batch's fixed-shape statements stop paying parse and plan on every
 * request. The name is a hash of the text, so two texts never share a name; the values (arrays,
 * one per column) are parameters, so the text of a step does not change with the batch's size.
 * Drizzle's own `execute` path (`session.prepareQuery` with a name), so results are typed as
 * `db.execute` types them.
 */
export async function executeNamed<R>(db: DbOrTx, query: SQL): Promise<{ rows: R[] }> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  const name = `fams_${crypto.createHash('sha1').update(built.sql).digest('base64url')}`;
  return (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: R[] };
}
