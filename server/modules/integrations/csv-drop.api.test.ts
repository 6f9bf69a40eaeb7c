import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { diskFileStore } from '../../lib/files';
import { ingestFixture, post, type IngestFixture, type Session } from '../dispensing/fixture.testutil';
import { csvDropService } from './csv-drop.service';

/**
 * CSV drops (ADR 057) on a real server: the file's content on a fixture, the watermark (no record
 * twice, none skipped, a late-synced record in the next drop), a failing folder reported and
 * retried without losing records, the schedule's tick, tenant isolation and roles; and the BI feed
 * integration showing its feed key's last use.
 */
let srv: TestServer;
let f: IngestFixture;
let north: Session;
let accountId: number;
const files = () => diskFileStore(srv.dataDir);
const drops = () => csvDropService(srv.database.db, files());
/** pg-boss is not under test here: the jobs the tick would send are collected. */
const sent: string[] = [];
const fakeBoss = async () =>
  ({
    insert: async (jobs: { id: string }[]) => {
      sent.push(...jobs.map((j) => j.id));
    },
  }) as unknown as PgBoss;

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  north = await session(srv.url, ...DEMO.boss, 'North Haulage');
  accountId = f.admin.item.account.accountId;
});
afterAll(async () => {
  await srv?.close();
});

