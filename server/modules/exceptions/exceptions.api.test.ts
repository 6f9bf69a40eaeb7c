import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';

/**
 * The exceptions workflow against a real server: every step and its refusals, the timeline and
 * the audit, bulk resolve of a filtered set, the history, a correction settling the original's
 * exceptions, rules per role and tenant isolation. The fixture's d1 raises over_daily_limit and
 * d4 raises not_allocated (fixture.testutil.ts).
 */
let srv: TestServer;
let f: Fixture;
let boss: Awaited<ReturnType<typeof session>>;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const X = '/api/v1/exceptions';
const exceptionOf = async (dispenseId: string, list: 'open' | 'history' = 'open') => {
  const r = await f.admin.get(
    list === 'open' ? `${X}${qs({ 'f.entity': 'dispense', pageSize: 200 })}` : `${X}/history${qs({ pageSize: 200 })}`,
  );
  expect(r.status).toBe(200);
  return (r.body.items as { id: string; entityId: string; code: string; status: string }[]).find(
    (i) => i.entityId === dispenseId,
  );
};
const auditActions = async (id: string) =>
  (
    (
      await srv.database.db.execute(
        sql`select action from audit_log where entity = 'exception' and entity_id = ${id} order by at`,
      )
    ).rows as { action: string }[]
  ).map((r) => r.action);

