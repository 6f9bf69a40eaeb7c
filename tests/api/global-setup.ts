import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { applyMigrations, connect } from '../../server/db/client';
import { startEmbedded, type EmbeddedDb } from '../../server/db/embedded';
import { seedDemo } from '../../server/seed/seed';
import { keepFailureExitCode } from '../keep-exit-code';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

const TEMPLATE = 'fams_test_template';

/**
 * One PostgreSQL for the API suite (embedded, or DATABASE_URL's server), with a template database
 * holding the migrated schema and the demo users. Each test file clones it, so files run in
 * parallel without seeing each other's writes.
 */
export default async function setup(project: TestProject) {
  keepFailureExitCode();
  process.env.SCRYPT_LOG_N ??= '12';
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedDb | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-api-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbedded(dataDir, log);
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();

  const templateUrl = withDb(adminUrl, TEMPLATE);
  const database = connect(templateUrl, 2);
  await applyMigrations(database.db);
  await seedDemo(database.db, log);
  await database.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', TEMPLATE);
  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
