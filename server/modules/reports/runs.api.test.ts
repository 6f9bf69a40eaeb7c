import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../../src/contract/report-runs';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { diskFileStore } from '../../lib/files';
import { commandBoss } from '../diagnostic/jobs-client';
import { buildFixture, type Fixture } from '../records/fixture.testutil';
import { finishedRun, startReportJobs } from './preview.testutil';
import { runsService } from './runs.service';
import { schedulesService } from './schedules.service';

/**
 * Report runs, history, favourites and schedules (ADR 033) against a real server, with the report
 * jobs on a pg-boss of the test's own (the server's routes send, this boss works): a run goes from
 * queued to done with its progress and its file opens; who may read which run; schedules' input
 * refused with field errors; "run now" writes the .eml with the file attached and a history row; a
 * due occurrence runs once however many ticks claim it.
 */
let srv: TestServer;
let f: Fixture;
let jobs: Awaited<ReturnType<typeof startReportJobs>>;
const OCT = { range: 'custom', from: '2026-10-01', to: '2026-10-31' };

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  jobs = await startReportJobs(srv);
});
afterAll(async () => {
  await jobs?.stop();
  await srv?.close();
});

type S = Fixture['admin'];
const start = async (who: S, body: object) => {
  const res = await who.send('POST', '/api/v1/report-runs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as RunView;
};
const file = (who: S, id: string) => fetch(`${srv.url}/api/v1/report-runs/${id}/file`, { headers: who.headers });
const count = async (q: ReturnType<typeof sql>) =>
  ((await srv.database.db.execute<{ n: number }>(q)).rows[0] as { n: number }).n;

describe('report runs', () => {
  it('runs as a job: queued, then done with its progress, rows and a file that opens', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    const queued = await start(manager, {
      report: 'fuel-by-store-product',
      format: 'xlsx',
      params: { ...OCT, storeId: f.store },
    });
    expect(queued).toMatchObject({ status: 'queued', trigger: 'manual', format: 'xlsx', fileKept: false });
    const run = await finishedRun(manager, queued.id);
    expect(run).toMatchObject({ status: 'done', rowCount: 2, fileKept: true, error: null });
    // Progress counts rows (the cursor's count, ADR 058): both written.
    expect(run.rowsTotal).toBe(2);
    expect(run.rowsDone).toBe(2);
    expect(run.parameters).toMatch(/^2026-10-01 to 2026-10-31 .* Store RS/);
    expect(run.durationSeconds).toBeGreaterThanOrEqual(0);
    const res = await file(manager, run.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toContain('Litres');
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');

    // The user's recent runs hold it; a PDF run opens as a PDF.
    const recent = (await manager.get('/api/v1/report-runs')).body.runs as RunView[];
    expect(recent[0].id).toBe(run.id);
    const pdfRun = await finishedRun(
      manager,
      (await start(manager, { report: 'transfers', format: 'pdf', params: OCT })).id,
    );
    const pdf = await file(manager, pdfRun.id);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('Transfers');
    expect(text).toContain('Demo Fuels');
  });

  it('a run is its owner’s; an admin reads every run of the account; other accounts and drivers none', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    const mine = await start(f.admin, { report: 'fuel-by-cost-centre', format: 'csv', params: OCT });
    await finishedRun(f.admin, mine.id);
    expect((await manager.get(`/api/v1/report-runs/${mine.id}`)).status).toBe(404);
    expect((await file(manager, mine.id)).status).toBe(404);
    const theirs = await start(manager, { report: 'fuel-by-cost-centre', format: 'csv', params: OCT });
    expect((await f.admin.get(`/api/v1/report-runs/${theirs.id}`)).status).toBe(200);
    const north = await session(srv.url, ...DEMO.multi, 'North Haulage');
    expect((await north.get(`/api/v1/report-runs/${mine.id}`)).status).toBe(404);
    expect((await file(north, mine.id)).status).toBe(404);
    expect((await f.driver.send('POST', '/api/v1/report-runs', { report: 'transfers', format: 'csv' })).status).toBe(
      403,
    );
    expect((await f.driver.get(`/api/v1/report-runs/${mine.id}`)).status).toBe(403);
    expect((await manager.get('/api/v1/report-runs/history')).status).toBe(403);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await count(sql`select count(*)::int as n from report_runs`);
    const bad = async (body: object) => {
      const res = await f.admin.send('POST', '/api/v1/report-runs', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.fieldErrors as Record<string, string[]>;
    };
    expect(Object.keys(await bad({ report: 'nope', format: 'csv' }))).toContain('report');
    expect(Object.keys(await bad({ report: 'transfers', format: 'doc' }))).toContain('format');
    expect(Object.keys(await bad({ report: 'transfers', format: 'csv', params: { range: 'custom' } }))).toContain(
      'params.from',
    );
    expect(await count(sql`select count(*)::int as n from report_runs`)).toBe(before);
    expect((await f.admin.get('/api/v1/report-runs/not-a-uuid')).status).toBe(400);
  });

  it('the history lists every run of the account with paging, filters and export', async () => {
    const page = await f.admin.get('/api/v1/report-runs/history?pageSize=2&f.trigger=manual');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    expect(page.body.items[0]).toMatchObject({ trigger: 'manual', userName: expect.any(String) });
    const byReport = await f.admin.get('/api/v1/report-runs/history?f.report=transfers');
    expect(byReport.body.items.every((r: RunView) => r.report === 'transfers')).toBe(true);
    expect((await f.admin.get('/api/v1/report-runs/history?f.status=bogus')).status).toBe(400);
    const csv = await fetch(`${srv.url}/api/v1/report-runs/history/export?format=csv`, { headers: f.admin.headers });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^When,Report,Parameters,Trigger,Who,Status/);
  });

  it('files older than 90 days are pruned: the row stays, the download says so', async () => {
    const run = await finishedRun(
      f.admin,
      (await start(f.admin, { report: 'transfers', format: 'csv', params: OCT })).id,
    );
    await srv.database.db.execute(
      sql`update report_runs set finished_at = now() - interval '91 days' where id = ${run.id}`,
    );
    expect(await runsService(srv.database.db, diskFileStore(srv.dataDir)).prune()).toBeGreaterThanOrEqual(1);
    expect((await f.admin.get(`/api/v1/report-runs/${run.id}`)).body.fileKept).toBe(false);
    expect((await file(f.admin, run.id)).status).toBe(410);
    expect(
      fs.existsSync(
        path.join(srv.dataDir, 'files', 'accounts', String(f.admin.item.account.accountId), 'reports', run.id),
      ),
    ).toBe(false);
  });

  it('favourites are per user', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.send('PUT', '/api/v1/report-favourites/transfers')).body.reports).toEqual(['transfers']);
    expect((await manager.send('PUT', '/api/v1/report-favourites/transfers')).body.reports).toEqual(['transfers']);
    expect((await f.admin.get('/api/v1/report-favourites')).body.reports).not.toContain('transfers');
    expect((await manager.send('PUT', '/api/v1/report-favourites/nope')).status).toBe(400);
    expect((await manager.send('DELETE', '/api/v1/report-favourites/transfers')).body.reports).toEqual([]);
  });
});

