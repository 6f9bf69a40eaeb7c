import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { createLogger } from '../../server/lib/log';
import { readConfig, type Config } from '../../server/config';
import { connect, type Database } from '../../server/db/client';
import type PgBoss from 'pg-boss';
import { createJobs } from '../../server/lib/jobs';
import { MAIL_QUEUE, mailQueue, registerMailJobs, type MailQueue } from '../../server/lib/mail-queue';
import type { Mail } from '../../server/lib/mailer';
import type { LoginResult } from '../../src/contract/auth';
import type { RouteEntry } from '../../server/plugins/access';
import { withDb } from './global-setup';
import { DEMO_LOGINS } from '../demo-logins';

export interface TestServer {
  url: string;
  routes: RouteEntry[];
  dataDir: string;
  database: Database;
  /** What the mail worker sent, in order; call `mailsSent()` first to wait for the queued ones. */
  mails: Mail[];
  /** Resolves once no mail job is waiting, running or due for a retry (the queue has drained). */
  mailsSent: () => Promise<void>;
  /** The server's mail queue, for tests that run a job which queues mail (exception mails, the morning report). */
  mailQueue: MailQueue;
  close: () => Promise<void>;
}

/**
 * The server's own logger (`createLogger`, with its redaction) writing into `lines`, one JSON text
 * per entry: for tests of what is logged.
 */
export function capturedLog(level = 'info'): { log: Logger; lines: string[]; errors: () => string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // pino level 50 is `error`.
  const errors = () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
  return { log: createLogger(level, sink), lines, errors };
}

/** A real server on a loopback port over its own copy of the seeded database. */
export async function startServer(
  overrides: Partial<Config> = {},
  log: Logger = pino({ level: 'silent' }),
  opts: { failingSends?: number } = {},
): Promise<TestServer> {
  const adminUrl = inject('adminUrl');
  const name = `fams_t_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-api-srv-'));
  const database = connect(withDb(adminUrl, name), 5);
  const mails: Mail[] = [];
  // The mail worker runs on a pg-boss of the server's own, started when a route first needs a boss
  // (most files never mail); its sends land in `mails`. `failingSends`: the first N sends fail.
  let failing = opts.failingSends ?? 0;
  const jobs = createJobs(database, log);
  registerMailJobs(
    jobs,
    {
      send: async (m) => {
        if (failing > 0) {
          failing--;
          throw new Error('the mail server is down (test)');
        }
        mails.push(m);
      },
    },
    { pollingIntervalSeconds: 0.5, retry: { retryLimit: 2, retryDelay: 1, retryBackoff: false } },
  );
  let started: Promise<PgBoss> | undefined;
  const boss = () => (started ??= jobs.start().then(() => jobs.boss));
  const config = {
    ...readConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-dist') }),
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
  const app = await buildApp({ config, database, log, boss });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // As `server/main.ts` settles it at start: the server's own address is the origin of its links.
  if (!('publicUrl' in overrides)) config.publicUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    routes: app.routeTable,
    dataDir,
    database,
    mails,
    mailQueue: mailQueue(boss),
    mailsSent: async () => {
      if (!started) return;
      await started;
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await database.pool.query(
          `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
          [MAIL_QUEUE],
        );
        if (rows[0].n === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0].n} mail job(s) still queued after 20 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: async () => {
      await app.close();
      if (started) await started.then(() => jobs.stop()).catch(() => undefined);
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Json {
  status: number;
  body: any;
  headers: Headers;
}

/** A small HTTP client that keeps the refresh cookie like a browser would. */
export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('fams_rt='));
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  login(username: string, password: string) {
    return this.call('POST', '/api/v1/FAMSlegacy/Authenticate', { Username: username, Password: password });
  }
}

/** The four headers plus bearer token for one login result, as the PWA sends them. */
export function authHeaders(
  r: Pick<LoginResult, 'token' | 'userKey' | 'userRoles' | 'account'>,
  token = r.token,
): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    userId: String(r.userRoles.id),
    accountId: String(r.account.accountId),
    accountKey: r.account.accountKey,
    userKey: r.userKey,
  };
}

/** Signs in and returns the first non-blocked account's session (or the one named). */
export async function session(base: string, username: string, password: string, accountName?: string) {
  const client = new Client(base);
  const res = await client.login(username, password);
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const items = res.body.value as LoginResult[];
  const item = items.find((i) => (accountName ? i.account.accountName === accountName : !i.account.blocked))!;
  const headers = authHeaders(item);
  return {
    client,
    item,
    headers,
    get: (p: string) => client.call('GET', p, undefined, headers),
    send: (method: string, p: string, body?: unknown) => client.call(method, p, body, headers),
  };
}

export type Session = Awaited<ReturnType<typeof session>>;

/** Setup through the API: any answer but 201 stops the fixture with the server's reason. */
export async function created(s: Session, path: string, body: object): Promise<string> {
  const r = await s.send('POST', `/api/v1/${path}`, body);
  if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

// 5 L/mm, so every figure can be worked by hand.
export const LINEAR_CHART = [
  { heightMm: 0, litres: 0 },
  { heightMm: 2000, litres: 10_000 },
];

export function linearTank(storeId: string, productId: string) {
  return { storeId, productId, capacity: 10_000, safeFill: 9500, lowLevel: 1000, strappingChart: LINEAR_CHART };
}

/** A 50 000 L tank without a chart: stock from the books and readings in litres only. */
export function bookTank(storeId: string, productId: string, code: string) {
  return { storeId, productId, code, name: `Tank ${code}`, capacity: 50_000, safeFill: 47_500, lowLevel: 5_000 };
}

export const DEMO = DEMO_LOGINS;
