import { buildApp } from './app';
import { readConfig } from './config';
import { createLogger } from './lib/log';
import { applyMigrations, connect } from './db/client';
import { startEmbedded, type EmbeddedDb } from './db/embedded';
import { gaugeSimulatorEnabled, startDemoGauges, type DemoGauges } from './gauges/demo';
import { registerGaugeJobs } from './gauges/poller';
import { controllerSimulatorEnabled, startControllerSimulator, type ControllerSimulator } from './devices/simulator';
import { registerCommandExpiry } from './modules/devices/commands.jobs';
import { registerWebhookJobs } from './modules/integrations/webhooks.jobs';
import { createSecrets, loadSecretKey } from './lib/secrets';
import { createJobs, type Jobs } from './lib/jobs';
import { registerVarianceSweep } from './modules/balancing/variance-sweep';
import { registerConsumptionSweep } from './modules/exceptions/consumption.sweep';
import { registerExceptionMailJobs } from './modules/exceptions/notify.jobs';
import { mailQueue, registerMailJobs } from './lib/mail-queue';
import { createMailer } from './lib/mailer';
import { commandBoss } from './modules/diagnostic/jobs-client';
import { registerIntegrityNightly } from './modules/integrity/nightly';
import { registerReportJobs } from './modules/reports/runs.jobs';
import { fileStoreOf } from './lib/files';
import { registerCsvDropJobs } from './modules/integrations/csv-drop.jobs';
import { registerQuoteFollowUps } from './modules/commercial/follow-ups';
import { registerDailyReportMail } from './modules/daily-report/mail.jobs';
import { demoHistoryEnabled, seedDemoHistory } from './seed/demo-history';
import { DEMO_USERS } from './seed/demo-users';
import { seedDemo } from './seed/seed';
import { unhandledVerdict } from './lib/unhandled';
import { settlePublicOrigin } from './lib/public-origin';

/** Starts FAMS: database (embedded unless DATABASE_URL), migrations, demo seed, API and PWA. */
export async function main() {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  // E-mailed links take this origin, never a request's Host (ADR 074).
  const settled = settlePublicOrigin(config);
  config.publicUrl = settled.origin;
  config.publicUrlSource = settled.source;
  let embedded: EmbeddedDb | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbedded(config.dataDir, log);
    url = embedded.url;
  }
  // Idle API connections are kept 5 minutes (not pg's 10 s): a device's next batch finds them warm (ADR 055).
  const database = connect(url, 10, 5 * 60_000);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping');
    // Jobs first (running polls and sweeps finish), then the demo consoles they talk to, then the API.
    await jobs?.stop().catch((e) => log.error(e));
    await demoGauges?.close().catch(() => undefined);
    await demoControllers?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch((e) => log.error(e));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('unhandledRejection', (reason) => {
    const verdict = unhandledVerdict(reason, stopping);
    if (verdict === 'ignore') return;
    log.error({ err: reason }, verdict === 'log' ? 'database connection lost (unhandled)' : 'unhandled rejection');
    if (verdict === 'stop') void stop(1);
  });

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  let jobsStarted = false;
  let demoGauges: DemoGauges | undefined;
  let demoControllers: ControllerSimulator | undefined;
  try {
    await applyMigrations(database.db);
    // A fresh demo database also gets its year of records (ADR 013); failing that, it starts without them.
    if (config.demo && (await seedDemo(database.db, log)) && demoHistoryEnabled()) {
      await seedDemoHistory(database.db, log).catch((err) => log.error({ err }, 'demo history could not be seeded'));
    }
    // /Diagnostic retries through this server's pg-boss once it has started (a command-only one before).
    const fallbackBoss = commandBoss(database);
    app = await buildApp({
      config,
      database,
      log,
      boss: () => (jobsStarted && jobs ? Promise.resolve(jobs.boss) : fallbackBoss()),
    });
    await app.listen({ port: config.port, host: config.host });
    // Demo Fuels' simulated gauge consoles (FAMS_GAUGE_SIMULATOR=0: none), then THE pg-boss of
    // this server with every module's jobs: gauge polls (ADR 009), the sweeps and exception mail (ADR 027).
    if (config.demo && gaugeSimulatorEnabled()) demoGauges = await startDemoGauges(database.db, log);
    jobs = createJobs(database, log);
    registerGaugeJobs(jobs);
    registerCommandExpiry(jobs);
    registerWebhookJobs(jobs, createSecrets(loadSecretKey(config.secretKey, config.dataDir)), {
      allowPrivate: config.webhookAllowPrivate,
    });
    registerCsvDropJobs(jobs, fileStoreOf(config));
    registerVarianceSweep(jobs);
    registerConsumptionSweep(jobs);
    const mailer = createMailer(config.dataDir, log, config.smtpUrl);
    const started = jobs;
    // Every mail leaves from the mail queue's worker (ADR 046, 051): exception mails, the morning
    // report and scheduled reports' mails are queued there by their own jobs.
    const queued = mailQueue(() => Promise.resolve(started.boss));
    registerExceptionMailJobs(jobs, queued);
    registerDailyReportMail(jobs, queued);
    registerIntegrityNightly(jobs);
    registerMailJobs(jobs, mailer);
    registerReportJobs(jobs, { files: fileStoreOf(config), mailer: queued });
    // Quotations: follow-up reminders to their owners, expiry of those past their validity (ADR 049).
    registerQuoteFollowUps(jobs, queued, config.publicUrl);
    await jobs.start();
    jobsStarted = true;
    // Demo Fuels' simulated site controllers answer commands over this server's own API (ADR 040).
    if (config.demo && controllerSimulatorEnabled())
      demoControllers = await startControllerSimulator(database.db, log, `http://127.0.0.1:${config.port}`);
  } catch (err) {
    // Ctrl-C or SIGTERM during start-up closes the database under the steps still running: that is
    // the stop asked for, not a failure to report.
    if (stopping) return;
    log.error({ err }, 'FAMS could not start');
    await stop(1);
    return;
  }
  const shown = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  FAMS is running at ${shown}`,
    ...(config.demo
      ? [
          '',
          '  Demo users (username / password):',
          ...DEMO_USERS.map((u) => `    ${u.username.padEnd(10)} ${u.password}`),
        ]
      : []),
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