describe('the working list', () => {
  it('lists unresolved exceptions with names, filters by code, store and employee, and exports', async () => {
    const x1 = await exceptionOf(f.d.d1);
    expect(x1).toMatchObject({ code: 'over_daily_limit', status: 'open' });
    const byCode = await f.admin.get(`${X}${qs({ 'f.code': 'not_allocated', 'f.storeId': f.store2 })}`);
    expect(byCode.body.items.map((i: { entityId: string }) => i.entityId)).toContain(f.d.d4);
    expect(
      byCode.body.items.every(
        (i: { code: string; storeId: string }) => i.code === 'not_allocated' && i.storeId === f.store2,
      ),
    ).toBe(true);
    const byEmployee = await f.admin.get(`${X}${qs({ 'f.employeeId': f.p1 })}`);
    expect(byEmployee.body.items.map((i: { entityId: string }) => i.entityId)).toEqual([f.d.d1]);
    expect(byEmployee.body.items[0]).toMatchObject({
      employeeName: expect.any(String),
      storeCode: expect.any(String),
      fleetNo: expect.any(String),
    });

    const bad = await f.admin.get(`${X}${qs({ 'f.code': 'nonsense', 'f.age': '2y' })}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['f.age', 'f.code']);

    const csv = await f.admin.client.call(
      'GET',
      `${X}/export${qs({ format: 'csv', 'f.employeeId': f.p1 })}`,
      undefined,
      f.admin.headers,
    );
    expect(csv.status).toBe(200);
    // The screen's titles and labels (ADR 023), not row keys and codes.
    const [header, ...lines] = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('Raised,Severity,Exception,Details,Store,Tank,Equipment,Employee,Status,Assigned to');
    expect(lines.join('\n')).toContain('Over the daily limit');
    expect(lines.join('\n')).not.toContain('over_daily_limit');
    const history = await f.admin.client.call(
      'GET',
      `${X}/history/export${qs({ format: 'csv' })}`,
      undefined,
      f.admin.headers,
    );
    expect(history.status).toBe(200);
    expect(
      String(history.body)
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0],
    ).toBe(
      'Resolved,Raised,Severity,Exception,Details,Store,Tank,Equipment,Employee,Reason,Explanation,Resolved by,' +
        'Time to resolve (h)',
    );
  });

  it('the count follows the unresolved set', async () => {
    const c = await f.admin.get(`${X}/count`);
    const all = await f.admin.get(`${X}${qs({ pageSize: '1' })}`);
    expect(c.body.open).toBe(all.body.total);
  });
});

describe('the workflow', () => {
  it('acknowledge → assign → comment → resolve → reopen, each on the timeline and in the audit; wrong steps are 409', async () => {
    const x = (await exceptionOf(f.d.d1))!;
    const step = (path: string, body?: unknown) => f.admin.send('POST', `${X}/${x.id}/${path}`, body ?? {});

    expect((await step('acknowledge')).body).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: expect.any(String),
    });
    const again = await step('acknowledge');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'exception_state', message: expect.stringContaining('acknowledged') });

    const members = (await f.admin.get(`${X}/assignees`)).body.items as { id: number; name: string }[];
    const editor = members.find((m) => m.name === 'Eddie Editor')!;
    expect((await step('assign', { userId: editor.id })).body).toMatchObject({
      assignedTo: editor.id,
      assignedToName: 'Eddie Editor',
    });
    const stranger = await step('assign', { userId: 999_999 });
    expect(stranger.status).toBe(422);
    expect(stranger.body.fieldErrors.userId).toBeDefined();

    expect((await step('comment', { text: 'Driver says the pump display froze' })).status).toBe(200);
    expect((await step('comment', { text: '   ' })).status).toBe(400);

    const noText = await step('resolve', { reason: 'other' });
    expect(noText.status).toBe(400);
    expect(noText.body.fieldErrors.text).toEqual(['Say why, when the reason is Other']);
    const resolved = await step('resolve', { reason: 'explained', text: 'Two fills for one shift, approved' });
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      reason: 'explained',
      resolvedByName: 'Alex Admin',
      hoursToResolve: expect.any(Number),
    });
    expect((await step('resolve', { reason: 'explained' })).status).toBe(409);
    expect((await step('assign', { userId: null })).status).toBe(409);
    expect(await exceptionOf(f.d.d1)).toBeUndefined();
    expect(await exceptionOf(f.d.d1, 'history')).toMatchObject({ status: 'resolved' });

    const detail = (await f.admin.get(`${X}/${x.id}`)).body;
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual([
      'raised',
      'acknowledged',
      'assigned',
      'commented',
      'resolved',
    ]);
    expect(detail.events[4]).toMatchObject({
      userName: 'Alex Admin',
      text: 'Explained: Two fills for one shift, approved',
    });
    expect(detail.evidence[0]).toEqual({
      label: 'The dispense',
      screen: '/FiltersDispensing',
      search: { view: f.d.d1 },
    });

    expect((await step('reopen', { text: 'Limit was not approved after all' })).body).toMatchObject({
      status: 'open',
      reason: null,
      resolvedAt: null,
    });
    expect((await step('reopen')).status).toBe(409);
    expect(await auditActions(x.id)).toEqual(['acknowledge', 'assign', 'comment', 'resolve', 'reopen']);
  });

  it('a step of another account, an unknown id or a malformed id is refused without a write', async () => {
    const x = (await exceptionOf(f.d.d1))!;
    expect((await boss.send('POST', `${X}/${x.id}/acknowledge`, {})).status).toBe(404);
    expect((await boss.get(`${X}/${x.id}`)).status).toBe(404);
    expect((await f.admin.send('POST', `${X}/00000000-0000-4000-8000-000000000000/acknowledge`, {})).status).toBe(404);
    expect((await f.admin.send('POST', `${X}/not-an-id/acknowledge`, {})).status).toBe(400);
    expect((await exceptionOf(f.d.d1))!.status).toBe('open');
    const theirs = await boss.get(`${X}${qs({ pageSize: '200' })}`);
    expect(theirs.body.items.map((i: { id: string }) => i.id)).not.toContain(x.id);
  });

  it('the screens are for admins: an editor and a driver are refused', async () => {
    expect((await f.editor.get(X)).status).toBe(403);
    expect((await f.driver.get(`${X}/history`)).status).toBe(403);
    const x = (await exceptionOf(f.d.d1))!;
    expect((await f.editor.send('POST', `${X}/${x.id}/resolve`, { reason: 'explained' })).status).toBe(403);
  });
});

describe('bulk resolve and corrections', () => {
  it('resolves a filtered set in one step, and only that set', async () => {
    const before = (await f.admin.get(`${X}${qs({ pageSize: '1' })}`)).body.total;
    const set = await f.admin.get(`${X}${qs({ 'f.code': 'not_allocated', 'f.storeId': f.store2, pageSize: '200' })}`);
    const n = set.body.total;
    expect(n).toBeGreaterThan(0);
    const res = await f.admin.send('POST', `${X}/resolve`, {
      reason: 'false_alarm',
      query: { 'f.code': 'not_allocated', 'f.storeId': f.store2 },
    });
    expect(res.body).toEqual({ resolved: n, matched: n });
    expect((await f.admin.get(`${X}${qs({ pageSize: '1' })}`)).body.total).toBe(before - n);
    const hist = await f.admin.get(`${X}/history${qs({ 'f.reason': 'false_alarm', pageSize: '200' })}`);
    expect(hist.body.items.map((i: { entityId: string }) => i.entityId)).toContain(f.d.d4);

    expect(
      (await f.admin.send('POST', `${X}/resolve`, { reason: 'explained', query: { 'f.code': 'bogus' } })).status,
    ).toBe(400);
    expect((await f.admin.send('POST', `${X}/resolve`, { reason: 'explained' })).status).toBe(400);
  });

  it('a corrected dispense settles the exceptions of the original', async () => {
    const x = (await exceptionOf(f.d.d1))!;
    expect(x.status).toBe('open');
    const r = (await f.editor.get(`/api/v1/records/dispenses/${f.d.d1}`)).body.record;
    const res = await f.editor.send('POST', `/api/v1/dispenses/${f.d.d1}/correct`, {
      storeId: r.storeId,
      tankId: r.tankId,
      equipmentId: r.equipmentId,
      employeeId: r.employeeId,
      costCentreId: r.costCentreId,
      litres: 60,
      meter: r.meter,
      dispensedAt: r.dispensedAt,
      note: r.note,
      reason: 'Split over two shifts',
    });
    expect(res.status).toBe(201);
    const settled = (await f.admin.get(`${X}/${x.id}`)).body;
    expect(settled).toMatchObject({ status: 'resolved', reason: 'corrected' });
    expect(settled.events.at(-1).text).toContain('Split over two shifts');
  });
});