const drop = (over: Record<string, unknown> = {}) => ({
  type: 'csv_drop',
  name: `Drop ${crypto.randomUUID().slice(0, 8)}`,
  datasets: ['dispenses', 'receipts'],
  frequency: 'daily',
  atTime: '06:00',
  folder: 'exports/fams',
  ...over,
});
const dispense = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tankA,
  equipmentId: f.e2,
  litres: 10,
  dispensedAt: '2026-11-16T10:00:00Z',
  deviceId: 'drop-test',
  ...over,
});
let meter = 5000;
const stored = async (n: number, over: Record<string, unknown> = {}) => {
  const batch = Array.from({ length: n }, () => dispense({ meter: (meter += 10), ...over }));
  const res = await post(f.driver, 'dispenses', batch);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(batch.map(() => 'created'));
  return batch.map((d) => d.id);
};
/** "Run now", then the job's work, as the worker does it. */
const runNow = async (s: Session, id: string, final = false) => {
  const res = await s.send('POST', `/api/v1/integrations/${id}/run`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { run: res.body.run as string, outcome: await drops().execute(res.body.run, final) };
};
const lines = (csv: string | undefined) =>
  (csv ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
const idsIn = (csv: string | undefined) =>
  lines(csv)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(',')[0])
    .sort();
const fileOf = async (key: string) => (await files().get(accountId, key))?.toString('utf8');

describe('CSV drop', () => {
  it('writes the records stored since the last drop, once each, and shows the run on /Integration', async () => {
    const made = await f.admin.send('POST', '/api/v1/integrations', drop());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    expect(made.body).toMatchObject({ frequency: 'daily', atTime: '06:00', folder: 'exports/fams', lastRows: null });
    expect(new Date(made.body.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const first = await stored(2);
    const receipt = {
      id: crypto.randomUUID(),
      tankId: f.tankB,
      supplier: 'Fuel Co',
      deliveryNote: 'DN-77',
      litres: 1200,
      receivedAt: '2026-11-18T09:00:00Z',
      deviceId: 'drop-test',
    };
    expect((await post(f.admin, 'receipts', [receipt])).body.results[0].status).toBe('created');

    const one = await runNow(f.admin, id);
    expect(one.outcome).toBe('done');
    const runs = (await f.admin.get(`/api/v1/integrations/${id}/runs`)).body.items;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: one.run, status: 'done', trigger: 'manual', rows: 3, attempts: 1 });
    const [dKey, rKey] = runs[0].files as string[];
    expect(dKey).toMatch(/^drops\/exports\/fams\/dispenses-\d{8}T\d{9}Z\.csv$/);
    expect(rKey).toMatch(/^drops\/exports\/fams\/receipts-\d{8}T\d{9}Z\.csv$/);
    const dCsv = await fileOf(dKey);
    // The BI feed's columns: declared titles, instants as exact UTC text, litres with 3 decimals.
    expect(lines(dCsv)[0]).toMatch(/^Id,Dispensed at,Day,Store,Store name,Tank,Product,Product name,Fleet no\./);
    expect(idsIn(dCsv)).toEqual([...first].sort());
    expect(lines(dCsv)[1]).toContain('2026-11-16T10:00:00.000000Z');
    expect(lines(dCsv)[1]).toContain('10.000');
    expect(idsIn(await fileOf(rKey))).toEqual([receipt.id]);
    expect(lines(await fileOf(rKey))[1]).toContain('DN-77');

    const row = (await f.admin.get(`/api/v1/integrations/${id}`)).body;
    expect(row).toMatchObject({ lastStatus: 'ok', lastRows: 3, lastError: null });
    expect(row.lastRunAt).not.toBeNull();

    // A run already queued: a second "Run now" is refused until it is done.
    const queued = await f.admin.send('POST', `/api/v1/integrations/${id}/run`, {});
    expect(queued.status).toBe(200);
    expect((await f.admin.send('POST', `/api/v1/integrations/${id}/run`, {})).status).toBe(409);
    expect(await drops().execute(queued.body.run, false)).toBe('done');
    // A job delivered twice does nothing the second time.
    expect(await drops().execute(queued.body.run, false)).toBe('gone');

    // Next: only what was stored since — including a dispense made last week and synced only now.
    const late = await stored(1, { dispensedAt: '2026-11-10T08:00:00Z' });
    const two = await runNow(f.admin, id);
    expect(two.outcome).toBe('done');
    const [latest] = (await f.admin.get(`/api/v1/integrations/${id}/runs`)).body.items;
    expect(latest).toMatchObject({ id: two.run, rows: 1 });
    expect(idsIn(await fileOf(latest.files[0]))).toEqual(late);
    expect(lines(await fileOf(latest.files[1]))).toHaveLength(1); // receipts: the header only
  });

  it('reports a folder it cannot write, retries, and loses no record when it fails for good', async () => {
    const made = await f.admin.send(
      'POST',
      '/api/v1/integrations',
      drop({ folder: 'blocked', datasets: ['dispenses'] }),
    );
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const before = await stored(2);
    // A file where the folder should be: the disk refuses to make the folder.
    const dir = path.join(srv.dataDir, 'files', 'accounts', String(accountId), 'drops');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'blocked'), 'not a folder');

    const tryOnce = await runNow(f.admin, id);
    expect(tryOnce.outcome).toBe('retry');
    let row = (await f.admin.get(`/api/v1/integrations/${id}`)).body;
    expect(row.lastStatus).toBe('retrying');
    expect(row.lastError).toMatch(/^The file could not be written to the folder \((ENOTDIR|EEXIST)\)$/);
    expect(row.lastError).not.toContain(srv.dataDir);
    expect(await drops().execute(tryOnce.run, true)).toBe('failed');
    row = (await f.admin.get(`/api/v1/integrations/${id}`)).body;
    expect(row.lastStatus).toBe('failed');
    const [failed] = (await f.admin.get(`/api/v1/integrations/${id}/runs`)).body.items;
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, rows: null });

    // Fixed: the next drop covers the failed one's records too.
    fs.rmSync(path.join(dir, 'blocked'));
    const after = await stored(1);
    const ok = await runNow(f.admin, id);
    expect(ok.outcome).toBe('done');
    const [done] = (await f.admin.get(`/api/v1/integrations/${id}/runs`)).body.items;
    expect(idsIn(await fileOf(done.files[0]))).toEqual([...before, ...after].sort());
    expect((await f.admin.get(`/api/v1/integrations/${id}`)).body).toMatchObject({ lastStatus: 'ok', lastError: null });
  });

  it('opens scheduled runs on the tick and moves the next run on', async () => {
    const made = await f.admin.send('POST', '/api/v1/integrations', drop({ frequency: 'hourly', atTime: null }));
    const id = made.body.id as string;
    const next = new Date(made.body.nextRunAt);
    expect(next.getTime() % 3_600_000).toBe(0);
    // The row says the zone its schedule runs in, so the screen shows the next run in it (the account's zone).
    const zone = await srv.database.db.execute<{ tz: string }>(
      sql`select timezone as tz from stores where account_id = ${f.admin.item.account.accountId}
        and deleted_at is null order by code limit 1`,
    );
    expect(made.body.timeZone).toBe(zone.rows[0]?.tz ?? 'UTC');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    await srv.database.db.execute(
      sql`update integrations set next_run_at = now() - interval '1 minute' where id = ${id}`,
    );
    sent.length = 0;
    const opened = await drops().tick(fakeBoss);
    expect(opened).toHaveLength(1);
    expect(sent).toContain(opened[0]);
    const [run] = (await f.admin.get(`/api/v1/integrations/${id}/runs`)).body.items;
    expect(run).toMatchObject({ id: opened[0], trigger: 'scheduled', status: 'queued' });
    const moved = (await f.admin.get(`/api/v1/integrations/${id}`)).body.nextRunAt;
    expect(new Date(moved).getTime()).toBeGreaterThan(Date.now());
    // Not due again, and its run still queued: the next tick opens nothing for it.
    expect(await drops().tick(fakeBoss)).not.toContain(opened[0]);
    expect(await drops().execute(opened[0], false)).toBe('done');
  });

  it('refuses bad settings with field errors and writes nothing', async () => {
    const count = async () =>
      (await srv.database.db.execute<{ n: number }>(sql`select count(*)::int as n from integrations`)).rows[0].n;
    const n = await count();
    const bad = async (over: Record<string, unknown>, field: string) => {
      const res = await f.admin.send('POST', '/api/v1/integrations', drop(over));
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body.fieldErrors?.[field], JSON.stringify(res.body)).toBeTruthy();
    };
    await bad({ folder: null }, 'folder');
    await bad({ folder: '../etc' }, 'folder');
    await bad({ folder: 'a/b/c/d/e' }, 'folder');
    await bad({ datasets: [] }, 'datasets');
    await bad({ datasets: ['salaries'] }, 'datasets.0');
    await bad({ frequency: 'weekly' }, 'frequency');
    await bad({ atTime: null }, 'atTime');
    await bad({ atTime: '25:00' }, 'atTime');
    expect(await count()).toBe(n);
  });

  it('keeps each account to its own drops and records; only the admin runs them', async () => {
    const mine = (await f.admin.send('POST', '/api/v1/integrations', drop({ datasets: ['dispenses'] }))).body.id;
    const theirs = await north.send('POST', '/api/v1/integrations', drop({ datasets: ['dispenses'] }));
    expect(theirs.status).toBe(201);
    const ids = await stored(1);
    // Another account's drop: not visible, not runnable; its own drop holds none of these records.
    expect((await north.get(`/api/v1/integrations/${mine}/runs`)).status).toBe(404);
    expect((await north.send('POST', `/api/v1/integrations/${mine}/run`, {})).status).toBe(404);
    const res = await north.send('POST', `/api/v1/integrations/${theirs.body.id}/run`, {});
    expect(await drops().execute(res.body.run, false)).toBe('done');
    const [run] = (await north.get(`/api/v1/integrations/${theirs.body.id}/runs`)).body.items;
    const northFile = await files().get(north.item.account.accountId, run.files[0]);
    expect(northFile).not.toBeNull();
    for (const d of ids) expect(northFile!.toString('utf8')).not.toContain(d);

    for (const [user, pass] of [DEMO.driver, DEMO.viewer, DEMO.manager]) {
      const s = await session(srv.url, user, pass);
      expect((await s.get(`/api/v1/integrations/${mine}/runs`)).status, user).toBe(403);
      expect((await s.send('POST', `/api/v1/integrations/${mine}/run`, {})).status, user).toBe(403);
    }
    // A webhook has no runs.
    const hook = await f.admin.send('POST', '/api/v1/integrations', {
      type: 'webhook',
      name: `Hook ${crypto.randomUUID().slice(0, 6)}`,
      url: 'https://example.com/hook',
      events: ['ping'],
    });
    expect((await f.admin.send('POST', `/api/v1/integrations/${hook.body.id}/run`, {})).status).toBe(422);
  });
});

