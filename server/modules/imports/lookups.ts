import type { Actor } from '../../lib/resource';
import type { ImportsRepository } from './imports.repository';
import type { FieldSpec, RefKind, Resolver } from './targets';

/** Codes remembered per kind before the cache starts again (bounded memory on huge reference tables). */
const CACHE_LIMIT = 20_000;

/**
 * Resolves the codes a chunk refers to (store, product, cost centre, type, fleet no., employee
 * number) with one query per kind for the codes not seen yet in this job. Unknown codes are not
 * remembered, so a record created meanwhile is found by the next chunk.
 */
export function lookups(actor: Actor) {
  const cache = new Map<RefKind, Map<string, string>>();
  const of = (kind: RefKind) => {
    let m = cache.get(kind);
    if (!m) cache.set(kind, (m = new Map()));
    return m;
  };
  return {
    async prepare(repo: ImportsRepository, specs: FieldSpec[], rows: Record<string, string>[]): Promise<Resolver> {
      const want = new Map<RefKind, Set<string>>();
      for (const spec of specs) {
        if (!spec.refs) continue;
        for (const values of rows) {
          const { kind, codes } = spec.refs(values[spec.field] ?? '');
          if (!codes.length) continue;
          const known = of(kind);
          if (known.size > CACHE_LIMIT) known.clear();
          let set = want.get(kind);
          if (!set) want.set(kind, (set = new Set()));
          for (const c of codes) if (!known.has(c.toLowerCase())) set.add(c.toLowerCase());
        }
      }
      for (const [kind, codes] of want) {
        const found = await repo.idsByCode(actor, kind, [...codes]);
        for (const [code, id] of found) of(kind).set(code, id);
      }
      return { id: (kind, code) => cache.get(kind)?.get(code.toLowerCase()) };
    },
  };
}
export type Lookups = ReturnType<typeof lookups>;
