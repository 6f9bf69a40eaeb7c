import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_LIST_CAP, type DiagnosticReport } from '../../../src/contract/diagnostic';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { recentErrors } from '../../lib/error-ring';
import { APP_VERSION, appCommit, STARTED_AT } from '../../lib/version';
import { diagnosticRepository } from './diagnostic.repository';
import type { BossProvider } from '../../lib/jobs';

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/** drizzle-kit's journal: which migration file (tag) each applied row is (its `when` is the row's created_at). */
async function journal(): Promise<{ tag: string; when: number }[]> {
  try {
    return (JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
  } catch {
    return [];
  }
}

/** `.eml` files the mailer wrote under DATA_DIR/mail (no SMTP_URL), newest first. */
async function mailWaiting(dataDir: string): Promise<DiagnosticReport['mail']> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return { waiting: 0, files: [] };
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const st = await fs.stat(path.join(dir, name)).catch(() => null);
      return st ? { name, sizeBytes: st.size, at: st.mtime.toISOString() } : null;
    }),
  );
  const listed = files.filter((f) => f !== null).sort((a, b) => b.at.localeCompare(a.at));
  return { waiting: listed.length, files: listed.slice(0, DIAGNOSTIC_LIST_CAP) };
}

export function diagnosticService(db: Db) {
  return {
    async report(
      config: Pick<Config, 'dataDir' | 'publicUrl' | 'publicUrlSource'>,
      now = new Date(),
    ): Promise<DiagnosticReport> {
      const { dataDir } = config;
      const repo = diagnosticRepository(db);
      const [database, applied, files, jobs, gauges, devices, mail] = await Promise.all([
        repo.database(),
        repo.migrations(),
        journal(),
        repo.jobs(),
        repo.gauges(),
        repo.devices(),
        mailWaiting(dataDir),
      ]);
      const tagOf = new Map(files.map((f) => [f.when, f.tag]));
      return {
        generatedAt: now.toISOString(),
        version: {
          app: APP_VERSION,
          commit: appCommit(),
          node: process.version,
          startedAt: STARTED_AT.toISOString(),
          uptimeS: Math.round((now.getTime() - STARTED_AT.getTime()) / 1000),
          publicUrl: config.publicUrl ?? null,
          publicUrlSource: config.publicUrl ? (config.publicUrlSource ?? 'PUBLIC_URL') : null,
        },
        database: {
          ...database,
          migrations: applied.map((m) => ({
            tag: tagOf.get(m.createdAt) ?? null,
            hash: m.hash,
            createdAt: Number.isFinite(m.createdAt) ? new Date(m.createdAt).toISOString() : null,
          })),
          migrationFiles: files.length,
        },
        jobs,
        gauges,
        devices,
        mail,
        errors: recentErrors.list(),
      };
    },

    /** Puts a failed job back in its queue through pg-boss's own `retry` (state failed → retry). */
    async retry(boss: BossProvider, queue: string, id: string): Promise<{ retried: boolean }> {
      const state = await diagnosticRepository(db).jobState(queue, id);
      if (state === null) throw notFound('No such job in that queue.');
      if (state !== 'failed')
        throw new AppError(409, 'job_not_failed', `The job is ${state}; only a failed job can be retried.`);
      const res = (await (await boss()).retry(queue, id)) as unknown as { affected?: number };
      return { retried: (res?.affected ?? 0) > 0 };
    },
  };
}
export type DiagnosticService = ReturnType<typeof diagnosticService>;
