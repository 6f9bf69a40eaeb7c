import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../../src/contract/calendar';
import { DEFAULT_EXCEPTION_RULES } from '../../../src/contract/exception-rules';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { createJobs } from '../../lib/jobs';
import { pruneSentMail } from '../integrity/nightly';
import { buildFixture, type Fixture } from '../records/fixture.testutil';
import { DIGEST_QUEUE, planDigests, registerExceptionMailJobs, sendDigest, sendImmediateMails } from './notify.jobs';

/**
 * Exception rules per account and e-mail notifications (ADR 027) against a real server: the rules
 * per role, refusals that write nothing, the audit, a rule changing the next exception raised by
 * the ingest, subscriptions, an immediate mail and a digest queued on the one mail queue and sent
 * by its worker, once each, and the digest through the pg-boss queue.
 */
let srv: TestServer;
let f: Fixture;
/** The mails the server's mail worker has sent, once the queue has drained (exception mails go through it, ADR 051). */
const mails = async () => {
  await srv.mailsSent();
  return srv.mails;
};

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

const RULES = '/api/v1/exceptions/rules';
const SUBS = '/api/v1/exceptions/subscriptions';
const q = async <T>(s: ReturnType<typeof sql>) => (await srv.database.db.execute(s)).rows as T[];
const accountId = () => f.admin.item.account.accountId;
const auditOf = (entity: string) =>
  q<{ before: unknown; after: unknown }>(
    sql`select before, after from audit_log where entity = ${entity} and account_id = ${accountId()} order by at`,
  );

/** One dispense of E1 at store S (Africa/Johannesburg) through the batch ingest; returns its codes. */
async function dispense(litres: number, at: string): Promise<{ id: string; codes: string[] }> {
  const id = crypto.randomUUID();
  const r = await f.driver.send('POST', '/api/v1/dispenses/batch', {
    records: [
      { variant: 'FAMS', deviceId: 'phone-1', note: '', id, storeId: f.store, tankId: f.t1, equipmentId: f.e1, litres },
    ].map((d) => ({ ...d, dispensedAt: at })),
  });
  expect(r.status).toBe(200);
  expect(r.body.results[0].status).toBe('created');
  const codes = await q<{ code: string }>(sql`select code from exceptions where entity_id = ${id} order by code`);
  return { id, codes: codes.map((c) => c.code) };
}

describe('rules per account', () => {
  it('admin reads the defaults; other roles are refused in both directions', async () => {
    const r = await f.admin.get(RULES);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      rules: DEFAULT_EXCEPTION_RULES,
      defaults: DEFAULT_EXCEPTION_RULES,
      updatedAt: null,
    });
    for (const who of [f.editor, f.driver, await session(srv.url, ...DEMO.manager)]) {
      expect((await who.get(RULES)).status).toBe(403);
      expect((await who.send('PUT', RULES, DEFAULT_EXCEPTION_RULES)).status).toBe(403);
    }
  });

  it('bad input is a 400 naming the fields, and writes nothing', async () => {
    const bad = await f.admin.send('PUT', RULES, { ...DEFAULT_EXCEPTION_RULES, outlierZ: 1, staleGaugeHours: 'soon' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['outlierZ', 'staleGaugeHours']);
    const half = await f.admin.send('PUT', RULES, { ...DEFAULT_EXCEPTION_RULES, workingFrom: '06:00' });
    expect(half.status).toBe(400);
    expect(half.body.fieldErrors).toEqual({ workingTo: ['Give both times, or neither'] });
    const extra = await f.admin.send('PUT', RULES, { ...DEFAULT_EXCEPTION_RULES, surprise: 1 });
    expect(extra.status).toBe(400);
    expect(await q(sql`select 1 from exception_rules where account_id = ${accountId()}`)).toEqual([]);
    expect(await auditOf('exception_rules')).toEqual([]);
  });

  it('a change applies to the next exception raised by the ingest, is audited, and stays in its account', async () => {
    // Before: 520 L into a 500 L vehicle at 20:00 local is over capacity, and no working hours are set.
    const before = await dispense(520, '2026-10-12T18:00:00Z');
    expect(before.codes).toContain('over_equipment_capacity');
    expect(before.codes).not.toContain('outside_working_hours');

    const rules = { ...DEFAULT_EXCEPTION_RULES, capacityOvershootPct: 10, workingFrom: '06:00', workingTo: '18:00' };
    const put = await f.admin.send('PUT', RULES, rules);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ rules, updatedBy: expect.any(String), updatedAt: expect.any(String) });
    expect(await auditOf('exception_rules')).toEqual([{ before: DEFAULT_EXCEPTION_RULES, after: rules }]);

    // After: 520 L is within 10 % over; 560 L is not; 20:00 local is outside 06:00–18:00, 10:00 is inside.
    const within = await dispense(520, '2026-10-13T08:00:00Z');
    expect(within.codes).not.toContain('over_equipment_capacity');
    expect(within.codes).not.toContain('outside_working_hours');
    const over = await dispense(560, '2026-10-14T18:00:00Z');
    expect(over.codes).toEqual(expect.arrayContaining(['over_equipment_capacity', 'outside_working_hours']));
    // The exception raised before the change is still there as it was.
    expect((await dispenseCodes(before.id)).includes('over_equipment_capacity')).toBe(true);

    // Another account still has the defaults.
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const other = await boss.get(RULES);
    expect(other.status).toBe(200);
    expect(other.body.rules).toEqual(DEFAULT_EXCEPTION_RULES);

    // Field devices get the rules with the reference data they cache (offline warnings judge alike),
    // and the changed data has a new ETag, so a device refreshes it.
    const ref = await f.driver.get('/api/v1/reference');
    expect(ref.body.dispenseRules).toEqual({ capacityOvershootPct: 10, workingFrom: '06:00', workingTo: '18:00' });
    const theirs = await boss.get('/api/v1/reference');
    expect(theirs.body.dispenseRules).toEqual({ capacityOvershootPct: 0, workingFrom: null, workingTo: null });
  });
});

