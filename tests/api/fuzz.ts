/**
 * Input fuzzing over the server's own route table (issue 10), shared by `fuzz.api.test.ts` (a few
 * cases per route, in `npm test`) and `bench/security.bench.ts` (many). Every route the server
 * registers is walked, so a route added later is fuzzed without anyone listing it.
 *
 * For each route, fast-check generates cases from the route's declared zod schemas:
 * - a VALID input derived from the schema (JSON Schema of the input side, field-name hints for
 *   references such as `storeId` filled with real ids of the account, checked with `safeParse`)
 *   with one or two values replaced by hostile ones, a key dropped or an unknown key added;
 * - the schema's keys with hostile values, arbitrary JSON, binary bodies under any content type;
 * - query strings: the route's keys (and `f.<field>` filters of list routes) with hostile values,
 *   raw broken percent-encoding, lone surrogates as WTF-8 bytes;
 * - path parameters: a real id, a random UUID or hostile text.
 * Hostile values: NUL, lone surrogates, 10 k characters, 5e-324, ±1e308, negatives, 2^53 + 1,
 * years 0000 and 9999 (dates, months, times), impossible dates, wrong types, null, [] and {}.
 *
 * A case fails when the answer is 5xx, when a 4xx changed any table (rows counted, and the newest
 * row version per table, so an update is seen too; the audit log is one of the tables), or when
 * a 4xx body is not the error body `{title, message, code}`.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { satisfies, type Rule } from '../../src/contract/access';
import { ErrorBody } from '../../src/contract/errors';
import type { RouteEntry } from '../../server/plugins/access';

export interface Caller {
  name: string;
  roles: string[];
  headers: Record<string, string>;
}

/** What the walker needs to run a query against the server's database. */
export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface FuzzOptions {
  base: string;
  routes: RouteEntry[];
  /** Signed-in callers, tried in order: the first whose roles satisfy a route's rule calls it. */
  callers: Caller[];
  query: Query;
  /** Cases per route. */
  runs: number;
  seed?: number;
  /** Routes not walked (`METHOD /url`), each for a stated reason. */
  skip?: Record<string, string>;
  /** Called after each case (progress in the bench). */
  onCase?: (c: CaseResult) => void;
}

export interface FuzzCase {
  kind: string;
  params: Record<string, string>;
  query: string;
  body?: { type?: string; data: string | Uint8Array };
}
export interface CaseResult {
  route: string;
  caller: string;
  kind: string;
  request: string;
  status: number;
  problem?: string;
}
export interface FuzzReport {
  routes: number;
  /** Routes for which a valid body or query could be derived (mutations reach past validation). */
  withValidBase: number;
  /** Routes with a body or query schema from which no valid input could be derived (hostile inputs only). */
  noValidBase: string[];
  cases: number;
  byClass: Record<string, number>;
  byKind: Record<string, number>;
  failures: CaseResult[];
  skipped: string[];
  ms: number;
}

/* ------------------------------------------------------------------ hostile values */

const NOW = new Date();
const month = NOW.toISOString().slice(0, 7);
const today = NOW.toISOString().slice(0, 10);

export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  'ab\ud83d',
  '\udc00\ud800',
  '0000-01-01',
  '0000-01',
  '9999-12-31',
  '9999-12',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00.000+14:00',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1899-12-31',
  '2024-02-30',
  '2024-13',
  '2024-00-10',
  '2023-02-29',
  '24:00',
  '99:99',
  '1e400',
  '5e-324',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '99999999999999999999999999',
  '0x10',
  "'; drop table stores; --",
  '%_\\',
  'null',
  'true',
  '{}',
  '[]',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u2028\ufeff\u202e',
  '١٢٣',
  'Ünïcödé 🚚',
  '-',
  ',',
  'a,b,,c',
  '$1',
  '\\u0000',
];
export const HOSTILE_NUMBERS: number[] = [
  0,
  -0,
  1,
  -1,
  5e-324,
  -5e-324,
  1e-7,
  0.0004,
  0.0005,
  1.23456789,
  0.1 + 0.2,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 63),
  1e21,
  123456789012.3456,
  999_999_999.9999,
  1e15,
];

