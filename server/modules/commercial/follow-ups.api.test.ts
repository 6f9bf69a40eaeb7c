import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue } from '../../lib/mail-queue';
import { commandBoss } from '../diagnostic/jobs-client';
import { API, withCommercialFixture } from './commercial.fixture';
import { quoteFollowUps } from './follow-ups';

/** Follow-up reminders of sent quotations and the stored expiry (ADR 049, 059). */
const fx = withCommercialFixture();
const { s, create, send } = fx;

describe('follow-up reminders and expiry (ADR 049)', () => {
  it('keeps the follow-up days per account: default 7, admins change them, bad values are 400', async () => {
    expect((await s.admin.get(`${API}/quotations/settings`)).body).toEqual({
      followUpDays: 7,
      followUpEveryDays: 7,
      followUpMax: 3,
      paymentTerms: '',
    });
    const bad = await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.followUpDays).toBeTruthy();
    expect((await s.editor.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 })).status).toBe(403);
    const ok = await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 });
    expect(ok.status).toBe(200);
    expect((await s.admin.get(`${API}/quotations/settings`)).body).toEqual({
      followUpDays: 3,
      followUpEveryDays: 7,
      followUpMax: 3,
      paymentTerms: '',
    });
    // Another account keeps its own (the default).
    expect((await s.stranger.get(`${API}/quotations/settings`)).body).toMatchObject({ followUpDays: 7 });
    const max = await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 3, followUpMax: 11 });
    expect(max.status).toBe(400);
    expect(max.body.fieldErrors.followUpMax).toBeTruthy();
  });

  it('shows unanswered sent quotations as due, reminds their owner once by mail, stores expired ones', async () => {
    expect((await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 })).status).toBe(200);
    const old = await send(await create());
    const fresh = await send(await create());
    const lapsed = await send(await create());
    const answered = await send(await create());
    await fx.srv.database.db.execute(
      sql`update quotations set sent_at = now() - interval '4 days' where id in (${old.id}, ${answered.id})`,
    );
    await fx.srv.database.db.execute(
      sql`update quotations set valid_until = current_date - 1, issue_date = current_date - 10 where id = ${lapsed.id}`,
    );
    const acc = await s.admin.send('POST', `${API}/quotations/${answered.id}/status`, {
      action: 'accept',
      version: answered.version,
    });
    expect(acc.status).toBe(200);

    const due = await s.admin.get(`${API}/quotations?f.followUp=due&pageSize=200`);
    expect(due.status).toBe(200);
    const ids = due.body.items.map((r: any) => r.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(fresh.id);
    expect(ids).not.toContain(lapsed.id);
    expect(ids).not.toContain(answered.id);
    expect(due.body.items.find((r: any) => r.id === old.id)).toMatchObject({ followUp: 'due', remindedAt: null });

    // Two sweeps at once (two instances): one reminder per quotation, one expiry.
    const boss = commandBoss(fx.srv.database);
    const sweep = quoteFollowUps(fx.srv.database.db, mailQueue(boss));
    await Promise.all([sweep.run(), sweep.run()]);
    await sweep.run();
    await fx.srv.mailsSent();
    const reminders = fx.srv.mails.filter((m) => m.subject.startsWith(`Follow up quotation ${old.label} `));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].to).toBe('admin@fams.example');
    expect(reminders[0].text).toContain('Quote Test Mining');
    expect(
      fx.srv.mails.filter((m) => m.subject.includes(fresh.label) && m.subject.startsWith('Follow up')),
    ).toHaveLength(0);

    const row = await s.admin.get(`${API}/quotations/${old.id}`);
    expect(row.body.status).toBe('sent');
    const listed = await s.admin.get(`${API}/quotations?f.followUp=due&pageSize=200`);
    expect(listed.body.items.find((r: any) => r.id === old.id).remindedAt).toBeTruthy();

    const stored = await fx.srv.database.db.execute<{ status: string }>(
      sql`select status from quotations where id = ${lapsed.id}`,
    );
    expect(stored.rows[0].status).toBe('expired');
    const audits = await fx.srv.database.db.execute<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_log where entity = 'quotation' and entity_id in (${old.id}, ${lapsed.id})
          and action in ('expire', 'follow_up_reminder') group by action order by action`,
    );
    expect(audits.rows).toEqual([
      { action: 'expire', n: 1 },
      { action: 'follow_up_reminder', n: 1 },
    ]);
    await (await boss()).stop({ graceful: false, wait: true });
  });

  it('reminds in a sequence (after N days, then every M, at most K), each reminder once; off per quotation; stops when answered', async () => {
    const set = await s.admin.send('PUT', `${API}/quotations/settings`, {
      followUpDays: 2,
      followUpEveryDays: 1,
      followUpMax: 2,
    });
    expect(set.body).toEqual({ followUpDays: 2, followUpEveryDays: 1, followUpMax: 2, paymentTerms: '' });
    const seq = await send(await create());
    const off = await send(await create());
    const won = await send(await create());
    const ids = [seq.id, off.id, won.id];
    await fx.srv.database.db.execute(
      sql`update quotations set sent_at = now() - interval '10 days' where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`,
    );
    // Reminders off for one quotation: audited, its version unchanged; not for others' roles or accounts.
    const turned = await s.admin.send('PUT', `${API}/quotations/${off.id}/follow-up`, { off: true });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    expect(turned.body).toMatchObject({ followUpOff: true, version: off.version });
    expect((await s.admin.send('PUT', `${API}/quotations/${off.id}/follow-up`, { off: 'yes' })).status).toBe(400);
    expect((await s.editor.send('PUT', `${API}/quotations/${off.id}/follow-up`, { off: false })).status).toBe(403);
    expect((await s.stranger.send('PUT', `${API}/quotations/${off.id}/follow-up`, { off: false })).status).toBe(404);
    const due = (await s.admin.get(`${API}/quotations?f.followUp=due&pageSize=200`)).body.items.map((r: any) => r.id);
    expect(due).toEqual(expect.arrayContaining([seq.id, won.id]));
    expect(due).not.toContain(off.id);

    const boss = commandBoss(fx.srv.database);
    const sweep = quoteFollowUps(fx.srv.database.db, mailQueue(boss));
    const mailsOf = async (q: { label: string }) => {
      await fx.srv.mailsSent();
      return fx.srv.mails.filter((m) => m.subject.startsWith(`Follow up quotation ${q.label} `));
    };
    // First run (twice at once: two instances): reminder 1 each, once.
    await Promise.all([sweep.run(), sweep.run()]);
    expect(await mailsOf(seq)).toHaveLength(1);
    expect(await mailsOf(won)).toHaveLength(1);
    // Without PUBLIC_URL the link is absolute on the origin the quotation was sent from.
    expect((await mailsOf(seq))[0].text).toContain(`${fx.srv.url}/quotations?f.followUp=due`);
    const accepted = await s.admin.send('POST', `${API}/quotations/${won.id}/status`, {
      action: 'accept',
      version: won.version,
    });
    expect(accepted.status).toBe(200);
    // Reminder 2 is due a day after reminder 1's day; then the most (2) is reached: no third.
    await Promise.all([sweep.run(), sweep.run()]);
    await sweep.run();
    const seqMails = await mailsOf(seq);
    expect(seqMails.map((m) => m.subject)).toEqual([
      `Follow up quotation ${seq.label} (Quote Test Mining)`,
      `Follow up quotation ${seq.label} (Quote Test Mining): reminder 2`,
    ]);
    expect(await mailsOf(won)).toHaveLength(1);
    expect(await mailsOf(off)).toHaveLength(0);
    // The quotation's history shows its reminders.
    const row = (await s.admin.get(`${API}/quotations/${seq.id}`)).body;
    expect(row.reminders.map((r: any) => [r.n, r.to])).toEqual([
      [1, 'admin@fams.example'],
      [2, 'admin@fams.example'],
    ]);
    expect((await s.admin.get(`${API}/quotations/${off.id}`)).body.reminders).toEqual([]);
    // Turned on again: reminded on the next run.
    expect((await s.admin.send('PUT', `${API}/quotations/${off.id}/follow-up`, { off: false })).status).toBe(200);
    await sweep.run();
    expect(await mailsOf(off)).toHaveLength(1);
    const audits = await fx.srv.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'quotation' and entity_id = ${off.id}
          and action like 'follow_up%' order by at`,
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['follow_up_off', 'follow_up_on', 'follow_up_reminder']);
    await (await boss()).stop({ graceful: false, wait: true });
  });
});
