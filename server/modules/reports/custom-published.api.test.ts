import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../../src/contract/report-runs';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, type Fixture } from '../records/fixture.testutil';
import { catalogIds, customKey, customPath, finishedRun, startReportJobs } from './preview.testutil';

/**
 * Custom reports published to chosen accounts (ADR 064). The author is ThebigBoss in North Haulage (A);
 * the report is published to Demo Fuels (B), which holds the records' hand-made data set
 * (fixture.testutil.ts: in October store S has d1 100 + d2 50 + d3 30 L, store S2 has d4 20 L); a third
 * account (C) is not chosen. B's users run it over B's rows only; C never finds it; only the author's
 * `/CustomReport` edits it; unpublishing B takes it out of B's catalogue and fails B's schedule.
 */
type S = Fixture['admin'];
let srv: TestServer;
let f: Fixture;
let jobs: Awaited<ReturnType<typeof startReportJobs>>;
let author: S; // ThebigBoss in North Haulage (A)
let authorManager: S; // multi, manager in North Haulage (A)
let bManager: S; // manager, Demo Fuels (B)
let bossInB: S; // ThebigBoss signed in to Demo Fuels
let cAdmin: S; // multi, admin of the account not chosen (C)
let bId: number;
let cId: number;
const OCT = { range: 'custom', from: '2026-10-01', to: '2026-10-31' };
const OCT_QS = 'range=custom&from=2026-10-01&to=2026-10-31';

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  author = await session(srv.url, ...DEMO.boss, 'North Haulage');
  authorManager = await session(srv.url, ...DEMO.multi, 'North Haulage');
  bManager = await session(srv.url, ...DEMO.manager);
  bossInB = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  const db = srv.database.db;
  bId = (await db.execute<{ id: number }>(sql`select id from accounts where name = 'Demo Fuels'`)).rows[0].id;
  const c = await db.execute<{ id: number }>(
    sql`insert into accounts (name, type) values ('Outside Freight', 'Fleet operator') returning id`,
  );
  cId = Number(c.rows[0].id);
  await db.execute(sql`insert into memberships (account_id, user_id, roles)
    select ${cId}, id, '{admin,manager,FAMS}' from users where username = 'multi'`);
  cAdmin = await session(srv.url, ...DEMO.multi, 'Outside Freight');
  jobs = await startReportJobs(srv);
});
afterAll(async () => {
  await jobs?.stop();
  await srv?.close();
});

const perStore = {
  title: 'Litres per store (shared)',
  description: 'Dispensed litres by site',
  dataset: 'dispenses',
  columns: [{ field: 'store' }, { field: 'litres', aggregate: 'sum' }, { field: 'id', aggregate: 'count' }],
  groupBy: ['store'],
  sort: [{ field: 'litres', desc: true }],
  published: true,
  roles: ['manager', 'admin'],
};
const figures = (body: { lines: { kind: string; values: Record<string, unknown> }[] }) =>
  body.lines.map((l) => [l.kind, l.values.store ?? null, l.values.sum_litres, l.values.count_id]);
const schedule = (report: string, to = 'admin@fams.example') => ({
  name: 'Shared monthly',
  report,
  params: { range: 'lastMonth' },
  format: 'csv',
  frequency: 'monthly',
  atTime: '07:00',
  monthDay: 1,
  // Schedules mail the account's own users only (ADR 074).
  recipientEmails: [to],
});

