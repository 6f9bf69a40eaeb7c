import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemReport } from '../../../src/contract/system-report';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { commandBoss } from '../diagnostic/jobs-client';

/**
 * `/SystemReport` on a small, known change to the seeded database: records added now (the report's
 * sums move by exactly them), two field devices (one synced today, one 10 days ago) and one failed job.
 */
let srv: TestServer;
let boss: Awaited<ReturnType<typeof session>>;
let admin: Awaited<ReturnType<typeof session>>;
const u = crypto.randomBytes(3).toString('hex');

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss);
  admin = await session(srv.url, ...DEMO.admin);
});
afterAll(async () => {
  await srv?.close();
});

const report = async (days = 7): Promise<SystemReport> => {
  const res = await boss.get(`/api/v1/system-report?days=${days}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const sums = (r: SystemReport, account: string) =>
  r.recordsByDay
    .filter((d) => d.account === account)
    .reduce(
      (s, d) => ({
        dispenses: s.dispenses + d.dispenses,
        receipts: s.receipts + d.receipts,
        transfers: s.transfers + d.transfers,
      }),
      { dispenses: 0, receipts: 0, transfers: 0 },
    );

describe('system report', () => {
  it('counts the records added per account (and no other account moves)', async () => {
    const before = await report();
    const ref = (await admin.get('/api/v1/reference')).body;
    const tank = ref.tanks[0];
    const at = new Date(Date.now() - 3600_000).toISOString();
    const disp = () => ({
      id: crypto.randomUUID(),
      variant: 'FAMS',
      storeId: tank.storeId,
      tankId: tank.id,
      equipmentId: ref.equipment[0].id,
      litres: 10,
      dispensedAt: at,
      deviceId: `sys-${u}`,
    });
    const d = await admin.send('POST', '/api/v1/dispenses/batch', { records: [disp(), disp()] });
    expect(d.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    const t = await admin.send('POST', '/api/v1/transfers/batch', {
      records: [
        {
          id: crypto.randomUUID(),
          fromTankId: tank.id,
          toBowser: 'B1',
          litres: 5,
          transferredAt: at,
          deviceId: `sys-${u}`,
        },
      ],
    });
    expect(t.body.results[0].status).toBe('created');
    const after = await report();
    const [b, a] = [sums(before, 'Demo Fuels'), sums(after, 'Demo Fuels')];
    expect({
      dispenses: a.dispenses - b.dispenses,
      receipts: a.receipts - b.receipts,
      transfers: a.transfers - b.transfers,
    }).toEqual({ dispenses: 2, receipts: 0, transfers: 1 });
    expect(sums(after, 'North Haulage')).toEqual(sums(before, 'North Haulage'));
  });

  it('active and stale devices, members and failed jobs', async () => {
    const accountId = admin.item.account.accountId;
    await srv.database.db.execute(sql`
      insert into device_syncs (account_id, device_id, last_sync_at, kind, records)
      values (${accountId}, ${`new-${u}`}, now(), 'dispense', 1),
             (${accountId}, ${`old-${u}`}, now() - interval '10 days', 'dispense', 1)`);
    const pgboss = await commandBoss(srv.database)();
    const queue = `sys-test-${u}`;
    await pgboss.createQueue(queue, { name: queue, retryLimit: 0 });
    await pgboss.send(queue, {});
    const [job] = await pgboss.fetch(queue);
    await pgboss.fail(queue, job.id, { message: `planted ${u}` });

    const r = await report(7);
    expect(r.staleDevices.map((s) => s.deviceId)).toContain(`old-${u}`);
    expect(r.staleDevices.map((s) => s.deviceId)).not.toContain(`new-${u}`);
    const df = r.accounts.find((x) => x.accountId === accountId)!;
    expect(df.devices - df.activeDevices).toBeGreaterThanOrEqual(1);
    expect(df.users).toBeGreaterThanOrEqual(df.activeUsers);
    expect(df.activeUsers).toBeGreaterThanOrEqual(2); // admin and boss signed in just now
    expect(r.failedJobs).toContainEqual(expect.objectContaining({ queue, count: 1, lastError: `planted ${u}` }));
    // With a window of 30 days the 10-day-old device is active again.
    expect((await report(30)).staleDevices.map((s) => s.deviceId)).not.toContain(`old-${u}`);
  });

  it('is ThebigBoss’s alone, and the window is bounded', async () => {
    expect((await admin.get('/api/v1/system-report')).status).toBe(403);
    expect((await boss.get('/api/v1/system-report?days=0')).status).toBe(400);
    expect((await boss.get('/api/v1/system-report?days=91')).status).toBe(400);
  });
});