/** Any date from year 0000 to 9999, as a date, month or instant. */
const dateish = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .chain((d) => {
    const iso = d.toISOString();
    return fc.constantFrom(iso, iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 19), `${iso.slice(0, 19)}+14:00`);
  });

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: dateish },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string({ maxLength: 8 }))
      .map((t) => t.join('')),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1_000_000 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { a: 1 }, [[[[[]]]]], ['\u0000'], {
      '\u0000': 1,
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/* ------------------------------------------------------------------ valid inputs from schemas */

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

function toJs(schema: unknown): Js | undefined {
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
function keysOf(schema: unknown): string[] {
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

const queryString = (pairs: [string, unknown][]) =>
  pairs.map(([k, v]) => `${pct(k)}=${pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`).join('&');

const RAW_QUERY_BITS = [
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

/* ------------------------------------------------------------------ cases */

interface RouteContext {
  route: RouteEntry;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  params: Record<string, string>;
  filterKeys: string[];
}

/** Every path of an object or array (`['lines', 0, 'litres']`). */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (at.length) out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

function setAt(v: unknown, path: (string | number)[], value: unknown, drop = false): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let cur = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (drop && !Array.isArray(cur)) delete cur[last];
  else cur[last] = value;
  return copy;
}

type Mutation = { path: number; value: unknown; op: 'set' | 'drop' | 'add' };

function mutate(base: Record<string, unknown>, muts: Mutation[]): Record<string, unknown> {
  let v: unknown = base;
  for (const m of muts) {
    const all = paths(v);
    if (m.op === 'add' || all.length === 0) {
      v = { ...(v as object), [m.value === null ? 'extra' : `x${m.path % 7}`]: m.value };
      continue;
    }
    v = setAt(v, all[m.path % all.length], m.value, m.op === 'drop');
  }
  return v as Record<string, unknown>;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  path: fc.nat(),
  value: hostileValue,
  op: fc.constantFrom<Mutation['op']>('set', 'set', 'set', 'set', 'drop', 'add'),
});

function paramValues(ctx: RouteContext): fc.Arbitrary<Record<string, string>> {
  const names = [...ctx.route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  if (!names.length) return fc.constant({});
  const one = (n: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(ctx.params[n] ?? crypto.randomUUID()) },
      { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
      { weight: 1, arbitrary: hostileString.filter((s) => s !== '') },
    );
  return fc.record(Object.fromEntries(names.map((n) => [n, one(n)])));
}

function caseArb(ctx: RouteContext): fc.Arbitrary<FuzzCase> {
  const { route } = ctx;
  const hasBody = (route.method !== 'GET' && route.method !== 'DELETE') || !!route.schema?.body;
  const queryKeys = [...keysOf(route.schema?.querystring), ...ctx.filterKeys];
  const params = paramValues(ctx);
  const baseQuery = ctx.query ? Object.entries(ctx.query).map(([k, v]) => [k, String(v)] as [string, unknown]) : [];

  const queries: fc.Arbitrary<{ kind: string; query: string }>[] = [
    // The valid query with one key hostile.
    fc.tuple(fc.constantFrom(...(queryKeys.length ? queryKeys : ['q'])), hostileValue).map(([k, v]) => ({
      kind: 'query-key',
      query: queryString([...baseQuery.filter(([b]) => b !== k), [k, v]]),
    })),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...(queryKeys.length ? queryKeys : ['q'])), fc.string({ maxLength: 6 })),
          hostileValue,
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => ({ kind: 'query-many', query: queryString(pairs) })),
    fc
      .tuple(fc.constantFrom(...RAW_QUERY_BITS), fc.constantFrom(...(queryKeys.length ? queryKeys : ['q'])))
      .map(([raw, k]) => ({
        kind: 'query-raw',
        query: [queryString(baseQuery), `${k}=${raw}`, raw].filter(Boolean).join('&'),
      })),
  ];
  const validQuery = queryString(baseQuery);

  if (!hasBody) {
    return fc.tuple(params, fc.oneof(...queries)).map(([p, q]) => ({ kind: q.kind, params: p, query: q.query }));
  }
  const json = (data: unknown) => ({ type: 'application/json', data: JSON.stringify(data) ?? 'null' });
  const bodyKeys = keysOf(route.schema?.body);
  const bodies: { weight: number; arbitrary: fc.Arbitrary<{ kind: string; body: FuzzCase['body'] }> }[] = [
    {
      weight: 2,
      arbitrary: fc
        .record(Object.fromEntries((bodyKeys.length ? bodyKeys : ['name']).map((k) => [k, hostileValue])), {
          requiredKeys: [],
        })
        .map((o) => ({ kind: 'body-keys', body: json(o) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue)
        .map((v) => ({ kind: 'body-json', body: json(v) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ minLength: 1, maxLength: 4096 }),
          fc.constantFrom(
            undefined,
            'application/json',
            'application/octet-stream',
            'text/csv',
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
          ),
        )
        .map(([data, type]) => ({ kind: 'body-binary', body: { type, data } })),
    },
  ];
  if (ctx.body) {
    const base = ctx.body;
    bodies.push({
      weight: 6,
      arbitrary: fc
        .array(mutation, { minLength: 1, maxLength: 2 })
        .map((m) => ({ kind: 'body-mutated', body: json(mutate(base, m)) })),
    });
  }
  return fc.tuple(params, fc.oneof(...bodies), fc.boolean()).map(([p, b, withQuery]) => ({
    kind: b.kind,
    params: p,
    query: withQuery ? validQuery : '',
    body: b.body,
  }));
}

/* ------------------------------------------------------------------ the database's state */

/** Tables whose rows change for reasons the fuzz does not judge: failed sign-ins are recorded on purpose. */
const VOLATILE_TABLES = new Set(['login_throttle']);

/** One statement that gives each table's row count and newest row version (xmin). */
export async function stateProbe(query: Query): Promise<() => Promise<Map<string, string>>> {
  const { rows } = await query(
    `select schemaname, tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((r) => String(r.tablename)).filter((t) => !VOLATILE_TABLES.has(t));
  const sql = tables
    .map(
      (t) => `select '${t}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as s from "${t}"`,
    )
    .join(' union all ');
  return async () => new Map((await query(sql)).rows.map((r) => [String(r.t), String(r.s)]));
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...b.keys()].filter((k) => a.get(k) !== b.get(k));
}

/* ------------------------------------------------------------------ the walk */

const describeBody = (b?: FuzzCase['body']) => {
  if (!b) return '';
  if (typeof b.data !== 'string') return ` <${b.data.length} bytes ${b.type ?? 'no type'}>`;
  const s = JSON.stringify(b.data.length > 240 ? `${b.data.slice(0, 240)}…(${b.data.length})` : b.data);
  return ` ${s.slice(1, -1)}`;
};

async function send(base: string, method: string, url: string, c: FuzzCase, headers: Record<string, string>) {
  const path = url.replace(/:([A-Za-z]+)/g, (_m, n: string) => pct(c.params[n] ?? crypto.randomUUID()));
  const full = `${path}${c.query ? `?${c.query}` : ''}`;
  const h: Record<string, string> = { ...headers };
  if (c.body?.type) h['content-type'] = c.body.type;
  const res = await fetch(base + full, { method, headers: h, body: c.body ? (c.body.data as BodyInit) : undefined });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return {
    status: res.status,
    body,
    request: `${method} ${full.length > 300 ? `${full.slice(0, 300)}…` : full}${describeBody(c.body)}`,
  };
}

/** Ids of the account's rows by kind, from the reference data, and an id per list route. */
async function discover(
  base: string,
  routes: RouteEntry[],
  callers: Caller[],
): Promise<{ ids: Ids; listIds: Map<string, string> }> {
  const admin = callers[0];
  const ids: Ids = {};
  const ref = await fetch(`${base}/api/v1/reference`, { headers: admin.headers });
  if (ref.ok) {
    const data = (await ref.json()) as Record<string, { id: string }[]>;
    const names: Record<string, string> = {
      stores: 'store',
      products: 'product',
      tanks: 'tank',
      costCentres: 'costcentre',
      equipmentTypes: 'type',
      equipment: 'equipment',
      employees: 'employee',
      allocations: 'allocation',
      f24Rules: 'rule',
    };
    for (const [k, kind] of Object.entries(names)) if (Array.isArray(data[k])) ids[kind] = data[k].map((r) => r.id);
    ids.equipmenttype = ids.type;
  }
  // One existing row per list endpoint, for `:id` of the routes under it.
  const listIds = new Map<string, string>();
  for (const r of routes.filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
    const caller = callerFor(r, callers);
    if (!caller) continue;
    if (!routes.some((x) => x.url.startsWith(`${r.url}/:`))) continue;
    const res = await fetch(`${base}${r.url}?pageSize=5`, { headers: caller.headers });
    if (!res.ok) continue;
    const body = (await res.json().catch(() => undefined)) as { items?: { id?: string }[] } | undefined;
    const id = body?.items?.find((i) => typeof i.id === 'string')?.id;
    if (id) listIds.set(r.url, id);
  }
  return { ids, listIds };
}

/** Filter keys of a list route: `f.<field>` for each field of its rows. */
function filterKeysOf(route: RouteEntry): string[] {
  const res = route.schema?.response?.['200'] ?? route.schema?.response?.[200 as unknown as string];
  const js = res ? toJs(res) : undefined;
  const items = js?.properties?.items?.items?.properties;
  return items ? Object.keys(items).map((k) => `f.${k}`) : [];
}

const ANONYMOUS: Caller = { name: 'anonymous', roles: [], headers: {} };
const callerFor = (r: RouteEntry, callers: Caller[]) =>
  r.access === 'public' || r.access === 'session'
    ? ANONYMOUS
    : callers.find((c) => satisfies(c.roles, r.access as Rule));

const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };

