/**
 * Builds the e2e suite's seeded data directories once per run (`tsx tests/e2e/seed-templates.ts
 * <root>`): `<root>/fleet` holds the demo accounts and fleets, `<root>/year` the same plus Demo
 * Fuels' year of records (ADR 013). Every e2e server starts on a copy of one of them (see
 * `templates.ts`), so the suite seeds once instead of once per server: a PostgreSQL cluster is
 * initialised once and the year (~25 s) is generated once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { applyMigrations, connect } from '../../server/db/client';
import { startEmbedded } from '../../server/db/embedded';
import { createLogger } from '../../server/lib/log';
import { seedDemoHistory } from '../../server/seed/demo-history';
import { seedDemo } from '../../server/seed/seed';
import { cloneDataDir } from './templates';

const root = process.argv[2];
if (!root) throw new Error('usage: seed-templates.ts <root>');
const log = createLogger('warn');

async function withDatabase(dir: string, work: (db: ReturnType<typeof connect>['db']) => Promise<unknown>) {
  const embedded = await startEmbedded(dir, log);
  const database = connect(embedded.url, 2);
  try {
    await work(database.db);
  } finally {
    await database.close();
    await embedded.stop();
  }
}

fs.rmSync(root, { recursive: true, force: true });
const fleet = path.join(root, 'fleet');
const year = path.join(root, 'year');
await withDatabase(fleet, async (db) => {
  await applyMigrations(db);
  await seedDemo(db, log);
});
cloneDataDir(fleet, year);
await withDatabase(year, async (db) => {
  if (!(await seedDemoHistory(db, log))) throw new Error('the demo year was not seeded');
});
process.exit(0);
