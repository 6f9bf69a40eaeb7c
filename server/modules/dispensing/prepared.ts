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

/** Statement names by text: a fixed text's name is hashed once per process (ADR 063). */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `fams_${crypto.createHash('sha1').update(text).digest('base64url')}`;
    // A text built per request (executeNamed's) is not kept forever: the map starts again when full.
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
};

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
  const { dialect } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  return executeText<R>(db, built.sql, built.params);
}

/**
 * A statement whose TEXT is fixed (kept by the repository that wrote it, parameters `$1…`) run as
 * a named statement through Drizzle's session, like `executeNamed`, without building a Drizzle
 * tree per request (ADR 063): only the parameters are made per request.
 */
export async function executeText<R>(db: DbOrTx, text: string, params: unknown[]): Promise<{ rows: R[] }> {
  const { session } = db as unknown as Internals;
  return (await session.prepareQuery({ sql: text, params }, undefined, nameOf(text), false).execute()) as {
    rows: R[];
  };
}
