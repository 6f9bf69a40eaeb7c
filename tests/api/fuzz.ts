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
 * Every route with a body also gets JSON 3,000–20,000 levels deep and empty bodies (ADR 074).
 *
 * A case fails when the answer is 5xx, when a 4xx changed any table (rows counted, and the newest
 * row version per table, so an update is seen too; the audit log is one of the tables), or when
 * a 4xx body is not the error body `{title, message, code}`.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { satisfies, type Rule } from '../../src/contract/access';
import { ErrorBody } from '../../src/contract/errors';
import { RouteContext, caseArb, fixedBodyCases } from './fuzz/cases';
import { Ids, pct, toJs, validInput } from './fuzz/inputs';
import { changed, stateProbe } from './fuzz/state';
import { Caller, CaseResult, FuzzCase, FuzzOptions, FuzzReport } from './fuzz/types';
import type { RouteEntry } from '../../server/plugins/access';
export type { Caller, CaseResult, FuzzCase, FuzzOptions, FuzzReport, Query } from './fuzz/types';

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
    const cases = [
      ...fc.sample(caseArb(ctx), { seed: (o.seed ?? 1) * 7919 + i, numRuns: o.runs }),
      ...fixedBodyCases(ctx),
    ];
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
