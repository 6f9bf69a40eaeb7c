import { extrasErrors } from '../../../src/contract/setup/equipment-extras';
import type { Tx } from '../../db/client';
import type { Actor } from '../../lib/resource';
import { bulkRepository, type BulkRepository } from './bulk.repository';
import type { ImportTarget } from '../../../src/contract/imports';
import type { ImportContext } from './context';

/**
 * The fast path for new records (ADR 008). Writing row by row through the resource service costs
 * about ten round trips a row (savepoint, reference checks, insert, read back, tags, audit), which
 * caps an import near 300 rows/s. New records of a chunk whose key is not repeated in it are
 * instead inserted with one statement, read back, audited (one entry each) and tagged in bulk,
 * inside one savepoint. The resource's rules still hold:
 *  - the contract schema parsed every row, codes were resolved to live ids of the account and
 *    the composite foreign keys pin the account;
 *  - a row that hits a unique index (registration, a key taken meanwhile) is skipped by
 *    `on conflict do nothing` and goes the one-by-one way, which reports the exact error;
 *  - the checks resources make in `validate`/`afterWrite` are done here set-wise for the targets
 *    that have them (equipment extras and tags, employee tags); a row they would refuse goes the
 *    one-by-one way too. A target with such hooks and no entry below always goes one by one.
 * If anything in the savepoint fails, it rolls back and every row goes the one-by-one way.
 */
interface BulkHooks {
  /** Which rows the fast path may take (others are written one by one). */
  eligible(repo: BulkRepository, actor: Actor, inputs: Record<string, unknown>[]): Promise<boolean[]>;
  after(repo: BulkRepository, actor: Actor, created: { id: string; input: Record<string, unknown> }[]): Promise<void>;
}

/** Tags free in the account and not repeated among the rows. */
async function freeTags(repo: BulkRepository, actor: Actor, tagLists: string[][]): Promise<boolean[]> {
  const taken = await repo.takenTags(actor, tagLists.flat());
  const seen = new Map<string, number>();
  for (const t of tagLists.flat()) seen.set(t.toLowerCase(), (seen.get(t.toLowerCase()) ?? 0) + 1);
  return tagLists.map((tags) => tags.every((t) => !taken.has(t.toLowerCase()) && seen.get(t.toLowerCase()) === 1));
}

const HOOKS: Partial<Record<ImportTarget, BulkHooks>> = {
  equipment: {
    async eligible(repo, actor, inputs) {
      const defs = await repo.extraDefinitions(actor);
      const tagsOk = await freeTags(
        repo,
        actor,
        inputs.map((i) => i.tags as string[]),
      );
      return inputs.map(
        (i, n) => tagsOk[n] && !Object.keys(extrasErrors(i.extras as Record<string, unknown>, defs)).length,
      );
    },
    after: (repo, actor, created) =>
      repo.registerTags(
        actor,
        'equipment',
        created.map((c) => ({ id: c.id, tags: c.input.tags as string[] })),
      ),
  },
  employees: {
    // Store ids came from live codes of the account a moment ago in this transaction.
    eligible: (repo, actor, inputs) =>
      freeTags(
        repo,
        actor,
        inputs.map((i) => (i.tag ? [i.tag as string] : [])),
      ),
    after: (repo, actor, created) =>
      repo.registerTags(
        actor,
        'employee',
        created.map((c) => ({ id: c.id, tags: c.input.tag ? [c.input.tag as string] : [] })),
      ),
  },
};

export interface Candidate {
  index: number;
  key: string;
  input: Record<string, unknown>;
}

/** Creates what it can in bulk; returns the created rows by candidate index (the rest go one by one). */
export async function bulkCreate(
  ctx: ImportContext,
  tx: Tx,
  candidates: Candidate[],
): Promise<Map<number, Record<string, unknown>>> {
  const { svc, actor, target } = ctx;
  const def = svc.def;
  const hooks = HOOKS[target.name];
  const created = new Map<number, Record<string, unknown>>();
  if (!candidates.length || ((def.validate || def.afterWrite) && !hooks)) return created;
  try {
    await tx.transaction(async (sp) => {
      const repo = bulkRepository(sp);
      const ok = hooks
        ? await hooks.eligible(
            repo,
            actor,
            candidates.map((c) => c.input),
          )
        : candidates.map(() => true);
      const fast = candidates.filter((_, i) => ok[i]);
      const values = await Promise.all(fast.map((c) => def.toValues(c.input, actor) as Record<string, unknown>));
      const inserted = await repo.insertNew(target.table, actor, values, target.keySql);
      const byKey = new Map(fast.map((c) => [c.key, c]));
      const pairs = inserted.map((r) => ({ id: r.id, cand: byKey.get(r.key)! }));
      const rows = await repo.rows(
        svc,
        target.table,
        actor,
        pairs.map((p) => p.id),
      );
      await hooks?.after(
        repo,
        actor,
        pairs.map((p) => ({ id: p.id, input: p.cand.input })),
      );
      await repo.auditCreates(actor, def.info.entity, [...rows.values()]);
      for (const p of pairs) created.set(p.cand.index, rows.get(p.id)!);
    });
  } catch (err) {
    ctx.log(err, 0);
    created.clear();
  }
  return created;
}
