import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { createLogger } from '../../lib/log';
import { APP_VERSION } from '../../lib/version';
import { commandBoss } from './jobs-client';

/**
 * `/Diagnostic` against a real server: what it reports (version, database and migrations, pg-boss
 * queues and failed jobs with retry, gauges, devices' last sync from the batch headers, mail
 * waiting, recent errors), that only ThebigBoss reaches it, and that a bad sync header never
 * fails a batch.
 */
type Session = Awaited<ReturnType<typeof session>>;
let srv: TestServer;
let boss: Session;
let admin: Session;
const D = '/api/v1/diagnostic';
const u = crypto.randomBytes(3).toString('hex');

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss);
  admin = await session(srv.url, ...DEMO.admin);
});
afterAll(async () => {
  await srv?.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => (await srv.database.db.execute(query)).rows as T[];

/** A dispense batch of one record on the demo fleet's first tank and equipment, with these headers. */
async function batch(headers: Record<string, string>) {
  const [ref] = await q<{ store_id: string; tank_id: string; equipment_id: string }>(sql`
    select t.store_id, t.id as tank_id, (select e.id from equipment e where e.account_id = t.account_id
      and e.deleted_at is null and e.active order by e.fleet_no limit 1) as equipment_id
    from tanks t join accounts a on a.id = t.account_id
    where a.name = 'Demo Fuels' and t.deleted_at is null order by t.code limit 1`);
  const record = {
    id: crypto.randomUUID(),
    variant: 'FAMS',
    storeId: ref.store_id,
    tankId: ref.tank_id,
    equipmentId: ref.equipment_id,
    litres: 1,
    dispensedAt: new Date(Date.now() - 60_000).toISOString(),
    deviceId: 'diag-test',
  };
  return admin.client.call('POST', '/api/v1/dispenses/batch', { records: [record] }, { ...admin.headers, ...headers });
}
const syncRow = async (deviceId: string) =>
  (
    await q<{ outbox: number | null; app_version: string | null; kind: string; records: number }>(
      sql`select outbox, app_version, kind, records from device_syncs where device_id = ${deviceId}`,
    )
  )[0];

describe('devices report their sync with each batch', () => {
  it('stores device id, outbox size and app version from the headers, one row per device', async () => {
    const h = { 'X-FAMS-Device': `dev-${u}`, 'X-FAMS-Outbox': '3', 'X-FAMS-Version': '1.2.3' };
    const r = await batch(h);
    expect(r.status).toBe(200);
    expect(r.body.results[0].status).toBe('created');
    expect(await syncRow(`dev-${u}`)).toEqual({ outbox: 3, app_version: '1.2.3', kind: 'dispenses', records: 1 });
    await batch({ ...h, 'X-FAMS-Outbox': '0' });
    expect((await syncRow(`dev-${u}`)).outbox).toBe(0);
    expect((await q(sql`select 1 from device_syncs where device_id = ${`dev-${u}`}`)).length).toBe(1);
  });

  it('a bad header is ignored and never fails the batch', async () => {
    const bad = await batch({ 'X-FAMS-Device': 'not a device id; drop table', 'X-FAMS-Outbox': '7' });
    expect(bad.status).toBe(200);
    expect(bad.body.results[0].status).toBe('created');
    expect(await q(sql`select 1 from device_syncs where device_id like 'not a device%'`)).toEqual([]);
    // A good device id with a bad outbox and version keeps the id, drops the rest.
    const half = await batch({ 'X-FAMS-Device': `half-${u}`, 'X-FAMS-Outbox': '-1', 'X-FAMS-Version': '<script>' });
    expect(half.body.results[0].status).toBe('created');
    expect(await syncRow(`half-${u}`)).toMatchObject({ outbox: null, app_version: null });
    // No report at all: the batch as before.
    expect((await batch({})).body.results[0].status).toBe('created');
  });
});

describe('the report', () => {
  it('shows version, database, migrations, gauges, devices, mail and recent errors', async () => {
    fs.mkdirSync(path.join(srv.dataDir, 'mail'), { recursive: true });
    fs.writeFileSync(path.join(srv.dataDir, 'mail', `test-${u}.eml`), 'Subject: hi\r\n\r\nbody');
    fs.writeFileSync(path.join(srv.dataDir, 'mail', 'notes.txt'), 'not a mail');
    // An error logged through the one logger lands in the ring (redacted like the log itself).
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    createLogger('info', sink as never).error({ password: 'secret-pw' }, `planted error ${u}`);

    const r = await boss.get(D);
    expect(r.status).toBe(200);
    const d = r.body;
    expect(d.version).toMatchObject({ app: APP_VERSION, node: process.version });
    expect(d.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(d.database.migrations.length).toBe(d.database.migrationFiles);
    expect(d.database.migrations[0].tag).toMatch(/^\d{4}_/);
    expect(d.database.migrations.map((m: { tag: string }) => m.tag)).toContainEqual(
      expect.stringMatching(/^\d{4}_integrity$/),
    );
    expect(d.gauges.length).toBeGreaterThan(0);
    expect(d.gauges[0]).toMatchObject({ account: expect.any(String), name: expect.any(String) });
    expect(d.devices).toContainEqual(
      expect.objectContaining({ account: 'Demo Fuels', deviceId: `dev-${u}`, appVersion: '1.2.3', kind: 'dispenses' }),
    );
    expect(d.mail).toMatchObject({ waiting: 1, files: [expect.objectContaining({ name: `test-${u}.eml` })] });
    const e = d.errors.find((x: { message: string }) => x.message === `planted error ${u}`);
    expect(e).toBeTruthy();
    expect(JSON.stringify(d.errors)).not.toContain('secret-pw');
  });

  it('is ThebigBoss only', async () => {
    expect((await admin.get(D)).status).toBe(403);
    expect((await admin.send('POST', `${D}/jobs/q/${crypto.randomUUID()}/retry`)).status).toBe(403);
  });
});

describe('pg-boss queues', () => {
  it('counts queued and failed jobs, lists the failed one and retries it through pg-boss', async () => {
    const pgboss = await commandBoss(srv.database)();
    const queue = `diag-test-${u}`;
    await pgboss.createQueue(queue, { name: queue, retryLimit: 0 });
    const id = (await pgboss.send(queue, { n: 1 }))!;
    await pgboss.send(queue, { n: 2 });
    const [job] = await pgboss.fetch(queue);
    const failedId = job.id === id ? id : job.id;
    await pgboss.fail(queue, failedId, { message: `planted failure ${u}` });

    const d = (await boss.get(D)).body;
    expect(d.jobs.installed).toBe(true);
    expect(d.jobs.queues).toContainEqual({ name: queue, queued: 1, active: 0, failed: 1, completed: 0 });
    expect(d.jobs.failed).toContainEqual(
      expect.objectContaining({ id: failedId, queue, error: `planted failure ${u}`, retryCount: 0 }),
    );

    const retry = await boss.send('POST', `${D}/jobs/${queue}/${failedId}/retry`);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ retried: true });
    const [{ state }] = await q<{ state: string }>(sql`select state::text from pgboss.job where id = ${failedId}`);
    expect(state).toBe('retry');
    // Not failed any more: 409; unknown job: 404; a malformed id: 400.
    expect((await boss.send('POST', `${D}/jobs/${queue}/${failedId}/retry`)).status).toBe(409);
    expect((await boss.send('POST', `${D}/jobs/${queue}/${crypto.randomUUID()}/retry`)).status).toBe(404);
    expect((await boss.send('POST', `${D}/jobs/${queue}/nope/retry`)).status).toBe(400);
    await pgboss.stop({ graceful: false, close: false });
  });
});
