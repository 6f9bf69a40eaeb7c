/** A valid input derived from a route's JSON Schema, and the percent-encoding of hostile text. */
import crypto from 'node:crypto';
import { z } from 'zod';
import { month, today } from './hostile';

type Js = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Js;
  prefixItems?: Js[];
  properties?: Record<string, Js>;
  required?: string[];
  additionalProperties?: Js | boolean;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
};

/** Real ids of the caller's account, by kind (`store`, `tank`, …), for fields named `…Id`/`…Ids`. */
export type Ids = Record<string, string[]>;

export function toJs(schema: unknown): Js | undefined {
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Js;
  } catch {
    return undefined;
  }
}

let counter = 0;
const uniq = () => `Fz${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

function refKind(key: string): string | undefined {
  const m = /^(.*?)(Id|Ids)$/.exec(key);
  if (!m) return undefined;
  const k = m[1].replace(/^(home|from|to|source|target|governing)/i, '').toLowerCase();
  return k || undefined;
}

/** A value the schema should accept, by JSON Schema and the field's name. */
function sample(js: Js | undefined, key: string, ids: Ids, depth = 0): unknown {
  if (!js || depth > 6) return undefined;
  if (js.const !== undefined) return js.const;
  if (js.enum?.length) return js.enum[0];
  const alts = js.anyOf ?? js.oneOf;
  if (alts) {
    const nonNull = alts.find((a) => a.type !== 'null') ?? alts[0];
    return sample(nonNull, key, ids, depth + 1);
  }
  if (js.allOf?.length) return sample(js.allOf[0], key, ids, depth + 1);
  const type = Array.isArray(js.type) ? js.type.find((t) => t !== 'null') : js.type;
  const kind = refKind(key);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(js.properties ?? {})) {
        const required = js.required?.includes(k);
        if (!required && !(refKind(k) && ids[refKind(k)!]?.length)) continue;
        const v = sample(p, k, ids, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const n = Math.max(js.minItems ?? 0, kind && ids[kind]?.length ? 1 : 0, depth === 1 ? 1 : 0);
      const itemKey = key.endsWith('Ids') ? key.slice(0, -1) : key;
      return Array.from({ length: n }, () => sample(js.items ?? js.prefixItems?.[0], itemKey, ids, depth + 1));
    }
    case 'string': {
      if (js.format === 'uuid') return (kind && ids[kind]?.[0]) ?? crypto.randomUUID();
      if (js.format === 'date-time') return new Date(Date.now() - 3600_000).toISOString();
      if (js.format === 'date') return today;
      if (js.format === 'email') return `${uniq().toLowerCase()}@example.com`;
      if (js.pattern?.includes('\\d{4}-\\d{2}') && !js.pattern.includes('-\\d{2}-')) return month;
      if (js.pattern?.includes(':[0-5]')) return '08:00';
      if (/timezone/i.test(key)) return 'UTC';
      if (/^(month)$/i.test(key)) return month;
      if (/^(from|to|date|day|since|until)$/i.test(key)) return today;
      const s = key === 'format' ? 'csv' : uniq();
      return s.slice(0, js.maxLength ?? 40).padEnd(js.minLength ?? 0, '1');
    }
    case 'integer':
    case 'number': {
      const lo = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : undefined);
      let v = lo !== undefined ? Math.max(lo, 1) : 1;
      if (js.maximum !== undefined) v = Math.min(v, js.maximum);
      return v;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** Valid body/query of a route, when one can be derived and the schema accepts it. */
export function validInput(schema: unknown, ids: Ids, asQuery = false): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const js = toJs(schema);
  const v = sample(js, '', ids);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const input = asQuery
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? x.join(',') : String(x)]))
    : v;
  return (schema as z.ZodType).safeParse(input).success ? (input as Record<string, unknown>) : undefined;
}

/** Keys a route's input object declares (its JSON Schema properties). */
export function keysOf(schema: unknown): string[] {
  return Object.keys(toJs(schema)?.properties ?? {});
}

/* ------------------------------------------------------------------ encoding */

/** Percent-encoding that also carries a lone surrogate (as its WTF-8 bytes), which `encodeURIComponent` refuses. */
export function pct(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(s[i]);
    }
  }
  return out;
}

export const queryString = (pairs: [string, unknown][]) =>
  pairs.map(([k, v]) => `${pct(k)}=${pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`).join('&');

export const RAW_QUERY_BITS = [
  '%',
  '%zz',
  '%C0%80',
  '%ED%A0%80',
  '%00',
  '%FF%FE',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  '&&&',
  '=x',
];