const dispenseCodes = async (id: string) =>
  (await q<{ code: string }>(sql`select code from exceptions where entity_id = ${id}`)).map((c) => c.code);

describe('notifications', () => {
  it('a user subscribes per type; bad input is 400; the change is audited', async () => {
    const empty = await f.admin.get(SUBS);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], digestAt: '07:00', email: expect.stringContaining('@') });
    const bad = await f.admin.send('PUT', SUBS, { items: [{ code: 'nonsense', mode: 'hourly' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['items.0.code', 'items.0.mode']);
    const items = [
      { code: 'over_equipment_capacity', mode: 'immediate' },
      { code: 'outside_working_hours', mode: 'digest' },
      { code: 'meter_rollback', mode: 'off' },
    ];
    const put = await f.admin.send('PUT', SUBS, { items });
    expect(put.status).toBe(200);
    expect(put.body.items).toEqual([
      { code: 'outside_working_hours', mode: 'digest' },
      { code: 'over_equipment_capacity', mode: 'immediate' },
    ]);
    expect((await auditOf('exception_subscriptions')).length).toBe(1);
    // A driver cannot open /Exceptions, so has no subscriptions either.
    expect((await f.driver.get(SUBS)).status).toBe(403);
  });

  it('"immediately": the mail job queues one mail per user for exceptions raised since, never twice', async () => {
    expect(await sendImmediateMails(srv.database, srv.mailQueue)).toBe(0); // nothing raised since subscribing
    const d = await dispense(700, '2026-10-15T08:00:00Z');
    expect(d.codes).toContain('over_equipment_capacity');
    expect(await sendImmediateMails(srv.database, srv.mailQueue)).toBe(1);
    // Sent by the one mail queue's worker (its retries and /Diagnostic's failed list cover it).
    const [mail] = await mails();
    expect(mail.subject).toMatch(/More than the equipment holds/);
    expect(mail.text).toContain('700 L is more than');
    expect(await sendImmediateMails(srv.database, srv.mailQueue)).toBe(0);
    expect(await mails()).toHaveLength(1);
  });

  it('"daily digest": the job sends the local day once; planned through pg-boss for 07:00 in the zone', async () => {
    const tz = (await f.admin.get(SUBS)).body.timeZone as string;
    const today = localDate(new Date(), tz);
    const before = (await mails()).length;
    expect(await sendDigest(srv.database, srv.mailQueue, accountId(), today)).toBe(1);
    expect(await sendDigest(srv.database, srv.mailQueue, accountId(), today)).toBe(0);
    expect(await mails()).toHaveLength(before + 1);
    const digest = (await mails()).slice(-1)[0];
    expect(digest.subject).toMatch(new RegExp(`new exceptions? on ${today}`));
    expect(digest.text).toContain('Outside working hours');
    expect(digest.text).not.toContain('More than the equipment holds'); // that type is "immediately"

    // Through the queue: the planner queues the next digest (07:00 local) once however often it runs,
    // and a digest job sent now is run by the worker and writes its .eml.
    const jobs = createJobs(srv.database, pino({ level: 'silent' }));
    registerExceptionMailJobs(jobs, srv.mailQueue);
    await jobs.start();
    try {
      await planDigests(srv.database, jobs.boss);
      await planDigests(srv.database, jobs.boss);
      const planned = await q<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${DIGEST_QUEUE} and state = 'created'
          and singleton_key like ${`${accountId()}:%`} and start_after > now()`,
      );
      expect(planned[0].n).toBe(1);
      await srv.database.db.execute(sql`delete from exception_digests where account_id = ${accountId()}`);
      const count = (await mails()).length;
      await jobs.boss.send(DIGEST_QUEUE, { accountId: accountId(), day: today });
      await expect.poll(async () => (await mails()).length, { timeout: 20_000, interval: 250 }).toBe(count + 1);
    } finally {
      await jobs.stop();
    }
  });

  it('nightly housekeeping drops sent-mail records after 90 days, only of the account it runs for', async () => {
    const mine = accountId();
    const [{ other }] = await q<{ other: number }>(sql`select id as other from accounts where id <> ${mine} limit 1`);
    const mailsOf = async () =>
      (await q<{ n: number }>(sql`select count(*)::int as n from exception_mails where account_id = ${mine}`))[0].n;
    expect(await mailsOf()).toBeGreaterThan(0);
    await q(sql`update exception_mails set sent_at = now() - interval '91 days' where account_id = ${mine}`);
    await q(sql`insert into exception_digests (account_id, day, sent_at) values
      (${mine}, '2020-01-01', now() - interval '100 days'), (${other}, '2020-01-01', now() - interval '100 days')`);
    const kept = await q<{ day: string }>(sql`select day::text from exception_digests where account_id = ${mine}`);
    expect(await pruneSentMail(srv.database.db, mine, new Date())).toBeGreaterThan(1);
    expect(await mailsOf()).toBe(0);
    const left = await q<{ account_id: number; day: string }>(
      sql`select account_id, day::text from exception_digests where day = '2020-01-01' or account_id = ${mine}`,
    );
    // The other account's old digest stays; this account's recent digests stay.
    expect(left).toEqual(
      expect.arrayContaining([
        { account_id: other, day: '2020-01-01' },
        ...kept.filter((k) => k.day !== '2020-01-01').map((k) => ({ account_id: mine, day: k.day })),
      ]),
    );
    expect(left.some((l) => l.account_id === mine && l.day === '2020-01-01')).toBe(false);
  });
});
