/**
 * Input fuzzing (issue 10): the walker of the API tests (tests/api/fuzz.ts) over every route of
 * the server's own route table, with many more generated cases than `npm test` runs. Prints the
 * routes, the cases, the answers by status class and by kind of case, and every case that was a
 * 5xx, a refused request that wrote something, or a 4xx without the error body.
 * FUZZ_RUNS (cases per route, default 120) and FUZZ_SEED change the walk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { applyMigrations, connect } from '../server/db/client';
import { startEmbedded } from '../server/db/embedded';
import { createLogger } from '../server/lib/log';
import { seedDemo } from '../server/seed/seed';
import { fuzzRoutes, type Caller } from '../tests/api/fuzz';
import { table } from './lib';

async function signIn(url: string, username: string, password: string): Promise<Caller> {
  const res = await fetch(`${url}/api/v1/FAMSlegacy/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: username, Password: password }),
  });
  const item = (
    (await res.json()) as {
      value: {
        token: string;
        userKey: string;
        userRoles: { id: number; userRoles: { code: string }[] };
        account: { accountId: number; accountKey: string };
      }[];
    }
  ).value[0];
  return {
    name: username,
    roles: item.userRoles.userRoles.map((r) => r.code),
    headers: {
      authorization: `Bearer ${item.token}`,
      userId: String(item.userRoles.id),
      accountId: String(item.account.accountId),
      accountKey: item.account.accountKey,
      userKey: item.userKey,
    },
  };
}

export async function run() {
  const runs = Number(process.env.FUZZ_RUNS) || 120;
  const seed = Number(process.env.FUZZ_SEED) || 20_251;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-bench-security-'));
  fs.chmodSync(dir, 0o755); // PostgreSQL runs as its own user (tests/api/global-setup.ts does the same)
  const log = createLogger('fatal');
  const embedded = await startEmbedded(path.join(dir, 'data'), log);
  const database = connect(embedded.url, 4);
  try {
    await applyMigrations(database.db);
    await seedDemo(database.db, log);
    const config = {
      ...readConfig({ DATA_DIR: path.join(dir, 'data'), STATIC_DIR: path.join(dir, 'no-dist') }),
      port: 0,
      host: '127.0.0.1',
    };
    const app = await buildApp({ config, database, log });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const callers = [await signIn(url, 'admin', 'admin123'), await signIn(url, 'boss', 'boss1234')];
      let n = 0;
      const report = await fuzzRoutes({
        base: url,
        routes: app.routeTable,
        callers,
        runs,
        seed,
        query: (sql) => database.pool.query(sql),
        onCase: () => {
          if (++n % 2000 === 0) process.stdout.write(`  … ${n} cases\n`);
        },
      });
      table(`Fuzzed input over the route table (${runs} cases per route, seed ${seed})`, [
        {
          routes: report.routes,
          'with a valid base': report.withValidBase,
          cases: report.cases.toLocaleString('en'),
          ...Object.fromEntries(
            Object.entries(report.byClass)
              .sort()
              .map(([k, v]) => [k, v.toLocaleString('en')]),
          ),
          '5xx': report.failures.filter((f) => f.status >= 500).length,
          'other failures': report.failures.filter((f) => f.status < 500).length,
          s: (report.ms / 1000).toFixed(0),
        },
      ]);
      table(
        'Cases by kind',
        Object.entries(report.byKind)
          .sort()
          .map(([kind, cases]) => ({ kind, cases })),
      );
      if (report.noValidBase.length)
        table(
          'Routes with hostile inputs only (no valid input derived from the schema)',
          report.noValidBase.map((route) => ({ route })),
        );
      if (report.skipped.length)
        table(
          'Routes not walked',
          report.skipped.map((s) => ({ route: s })),
        );
      if (report.failures.length) {
        table(
          'Failures (first 40)',
          report.failures.slice(0, 40).map((f) => ({
            status: f.status,
            request: f.request.slice(0, 160),
            problem: (f.problem ?? '').slice(0, 160),
          })),
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