describe('BI feed integration', () => {
  it('stands for one of the account’s feed keys and shows its last use', async () => {
    const key = await f.admin.send('POST', '/api/v1/bi-feed-keys', { name: 'Finance BI' });
    expect(key.status).toBe(201);
    const made = await f.admin.send('POST', '/api/v1/integrations', {
      type: 'bi_feed',
      name: 'Finance Power BI',
      feedKeyId: key.body.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ feedKeyId: key.body.id, lastRunAt: null, lastStatus: null });

    const pulled = await fetch(`${srv.url}/api/v1/feed/dispenses?$top=1`, {
      headers: { authorization: `Bearer ${key.body.key}` },
    });
    expect(pulled.status).toBe(200);
    const used = (await f.admin.get(`/api/v1/integrations/${made.body.id}`)).body;
    expect(used.lastStatus).toBe('ok');
    expect(used.lastRunAt).not.toBeNull();

    // Another account's key, or none that exists, cannot be chosen.
    const northKey = await north.send('POST', '/api/v1/bi-feed-keys', { name: 'North BI' });
    for (const feedKeyId of [northKey.body.id, crypto.randomUUID()]) {
      const res = await f.admin.send('POST', '/api/v1/integrations', { type: 'bi_feed', name: 'Other', feedKeyId });
      expect(res.status).toBe(422);
      expect(res.body.fieldErrors.feedKeyId[0]).toMatch(/feed keys/);
    }
    expect((await f.admin.send('DELETE', `/api/v1/bi-feed-keys/${key.body.id}`)).status).toBeLessThan(300);
    expect((await f.admin.get(`/api/v1/integrations/${made.body.id}`)).body).toMatchObject({
      lastStatus: 'revoked',
      lastError: 'The feed key was revoked on /PBAnalytics',
    });
  });
});
