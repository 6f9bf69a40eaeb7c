import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Issue 14: `/UsersAdmin` merges a user into its duplicate by e-mail — memberships, authorship,
 * device records, audit attribution and subscriptions move in one transaction; the other is
 * retired (disabled, tokens revoked). Refused with a clear 409 where it would break a rule.
 */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let boss: Session;
let demo: number;
let north: number;
const URL = '/api/v1/admin/all-users';
const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  srv.database.pool.query(text, values).then((r) => r.rows as T[]);

async function createUser(username: string, email: string, roles: string[]) {
  const r = await boss.send('POST', '/api/v1/admin/users', {
    displayName: `${username} person`,
    email,
    username,
    password: 'temp1234',
    roles,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.userId as number;
}
const memberships = (userId: number) =>
  q<{ account_id: string; roles: string[] }>(
    'select account_id, roles from memberships where user_id = $1 order by account_id',
    [userId],
  );

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  demo = boss.item.account.accountId;
  north = (await session(srv.url, ...DEMO.boss, 'North Haulage')).item.account.accountId;
});
afterAll(async () => {
  await srv?.close();
});

describe('merging duplicate users', () => {
  let keep: number;
  let retire: number;

  it('finds duplicates by e-mail (case, spaces and +tags aside) and refuses users who are not', async () => {
    keep = await createUser('annk', 'ann.k@example.com', ['user', 'FAMS']);
    retire = await createUser('annk2', 'Ann.K+old@example.com', ['manager', 'FAMS']);
    await q(`insert into memberships (account_id, user_id, roles) values ($1, $2, '{manager,FAMS}')`, [north, retire]);
    const dup = await boss.get(`${URL}/${keep}/duplicates`);
    expect(dup.status).toBe(200);
    expect(dup.body.items.map((u: { id: number }) => u.id)).toEqual([retire]);

    const driver = (await q<{ id: number }>(`select id::int from users where username = 'driver'`))[0].id;
    const r = await boss.send('POST', `${URL}/merge`, { keep, retire: driver });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('not_duplicates');
    expect(r.body.message).toContain('do not share an e-mail address');
  });

  it('refuses conflicting roles in a shared account, naming it, and changes nothing', async () => {
    const before = await memberships(retire);
    const r = await boss.send('POST', `${URL}/merge`, { keep, retire });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('role_conflict');
    expect(r.body.message).toContain('Demo Fuels');
    expect(r.body.message).toContain('annk: Office user, FAMS');
    expect(r.body.message).toContain('annk2: Manager, FAMS');
    expect(await memberships(retire)).toEqual(before);
  });

  it('is all or nothing: a failure half-way leaves both users as they were', async () => {
    await q(`update memberships set roles = '{user,FAMS}' where user_id = $1 and account_id = $2`, [retire, demo]);
    const tank = (await q<{ id: string }>('select id from tanks where account_id = $1 limit 1', [demo]))[0].id;
    await q('update tanks set updated_by = $1 where id = $2', [retire, tank]);
    // The move reaches `tanks` after `memberships`, `exception_subscriptions` and the others: make it fail there.
    await q(`alter table tanks add constraint zz_merge_test check (updated_by is distinct from ${keep}) not valid`);
    try {
      const r = await boss.send('POST', `${URL}/merge`, { keep, retire });
      expect(r.status).not.toBe(200);
    } finally {
      await q('alter table tanks drop constraint zz_merge_test');
    }
    expect((await memberships(retire)).length).toBe(2);
    expect((await q('select 1 from tanks where id = $1 and updated_by = $2', [tank, retire])).length).toBe(1);
    expect((await q<{ active: boolean }>('select active from users where id = $1', [retire]))[0].active).toBe(true);
  });

  it('moves memberships, authorship, device records, subscriptions and audit to the kept user; retires the other at once', async () => {
    const other = await session(srv.url, 'annk2', 'temp1234', 'North Haulage');
    expect((await other.get('/api/v1/auth/me')).status).toBe(200);
    // A device record (its last sync) of the retired user.
    await q(
      `insert into device_syncs (account_id, device_id, user_id, kind, records) values ($1, 'merge-dev', $2, 'dispenses', 1)`,
      [north, retire],
    );
    await q(`insert into audit_log (account_id, user_id, action, entity) values ($1, $2, 'test', 'merge-test')`, [
      demo,
      retire,
    ]);
    // Both subscribed to the same mail: the kept user's subscription stays, one row only.
    for (const [u, mode] of [
      [keep, 'immediate'],
      [retire, 'digest'],
    ] as const)
      await q(
        `insert into exception_subscriptions (account_id, user_id, code, mode) values ($1, $2, 'low_level', $3)`,
        [demo, u, mode],
      );
    await q(
      `insert into exception_subscriptions (account_id, user_id, code, mode) values ($1, $2, 'water', 'digest')`,
      [demo, retire],
    );

    const r = await boss.send('POST', `${URL}/merge`, { keep, retire });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toContain('is merged into');
    expect(r.body.moved.memberships).toBe(1);

    expect(await memberships(retire)).toEqual([]);
    expect((await memberships(keep)).map((m) => Number(m.account_id)).sort()).toEqual([demo, north].sort());
    expect((await q(`select 1 from device_syncs where device_id = 'merge-dev' and user_id = $1`, [keep])).length).toBe(
      1,
    );
    expect((await q('select 1 from tanks where updated_by = $1', [keep])).length).toBe(1);
    expect((await q(`select 1 from audit_log where entity = 'merge-test' and user_id = $1`, [keep])).length).toBe(1);
    expect(await q(`select code, mode from exception_subscriptions where user_id = $1 order by code`, [keep])).toEqual([
      { code: 'low_level', mode: 'immediate' },
      { code: 'water', mode: 'digest' },
    ]);
    const refs = await q<{ n: number }>(
      `select (select count(*) from device_syncs where user_id = $1) + (select count(*) from tanks where updated_by = $1)
        + (select count(*) from exception_subscriptions where user_id = $1) + (select count(*) from audit_log where user_id = $1)
        as n`,
      [retire],
    );
    expect(Number(refs[0].n)).toBe(0);
    const gone = (await q<{ active: boolean }>('select active from users where id = $1', [retire]))[0];
    expect(gone.active).toBe(false);
    expect((await q('select 1 from refresh_tokens where user_id = $1 and revoked_at is null', [retire])).length).toBe(
      0,
    );
    expect((await other.get('/api/v1/auth/me')).status).toBe(401);
    expect((await other.client.call('POST', '/api/v1/auth/refresh')).status).not.toBe(200);
    expect((await new Client(srv.url).login('annk2', 'temp1234')).status).not.toBe(200);
    const kept = await new Client(srv.url).login('annk', 'temp1234');
    expect(kept.body.value.map((v: { account: { accountId: number } }) => v.account.accountId).sort()).toEqual(
      [demo, north].sort(),
    );
    const audited = await q<{ before: { retired: { id: number } } }>(
      `select before from audit_log where action = 'merge' and entity = 'user' and entity_id = $1`,
      [String(keep)],
    );
    expect(audited).toHaveLength(1);
    expect(audited[0].before.retired.id).toBe(retire);
  });

  it('is for ThebigBoss only; never retires oneself or merges into a disabled user; bad input is a 4xx', async () => {
    const admin = await session(srv.url, ...DEMO.admin);
    expect((await admin.send('POST', `${URL}/merge`, { keep, retire })).status).toBe(403);
    expect((await admin.get(`${URL}/${keep}/duplicates`)).status).toBe(403);
    const self = await boss.send('POST', `${URL}/merge`, { keep, retire: boss.item.userRoles.id });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('self');
    const again = await createUser('annk3', 'ann.k+third@example.com', ['user', 'FAMS']);
    const disabled = await boss.send('POST', `${URL}/merge`, { keep: retire, retire: again });
    expect(disabled.status).toBe(409);
    expect(disabled.body.code).toBe('kept_disabled');
    expect((await boss.send('POST', `${URL}/merge`, { keep, retire: keep })).status).toBe(400);
    expect((await boss.send('POST', `${URL}/merge`, { keep: 'x' })).status).toBe(400);
    expect((await boss.send('POST', `${URL}/merge`, { keep, retire: 987654 })).status).toBe(404);
  });
});
