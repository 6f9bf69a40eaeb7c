import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../tests/api/harness';
import { MAIL_QUEUE } from './mail-queue';

/**
 * Mail through pg-boss (ADR 046): the request queues a job in its own transaction; the worker
 * sends it, retried after a failing send; a mail that never goes out is a failed job that
 * `/Diagnostic` lists for ThebigBoss with the mail's address and the reason.
 */
let srv: TestServer;
// The harness's mail queue: 3 tries (retryLimit 2, 1 s apart). The first 4 sends fail.
const FAILING = 4;

beforeAll(async () => {
  srv = await startServer({}, undefined, { failingSends: FAILING });
});
afterAll(async () => {
  await srv?.close();
});

const jobsTo = async (to: string) =>
  (
    await srv.database.pool.query<{ state: string; retry_count: number; output: { message?: string } | null }>(
      `select state, retry_count, output from pgboss.job where name = $1 and data ->> 'to' = $2 order by created_on`,
      [MAIL_QUEUE, to],
    )
  ).rows;

describe('mail through the job queue', () => {
  it('a send that fails every try ends as a failed job that /Diagnostic shows, naming the mail', async () => {
    const r = await new Client(srv.url).call('POST', '/api/v1/auth/forgot-password', { email: 'viewer@fams.example' });
    expect(r.status).toBe(200);
    await expect.poll(async () => (await jobsTo('viewer@fams.example')).length, { timeout: 10_000 }).toBe(1);
    await srv.mailsSent();
    const [job] = await jobsTo('viewer@fams.example');
    expect(job.state).toBe('failed');
    expect(job.retry_count).toBe(2);
    expect(srv.mails.some((m) => m.to === 'viewer@fams.example')).toBe(false);
    const boss = await session(srv.url, ...DEMO.boss);
    const d = (await boss.get('/api/v1/diagnostic')).body;
    expect(d.jobs.failed).toContainEqual(
      expect.objectContaining({
        queue: MAIL_QUEUE,
        error: expect.stringContaining('Mail to viewer@fams.example ("FAMS password reset") could not be sent'),
      }),
    );
  });

  it('a send that fails once is retried and delivered; the API answered before it went out', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const email = 'queued.driver@example.com';
    const r = await admin.send('POST', '/api/v1/admin/users/invite', {
      displayName: 'Queued',
      email,
      roles: ['basic', 'FAMS'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // Answered with the job queued in the invitation's transaction, before the worker's first try.
    expect((await jobsTo(email)).length).toBe(1);
    await srv.mailsSent();
    const [job] = await jobsTo(email);
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    const mail = srv.mails.filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toMatch(/token=[\w-]+/);
  });

  it('a refused change queues no mail (the job is in its transaction)', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    const r = await admin.send('POST', '/api/v1/admin/users/invite', {
      displayName: 'Twice',
      email: 'queued.driver@example.com',
      roles: ['basic', 'FAMS'],
    });
    expect(r.status).toBe(422);
    expect((await jobsTo('queued.driver@example.com')).length).toBe(1);
  });
});
