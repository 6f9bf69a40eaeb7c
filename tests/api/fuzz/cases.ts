/** fast-check arbitraries of one route's cases: mutated valid inputs, hostile keys, raw queries. */
import type { RouteEntry } from '../../../server/plugins/access';
import crypto from 'node:crypto';
import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile';
import { RAW_QUERY_BITS, keysOf, queryString } from './inputs';
import { FuzzCase } from './types';

export interface RouteContext {
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

export function caseArb(ctx: RouteContext): fc.Arbitrary<FuzzCase> {
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

/**
 * Cases every route with a body gets besides the sampled ones (ADR 074): JSON thousands of levels
 * deep (whole body, and the valid body with one field replaced), and an empty body with and without
 * a JSON type. Each must be a 4xx at once.
 */
export function fixedBodyCases(ctx: RouteContext): FuzzCase[] {
  const { route } = ctx;
  const hasBody = (route.method !== 'GET' && route.method !== 'DELETE') || !!route.schema?.body;
  if (!hasBody) return [];
  const params = Object.fromEntries(
    [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], ctx.params[m[1]] ?? crypto.randomUUID()]),
  );
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const bodies: [string, FuzzCase['body']][] = [
    ['body-deep', { type: 'application/json', data: deep(20_000) }],
    ['body-deep', { type: 'application/json', data: '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000) }],
    ['body-empty', { type: 'application/json', data: '' }],
    ['body-empty', { type: 'application/octet-stream', data: new Uint8Array(0) }],
  ];
  const key = ctx.body && Object.keys(ctx.body)[0];
  if (key) {
    const marker = `deep-${crypto.randomUUID()}`;
    const inner = JSON.stringify({ ...ctx.body, [key]: marker }).replace(`"${marker}"`, deep(5_000));
    bodies.push(['body-deep', { type: 'application/json', data: inner }]);
  }
  return bodies.map(([kind, body]) => ({ kind, params, query: '', body }));
}
