import pino from 'pino';
import { buildApp } from './app';
import { readConfig } from './config';
import { applyMigrations, connect } from './db/client';
import { startEmbedded, type EmbeddedDb } from './db/embedded';
import { DEMO_USERS } from './seed/demo-users';
import { seedDemo } from './seed/seed';

/** Starts FAMS: database (embedded unless DATABASE_URL), migrations, demo seed, API and PWA. */
export async function main() {
  const config = readConfig();
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] });
  let embedded: EmbeddedDb | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbedded(config.dataDir, log);
    url = embedded.url;
  }
  const database = connect(url);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping');
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch((e) => log.error(e));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await applyMigrations(database.db);
    if (config.demo) await seedDemo(database.db, log);
    app = await buildApp({ config, database, log });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    log.error({ err }, 'FAMS could not start');
    await stop(1);
    return;
  }
  const shown = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  FAMS is running at ${shown}`,
    ...(config.demo ? ['', '  Demo users (username / password):', ...DEMO_USERS.map((u) => `    ${u.username.padEnd(10)} ${u.password}`)] : []),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`FAMS could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
