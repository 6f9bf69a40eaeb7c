import type { ZodType } from 'zod';

/**
 * Dotted paths into nested form values, written the way zod issues and the server's
 * `fieldErrors` name them: `code`, `strappingChart.3.litres`, `extras.colour`.
 */
export type Path = string;

const keys = (path: Path) => (path === '' ? [] : path.split('.'));

export function getAt(obj: unknown, path: Path): unknown {
  let cur: unknown = obj;
  for (const k of keys(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** A copy of `obj` with `value` at `path` (arrays stay arrays). */
export function setAt<T>(obj: T, path: Path, value: unknown): T {
  const [head, ...rest] = keys(path);
  if (head === undefined) return value as T;
  const child = getAt(obj, head);
  const next = rest.length ? setAt(child, rest.join('.'), value) : value;
  if (Array.isArray(obj)) {
    const copy = [...obj];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...(obj as object), [head]: next } as T;
}

/** `a.b` is at or under `a`. */
export const isUnder = (path: Path, prefix: Path) => path === prefix || path.startsWith(`${prefix}.`);

/** The first message per path of a zod check of `value` (empty when valid). */
export function issuesByPath(schema: ZodType, value: unknown): Record<Path, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<Path, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first message per path of the server's `fieldErrors`. */
export function firstMessages(fieldErrors: Record<string, string[]>): Record<Path, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([, m]) => m.length)
      .map(([k, m]) => [k, m[0]]),
  );
}

/** Text input → number for the schema: blank is null, anything else must parse (NaN fails the schema). */
export function numberOrNull(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  return t === '' ? null : Number(t);
}

/** Number → text input. */
export const textOf = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
