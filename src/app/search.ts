/**
 * `validateSearch` for pages that read plain string parameters (`?to=`, `?error=`): anything
 * else is dropped, so a page never sees a value of an unexpected type.
 */
export function stringSearch<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const k of keys) {
      const v = search[k];
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
    return out;
  };
}
