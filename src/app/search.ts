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

/**
 * Search params that hold a whole number (an account's id): a number in the address reads
 * `?accountId=4`, where a string of digits would be kept quoted (`%224%22`) by the router's JSON search.
 */
export function idSearch<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, number>> => {
    const out: Partial<Record<K, number>> = {};
    for (const k of keys) {
      const v = search[k];
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
      if (Number.isSafeInteger(n) && n > 0) out[k] = n;
    }
    return out;
  };
}
