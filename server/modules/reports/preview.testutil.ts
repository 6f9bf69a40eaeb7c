import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect } from 'vitest';
import type { RunView } from '../../../src/contract/report-runs';
import type { ReportRun } from '../../../src/contract/reports';
import type { TestServer } from '../../../tests/api/harness';
import { diskFileStore } from '../../lib/files';
import { createJobs } from '../../lib/jobs';
import { createMailer } from '../../lib/mailer';
import { qs, type Session } from '../records/fixture.testutil';
import { registerReportJobs } from './runs.jobs';

/** A report's on-screen preview (`GET /reports/:id`) as `who`, which must answer 200. */
export async function preview(who: Session, id: string, params: Record<string, string | number>): Promise<ReportRun> {
  const res = await who.get(`/api/v1/reports/${id}${qs(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReportRun;
}

/** A run (`POST /report-runs`, a pg-boss job) once it has ended, done or failed. */
export async function finishedRun(who: Session, id: string): Promise<RunView> {
  let last: RunView | undefined;
  await expect
    .poll(
      async () => {
        last = (await who.get(`/api/v1/report-runs/${id}`)).body as RunView;
        return last.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toMatch(/done|failed/);
  return last!;
}

/** A custom report's key and its preview path. */
export const customKey = (id: string) => `custom:${id}`;
export const customPath = (id: string) => `/api/v1/reports/${encodeURIComponent(customKey(id))}`;

/** The report ids of `who`'s catalogue (`GET /reports`). */
export const catalogIds = async (who: Session) =>
  ((await who.get('/api/v1/reports')).body.reports as { id: string }[]).map((r) => r.id);

/**
 * The report jobs (runs, the schedule tick) on a pg-boss of the test's own, working what the server's
 * routes send; mail goes to `.eml` files in a temporary folder. `stop()` in the file's `afterAll`.
 */
export async function startReportJobs(srv: TestServer) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-report-mail-'));
  const dir = path.join(root, 'mail');
  const jobs = createJobs(srv.database, pino({ level: 'silent' }));
  registerReportJobs(jobs, {
    files: diskFileStore(srv.dataDir),
    mailer: createMailer(root, pino({ level: 'silent' })),
  });
  await jobs.start();
  return {
    /** The mail files written so far. */
    mails: () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []),
    /** One mail file's text. */
    readMail: (name: string) => fs.readFileSync(path.join(dir, name), 'utf8'),
    async stop() {
      await jobs.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