export async function fuzzRoutes(o: FuzzOptions): Promise<FuzzReport> {
  const t0 = performance.now();
  const { ids, listIds } = await discover(o.base, o.routes, o.callers);
  const probe = await stateProbe(o.query);
  const report: FuzzReport = {
    routes: 0,
    withValidBase: 0,
    noValidBase: [],
    cases: 0,
    byClass: {},
    byKind: {},
    failures: [],
    skipped: [],
    ms: 0,
  };
  // Reads first, deletes last: a deleted row would leave later valid bodies pointing nowhere.
  const routes = [...o.routes].sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));
  let state = await probe();
  for (const [i, route] of routes.entries()) {
    const key = routeKey(route);
    if (o.skip?.[key]) {
      report.skipped.push(`${key}: ${o.skip[key]}`);
      continue;
    }
    const caller = callerFor(route, o.callers);
    if (!caller) {
      report.skipped.push(`${key}: no caller satisfies ${route.access}`);
      continue;
    }
    const parent = route.url.replace(/\/:[A-Za-z]+.*$/, '');
    const params: Record<string, string> = {};
    const id = listIds.get(parent);
    if (id) params.id = id;
    const ctx: RouteContext = {
      route,
      params,
      filterKeys: filterKeysOf(route),
      body: validInput(route.schema?.body, ids),
      query: validInput(route.schema?.querystring, ids, true),
    };
    report.routes++;
    if (ctx.body || (!route.schema?.body && ctx.query)) report.withValidBase++;
    else if (route.schema?.body || route.schema?.querystring) report.noValidBase.push(key);
    const cases = fc.sample(caseArb(ctx), { seed: (o.seed ?? 1) * 7919 + i, numRuns: o.runs });
    for (const c of cases) {
      const res = await send(o.base, route.method, route.url, c, caller.headers);
      const cls = `${Math.floor(res.status / 100)}xx`;
      report.cases++;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      report.byKind[c.kind] = (report.byKind[c.kind] ?? 0) + 1;
      const result: CaseResult = {
        route: key,
        caller: caller.name,
        kind: c.kind,
        request: res.request,
        status: res.status,
      };
      if (res.status >= 500) {
        result.problem = `answered ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`;
      } else if (res.status >= 400) {
        if (!ErrorBody.safeParse(res.body).success)
          result.problem = `a ${res.status} without the error body: ${JSON.stringify(res.body)?.slice(0, 200)}`;
      }
      if (res.status < 400 || res.status >= 500) {
        // A write (or a GET that records something, e.g. a variance exception) moves the state on;
        // background work an answer started (202) is waited for.
        if (res.status === 202) await settle(probe);
        state = await probe();
      } else {
        const after = await probe();
        const diff = changed(state, after);
        if (diff.length && !result.problem)
          result.problem = `a refused request (${res.status}) changed ${diff.join(', ')}`;
        state = after;
      }
      if (result.problem) report.failures.push(result);
      o.onCase?.(result);
    }
  }
  report.ms = Math.round(performance.now() - t0);
  return report;
}

/** Waits until two probes a little apart agree (work an accepted request started is done). */
async function settle(probe: () => Promise<Map<string, string>>) {
  let last = await probe();
  for (let n = 0; n < 50; n++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await probe();
    if (changed(last, now).length === 0) return;
    last = now;
  }
}