describe('custom reports published to chosen accounts (ADR 064)', () => {
  it('refuses accounts that do not exist, and accounts without publishing, with field errors', async () => {
    const bad = async (patch: object) => {
      const res = await author.send('POST', '/api/v1/custom-reports', { ...perStore, ...patch });
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
      return Object.keys(res.body.fieldErrors ?? {});
    };
    expect(await bad({ accounts: [987654321] })).toEqual(['accounts']);
    expect(await bad({ accounts: ['Demo Fuels'] })).toContain('accounts.0');
    expect(await bad({ published: false, roles: [], accounts: [bId] })).toEqual(['accounts']);
  });

  it('B’s roles run it over B’s rows only; C gets 404 everywhere; B’s admin cannot edit it; audited', async () => {
    const created = await author.send('POST', '/api/v1/custom-reports', { ...perStore, accounts: [bId] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ accounts: [bId], accountNames: ['Demo Fuels'] });

    // B: in the catalogue's "Custom" group, with B's figures (hand-computed from the fixture).
    const entry = ((await bManager.get('/api/v1/reports')).body.reports as { id: string; group: string }[]).find(
      (r) => r.id === customKey(id),
    );
    expect(entry).toMatchObject({ group: 'Custom', title: 'Litres per store (shared)' });
    const run = await bManager.get(`${customPath(id)}?${OCT_QS}`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const storeCode = (await f.admin.get(`/api/v1/stores/${f.store}`)).body.code as string;
    const store2Code = (await f.admin.get(`/api/v1/stores/${f.store2}`)).body.code as string;
    expect(figures(run.body)).toEqual([
      ['row', storeCode, 180, 3],
      ['row', store2Code, 20, 1],
      ['total', null, 200, 4],
    ]);
    // An editor of B holds none of its roles.
    expect(await catalogIds(f.editor)).not.toContain(customKey(id));
    expect((await f.editor.get(`${customPath(id)}?${OCT_QS}`)).status).toBe(404);

    // The author's account keeps it as before, over its own rows: none of B's stores or litres.
    expect(await catalogIds(authorManager)).toContain(customKey(id));
    const own = await authorManager.get(`${customPath(id)}?${OCT_QS}`);
    expect(own.status).toBe(200);
    const ownStores = (own.body.lines as { values: { store?: string } }[]).map((l) => l.values.store);
    expect(ownStores).not.toContain(storeCode);
    expect(ownStores).not.toContain(store2Code);

    // C (not chosen): 404 on the catalogue, the preview, the files and runs; a schedule is refused.
    expect(await catalogIds(cAdmin)).not.toContain(customKey(id));
    expect((await cAdmin.get(`${customPath(id)}?${OCT_QS}`)).status).toBe(404);
    expect((await cAdmin.get(`${customPath(id)}/export?${OCT_QS}&format=csv`)).status).toBe(404);
    expect((await cAdmin.send('POST', '/api/v1/report-runs', { report: customKey(id), format: 'csv' })).status).toBe(
      404,
    );
    const cSchedule = await cAdmin.send(
      'POST',
      '/api/v1/report-schedules',
      schedule(customKey(id), 'multi@fams.example'),
    );
    expect(cSchedule.status, JSON.stringify(cSchedule.body)).toBe(422);
    expect(Object.keys(cSchedule.body.fieldErrors)).toEqual(['report']);
    expect((await cAdmin.get('/api/v1/reports/titles')).body.reports.map((r: { id: string }) => r.id)).not.toContain(
      customKey(id),
    );

    // Only the author's /CustomReport edits it: B's admin is refused the screen, ThebigBoss in B finds nothing.
    const body = { ...perStore, accounts: [bId], version: 1 };
    expect((await f.admin.send('PUT', `/api/v1/custom-reports/${id}`, body)).status).toBe(403);
    expect((await f.admin.send('DELETE', `/api/v1/custom-reports/${id}`, { version: 1 })).status).toBe(403);
    expect((await bossInB.get(`/api/v1/custom-reports/${id}`)).status).toBe(404);
    expect((await bossInB.send('PUT', `/api/v1/custom-reports/${id}`, body)).status).toBe(404);
    expect((await bossInB.send('DELETE', `/api/v1/custom-reports/${id}`, { version: 1 })).status).toBe(404);

    // Publishing to C is an audited update of the report.
    const widened = await author.send('PUT', `/api/v1/custom-reports/${id}`, { ...body, accounts: [cId, bId] });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body).toMatchObject({ version: 2, accounts: [bId, cId].sort((a, b) => a - b) });
    expect(await catalogIds(cAdmin)).toContain(customKey(id));
    const audit = await srv.database.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before->'accounts' as before, after->'accounts' as after from audit_log
        where entity = 'custom_report' and entity_id = ${id} order by at`,
    );
    expect(audit.rows).toEqual([
      { action: 'create', before: null, after: [bId] },
      { action: 'update', before: [bId], after: [bId, cId].sort((a, b) => a - b) },
    ]);
  });

  it('B favourites, schedules and files it under its title; unpublishing B removes it and fails B’s schedule', async () => {
    const created = await author.send('POST', '/api/v1/custom-reports', {
      ...perStore,
      title: 'Shared for B',
      accounts: [bId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const fav = await bManager.send('PUT', `/api/v1/report-favourites/${encodeURIComponent(customKey(id))}`);
    expect(fav.status).toBe(200);

    const csv = await fetch(`${srv.url}${customPath(id)}/export?${OCT_QS}&format=csv`, { headers: bManager.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="shared-for-b-[\d_-]+\.csv"/);
    expect(await csv.text()).toMatch(/Total,200(\.0+)?,4/);

    const sched = await f.admin.send('POST', '/api/v1/report-schedules', schedule(customKey(id)));
    expect(sched.status, JSON.stringify(sched.body)).toBe(201);
    expect(sched.body.reportTitle).toBe('Shared for B');
    const ran = await finishedRun(
      f.admin,
      (await f.admin.send('POST', `/api/v1/report-schedules/${sched.body.id}/run`)).body.id,
    );
    expect(ran).toMatchObject({ status: 'done', title: 'Shared for B' });
    const queued = await bManager.send('POST', '/api/v1/report-runs', {
      report: customKey(id),
      format: 'csv',
      params: OCT,
    });
    const manual = await finishedRun(bManager, queued.body.id);
    expect(manual).toMatchObject({ status: 'done', title: 'Shared for B', rowCount: 2 });

    // Unpublished from B (still published in A): gone from B's catalogue, preview and runs.
    const narrowed = await author.send('PUT', `/api/v1/custom-reports/${id}`, {
      ...perStore,
      title: 'Shared for B',
      accounts: [],
      version: 1,
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(await catalogIds(bManager)).not.toContain(customKey(id));
    expect((await bManager.get(`${customPath(id)}?${OCT_QS}`)).status).toBe(404);
    expect((await bManager.send('POST', '/api/v1/report-runs', { report: customKey(id), format: 'csv' })).status).toBe(
      404,
    );
    expect(await catalogIds(authorManager)).toContain(customKey(id));
    // B's schedule stays (its admin sees it, paused or not) but its next run fails as for a deleted report.
    const again = await finishedRun(
      f.admin,
      (await f.admin.send('POST', `/api/v1/report-schedules/${sched.body.id}/run`)).body.id,
    );
    expect(again).toMatchObject({ status: 'failed', error: expect.stringContaining('There is no report') });
    // B's history keeps the title of every run.
    const history = await f.admin.get(`/api/v1/report-runs/history?f.report=${encodeURIComponent(customKey(id))}`);
    expect(history.status).toBe(200);
    const titles = (history.body.items as RunView[]).map((r) => r.title);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(new Set(titles)).toEqual(new Set(['Shared for B']));
  });
});
