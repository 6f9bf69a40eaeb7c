import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/contract/calendar';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14, ADR 038: `/messageAccount` and the message in force in the sign-in answer. */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let boss: Session;
const URL = '/api/v1/admin/home-messages';
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

/** The `homeScreenMessage` of each account in a fresh sign-in answer. */
async function signInMessages(user: readonly [string, string]) {
  const r = await new Client(srv.url).login(user[0], user[1]);
  return Object.fromEntries(
    (r.body.value as { homeScreenMessage: string; account: { accountName: string } }[]).map((v) => [
      v.account.accountName,
      v.homeScreenMessage,
    ]),
  );
}
const accountId = async (name: string) =>
  ((await boss.get(`/api/v1/admin/accounts?q=${encodeURIComponent(name)}`)).body.items[0] as { id: number }).id;

describe('home-screen messages', () => {
  it('lists the messages users see: the demo accounts’ standing messages are rows, and editing one changes the dashboard (ADR 077)', async () => {
    const seen = await signInMessages(DEMO.multi);
    const listed = (await boss.get(`${URL}?pageSize=200`)).body.items as {
      id: string;
      accountId: number;
      accountName: string;
      message: string;
      startsOn: string;
      endsOn: string | null;
      state: string;
    }[];
    for (const account of ['Demo Fuels', 'North Haulage']) {
      const row = listed.find((m) => m.accountName === account && m.message === seen[account]);
      expect(row, account).toMatchObject({ endsOn: null, state: 'current' });
    }
    // The standing message is one of the list's: edited there, the sign-in answer says the new words.
    const north = listed.find((m) => m.accountName === 'North Haulage' && m.endsOn === null)!;
    const { accountId, message, startsOn } = north;
    const changed = await boss.send('PUT', `${URL}/${north.id}`, {
      accountId,
      message: 'North Haulage: summer diesel from 1 March.',
      startsOn,
      endsOn: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await signInMessages(DEMO.multi))['North Haulage']).toBe('North Haulage: summer diesel from 1 March.');
    await boss.send('PUT', `${URL}/${north.id}`, { accountId, message, startsOn, endsOn: null });
    expect((await signInMessages(DEMO.multi))['North Haulage']).toBe(message);
  });

  it('the message in force by date: the account’s own over one for all; scheduled and ended ones are not shown', async () => {
    const fixed = await signInMessages(DEMO.admin);
    expect(fixed['Demo Fuels']).toContain('Welcome to Demo Fuels');
    const df = await accountId('Demo Fuels');
    // Yesterday to tomorrow (UTC) holds "today" in every account's zone.
    const around = { startsOn: addDays(today, -1), endsOn: addDays(today, 1) };
    const all = await boss.send('POST', URL, { accountId: null, message: 'Maintenance on Sunday night.', ...around });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect(all.body).toMatchObject({ accountName: 'All accounts', state: 'current' });
    await boss.send('POST', URL, {
      accountId: df,
      message: 'Later',
      startsOn: addDays(today, 3),
      endsOn: addDays(today, 9),
    });
    await boss.send('POST', URL, {
      accountId: df,
      message: 'Gone',
      startsOn: addDays(today, -9),
      endsOn: addDays(today, -3),
    });
    expect(await signInMessages(DEMO.multi)).toMatchObject({ 'Demo Fuels': 'Maintenance on Sunday night.' });
    const own = await boss.send('POST', URL, { accountId: df, message: 'Dip before 06:00 this week.', ...around });
    expect(own.status).toBe(201);
    const now = await signInMessages(DEMO.multi);
    expect(now['Demo Fuels']).toBe('Dip before 06:00 this week.');
    expect(now['North Haulage']).toBe('Maintenance on Sunday night.');
    // The session's own answer says the same.
    const admin = await session(srv.url, ...DEMO.admin);
    expect((await admin.get('/api/v1/auth/me')).body.homeScreenMessage).toBe('Dip before 06:00 this week.');

    const listed = await boss.get(`${URL}?f.state=current&pageSize=50`);
    const dated = listed.body.items.filter((m: { endsOn: string | null }) => m.endsOn !== null);
    expect(dated.map((m: { message: string }) => m.message).sort()).toEqual([
      'Dip before 06:00 this week.',
      'Maintenance on Sunday night.',
    ]);
    // Ending today's own message brings back the one for all accounts; deleting that the standing one.
    const moved = await boss.send('PUT', `${URL}/${own.body.id}`, {
      accountId: df,
      message: 'Dip before 06:00 this week.',
      startsOn: addDays(today, -5),
      endsOn: addDays(today, -2),
    });
    expect(moved.body.state).toBe('ended');
    expect((await signInMessages(DEMO.admin))['Demo Fuels']).toBe('Maintenance on Sunday night.');
    expect((await boss.send('DELETE', `${URL}/${all.body.id}`)).status).toBe(200);
    expect((await signInMessages(DEMO.admin))['Demo Fuels']).toContain('Welcome to Demo Fuels');
  });

  it('refuses bad input with a clear 4xx and is ThebigBoss’s alone', async () => {
    const backwards = await boss.send('POST', URL, {
      accountId: null,
      message: 'x',
      startsOn: today,
      endsOn: '2000-01-01',
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.fieldErrors)).toEqual(['endsOn']);
    const unknown = await boss.send('POST', URL, { accountId: 999999, message: 'x', startsOn: today, endsOn: today });
    expect(unknown.status).toBe(422);
    expect(
      (
        await boss.send('PUT', `${URL}/${crypto.randomUUID()}`, {
          accountId: null,
          message: 'x',
          startsOn: today,
          endsOn: today,
        })
      ).status,
    ).toBe(404);
    const admin = await session(srv.url, ...DEMO.admin);
    expect((await admin.get(URL)).status).toBe(403);
    expect(
      (await admin.send('POST', URL, { accountId: null, message: 'x', startsOn: today, endsOn: today })).status,
    ).toBe(403);
  });
});