describe('report schedules', () => {
  const valid = {
    name: 'Monthly fuel',
    report: 'fuel-by-cost-centre',
    params: { range: 'lastMonth' },
    format: 'pdf',
    frequency: 'monthly',
    atTime: '07:00',
    monthDay: 31,
    // The account's own people only (ADR 074): a member's address.
    recipientEmails: ['manager@fams.example'],
  };

  it('refuses bad schedules with field errors (400, 422) and lets only admins in', async () => {
    const bad = async (patch: object, status = 400) => {
      const res = await f.admin.send('POST', '/api/v1/report-schedules', { ...valid, ...patch });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return Object.keys(res.body.fieldErrors ?? {});
    };
    expect(await bad({ params: { range: 'custom', from: '2026-10-01', to: '2026-10-31' } })).toContain('params.range');
    expect(await bad({ frequency: 'weekly' })).toContain('weekday');
    expect(await bad({ recipientEmails: ['nobody'] })).toContain('recipientEmails.0');
    expect(await bad({ recipientEmails: [] })).toContain('recipientEmails');
    expect(await bad({ atTime: '25:00' })).toContain('atTime');
    // A user of another account (the big boss belongs to Demo Fuels too, so pick an id nobody has).
    expect(await bad({ recipientUserIds: [987654321] }, 422)).toContain('recipientUserIds');
    // Account data is mailed to the account's users only, and filtered by its own rows (ADR 074).
    expect(await bad({ recipientEmails: ['someone@outside.example'] }, 422)).toContain('recipientEmails');
    const [theirs] = (
      await srv.database.db.execute<{ id: string }>(
        sql`select s.id from stores s join accounts a on a.id = s.account_id where a.name = 'North Haulage' limit 1`,
      )
    ).rows;
    expect(await bad({ params: { range: 'lastMonth', storeId: theirs.id } }, 422)).toContain('params.storeId');
    const run = await f.admin.send('POST', '/api/v1/report-runs', {
      report: 'fuel-by-cost-centre',
      params: { range: 'lastMonth', storeId: theirs.id },
      format: 'csv',
    });
    expect([run.status, Object.keys(run.body.fieldErrors ?? {})]).toEqual([400, ['storeId']]);
    // Fuel by cost centre has no employee filter: its runs would refuse it (ADR 050).
    expect(await bad({ params: { range: 'lastMonth', employeeId: f.p1 } }, 422)).toContain('params.employeeId');
    const manager = await session(srv.url, ...DEMO.manager);
    // The form's recipients: the account's users, by name; not for a manager.
    const recipients = await f.admin.get('/api/v1/report-schedules/recipients');
    expect(recipients.body.users).toContainEqual(expect.objectContaining({ id: f.admin.item.userRoles.id }));
    expect((await manager.get('/api/v1/report-schedules/recipients')).status).toBe(403);
    expect((await manager.send('POST', '/api/v1/report-schedules', valid)).status).toBe(403);
    expect((await manager.get('/api/v1/report-schedules')).status).toBe(403);
  });

  it('run now mails the file as an attachment and leaves a scheduled history row; edits are audited', async () => {
    const created = await f.admin.send('POST', '/api/v1/report-schedules', {
      ...valid,
      recipientUserIds: [f.admin.item.userRoles.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Date.parse(created.body.nextRunAt)).toBeGreaterThan(Date.now());
    const before = jobs.mails().length;
    const res = await f.admin.send('POST', `/api/v1/report-schedules/${created.body.id}/run`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    // Not run yet until "run now"; then its last run is that run, with its result (ADR 077).
    expect(created.body).toMatchObject({ lastRunAt: null, lastRunStatus: null });
    const run = await finishedRun(f.admin, res.body.id);
    expect(run).toMatchObject({ status: 'done', trigger: 'scheduled', scheduleId: created.body.id });
    const ran = (await f.admin.get(`/api/v1/report-schedules/${created.body.id}`)).body;
    expect(ran).toMatchObject({ lastRunAt: run.queuedAt, lastRunStatus: 'done', nextRunAt: created.body.nextRunAt });
    // The list says the same, with the account's zone the times read in.
    const listed = (await f.admin.get(`/api/v1/report-schedules?q=${encodeURIComponent(created.body.name)}`)).body;
    const zone = await srv.database.db.execute<{ tz: string }>(
      sql`select timezone as tz from stores where account_id = ${f.admin.item.account.accountId}
        and deleted_at is null order by code limit 1`,
    );
    expect(listed.items.find((x: { id: string }) => x.id === created.body.id)).toMatchObject({
      lastRunAt: run.queuedAt,
      lastRunStatus: 'done',
      timeZone: zone.rows[0]?.tz ?? 'UTC',
    });
    await expect.poll(() => jobs.mails().length, { timeout: 10_000 }).toBe(before + 2);
    const eml = jobs
      .mails()
      .map(jobs.readMail)
      .find((t) => t.includes('To: manager@fams.example') && t.includes('Monthly fuel'))!;
    expect(eml).toContain('Subject: Fuel by cost centre: Monthly fuel');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=fuel-by-cost-centre-[\d_-]+\.pdf/);
    expect(eml).toContain('Content-Disposition: attachment');
    const history = await f.admin.get(`/api/v1/report-runs/history?f.trigger=scheduled`);
    expect(history.body.items.map((r: RunView) => r.id)).toContain(run.id);

    // Pause: no next run; resume: one again. Each edit is audited.
    const paused = await f.admin.send('PUT', `/api/v1/report-schedules/${created.body.id}`, {
      ...valid,
      recipientUserIds: [f.admin.item.userRoles.id],
      paused: true,
      version: created.body.version,
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.nextRunAt).toBeNull();
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where entity = 'report_schedule' and entity_id = ${created.body.id}`,
      ),
    ).toBe(3);
  });

  it('a due occurrence runs once, however many ticks claim it', async () => {
    const created = await f.admin.send('POST', '/api/v1/report-schedules', {
      ...valid,
      name: 'Daily',
      frequency: 'daily',
      format: 'csv',
    });
    const id = created.body.id as string;
    const due = new Date(Date.now() - 60_000).toISOString();
    await srv.database.db.execute(sql`update report_schedules set next_run_at = ${due}::timestamptz where id = ${id}`);
    const schedules = schedulesService(srv.database.db);
    const boss = commandBoss(srv.database);
    await Promise.all([schedules.tick(boss), schedules.tick(boss), schedules.tick(boss)]);
    await schedules.tick(boss);
    const runs = await srv.database.db.execute<{ id: string; occurrence: string }>(
      sql`select id, occurrence from report_runs where schedule_id = ${id}`,
    );
    expect(runs.rows).toHaveLength(1);
    expect(new Date(runs.rows[0].occurrence).toISOString()).toBe(due);
    const after = (await f.admin.get(`/api/v1/report-schedules/${id}`)).body;
    expect(Date.parse(after.nextRunAt)).toBeGreaterThan(Date.now());
    expect(after.lastRunAt).toBe(due);
    const run = await finishedRun(f.admin, runs.rows[0].id);
    expect(run).toMatchObject({ status: 'done', trigger: 'scheduled', userName: null });
    expect((await f.admin.get(`/api/v1/report-schedules/${id}`)).body).toMatchObject({
      lastRunAt: due,
      lastRunStatus: 'done',
    });
    (await boss()).stop({ graceful: false }).catch(() => undefined);
  });
});
