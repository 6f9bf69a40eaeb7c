import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, DEMO, session, startServer, type TestServer } from './harness';
import { fuzzRoutes, type Caller } from './fuzz';

/**
 * Issue 10: no input a client can send makes the server answer 5xx, and a refused request writes
 * nothing. Walks the server's own route table (tests/api/fuzz.ts), a few generated cases per route
 * with a fixed seed, plus deep and empty bodies on every route with one; `npm run bench security`
 * runs the same walk with many more. Nothing may reach the log at error level.
 */
let srv: TestServer;
/** Bad input must leave nothing at error level in the log (ADR 074). */
const { log, errors } = capturedLog('error');
beforeAll(async () => {
  srv = await startServer({}, log);
});
afterAll(async () => {
  await srv?.close();
});

async function fuzzCallers(url: string): Promise<Caller[]> {
  const out: Caller[] = [];
  for (const name of ['admin', 'boss'] as const) {
    const [u, p] = DEMO[name];
    const s = await session(url, u, p);
    out.push({ name, roles: s.item.userRoles.userRoles.map((r) => r.code), headers: s.headers });
  }
  return out;
}

describe('fuzzed input on every route', () => {
  it('never answers 5xx, and a refused request changes nothing', async () => {
    const report = await fuzzRoutes({
      base: srv.url,
      routes: srv.routes,
      callers: await fuzzCallers(srv.url),
      query: (sql) => srv.database.pool.query(sql),
      runs: Number(process.env.FUZZ_RUNS) || 4,
      seed: Number(process.env.FUZZ_SEED) || 1,
    });
    const lines = report.failures.map((f) => `${f.status} ${f.request}\n    ${f.problem}`);
    expect(report.routes).toBeGreaterThan(100);
    expect(report.byKind['body-deep']).toBeGreaterThan(100);
    expect(lines.join('\n')).toBe('');
    expect(
      errors()
        .map((l) => l.slice(0, 400))
        .join('\n'),
    ).toBe('');
  }, 240_000);
});
