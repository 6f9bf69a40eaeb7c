import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { createMailer, type Mailer } from './lib/mailer';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { balancingRoutes } from './modules/balancing/balancing.routes';
import { createTokenService, loadSecret } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { diagnosticRoutes } from './modules/diagnostic/diagnostic.routes';
import { commandBoss, type BossProvider } from './modules/diagnostic/jobs-client';
import { dispensingRoutes } from './modules/dispensing/dispensing.routes';
import { controllerRoutes } from './modules/devices/controller.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { tagsRoutes } from './modules/devices/tags.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { loadSecretKey, secretBox } from './lib/secrets';
import { equipmentCopyRoutes } from './modules/equipment-copy/equipment-copy.routes';
import { dailyReportRoutes } from './modules/daily-report/daily-report.routes';
import { incidentsRoutes } from './modules/incidents/incidents.routes';
import { gaugesRoutes } from './modules/gauges/gauges.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { integrityRoutes } from './modules/integrity/integrity.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { exceptionsRoutes } from './modules/exceptions/exceptions.routes';
import { exceptionRulesRoutes } from './modules/exceptions/rules.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { tanksRoutes } from './modules/tanks/tanks.routes';
import { mapSettings } from './modules/views/map-settings';
import { viewsRoutes } from './modules/views/views.routes';
import { diskFileStore } from './lib/files';
import { registerAccess } from './plugins/access';
import { sessionGate } from './modules/auth/sessions';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerErrorHandling, registerNotFound } from './plugins/errors';
import { registerStatic } from './plugins/static';

export const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Strict-Transport-Security over HTTPS: helmet's defaults, stated. */
const HSTS = { maxAge: 365 * 24 * 3600, includeSubDomains: true };

export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  mailer?: Mailer;
  /** The running pg-boss (`/Diagnostic`'s retry); without it a command-only handle is made on first use. */
  boss?: BossProvider;
}

/** Builds the Fastify app: API under /api/v1 and, when built, the PWA from `dist/`. */
export async function buildApp({ config, database, log, mailer, boss }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: log,
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // A path that is not valid percent-encoding (e.g. a lone surrogate's bytes) never reaches a
    // route: answer it with the error body like every other 400 (issue 10).
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as unknown as { status(s: number): { send(b: unknown): unknown } }).status(status).send({
        title: 'Invalid address',
        message: 'The address is not valid: it holds a character or an escape that cannot be read.',
        code: 'bad_url',
      });
    },
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A real map style (MAP_STYLE_URL) is fetched by the browser, with its tiles: allow their origins.
  const map = mapSettings(config.mapStyleUrl, config.mapTileOrigins);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Chakra (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...map.origins],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...map.origins],
        upgradeInsecureRequests: null,
      },
    },
    // Never over plain http (development and demo on localhost): see the HTTPS hook below.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only on a request that came over HTTPS: TLS on the socket, or `X-Forwarded-Proto: https`
  // from a proxy TRUST_PROXY names (Fastify's `req.protocol`). Helmet's own header, with its
  // defaults (a year, subdomains), applied by the reply's helmet (ADR 020).
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.helmet({ hsts: HSTS });
  });
  // JSON (and CSV, text) answers of 1 KB or more, gzip or brotli as the client accepts (ADR 020).
  // An answer that already has a Content-Encoding (the PWA's precompressed files) is sent as it
  // is; XLSX is a zip and not compressed again; streams (exports) are compressed as they flow.
  // Compressed request bodies are not taken: a body is read as sent.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`,
        'Too many requests',
        undefined,
        { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) },
      ),
  });

  const tokens = createTokenService(loadSecret(config.dataDir, config.jwtSecret));
  const sessions = sessionGate(database.db);
  registerAccess(app, tokens, sessions);
  registerErrorHandling(app);
  registerInputHygiene(app);

  const hasPwa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  registerNotFound(app, (p) => hasPwa && !path.extname(p));
  if (hasPwa) {
    await registerStatic(app, config.staticDir);
  } else {
    log.warn({ staticDir: config.staticDir }, 'no built PWA found; serving the API only (run `npm run build`)');
  }

  const mail = mailer ?? createMailer(config.dataDir, log, config.smtpUrl);
  const service = authService(database, tokens, mail, sessions);
  authRoutes(app, service, config.publicUrl);
  adminRoutes(app, { db: database.db, mailer: mail, sessions, publicUrl: config.publicUrl });
  dispensingRoutes(app, database);
  devicesRoutes(app, database.db);
  tagsRoutes(app, database.db);
  recordsRoutes(app, database);
  exceptionsRoutes(app, database);
  exceptionRulesRoutes(app, database);
  healthRoutes(app, database, VERSION);
  const services = setupRoutes(app, database.db);
  // With the embedded database this is the only server on its data directory (fams.lock).
  await importsRoutes(app, { db: database.db, dataDir: config.dataDir, services, singleInstance: !config.databaseUrl });
  equipmentCopyRoutes(app, database.db, services);
  gaugesRoutes(app, database.db, { pushPerMinute: config.pushPerMinute });
  viewsRoutes(app, database.db, map);
  tanksRoutes(app, database.db);
  dashboardRoutes(app, database.db);
  balancingRoutes(app, database.db);
  // One pg-boss handle for the routes that send jobs (report runs) or retry them (/Diagnostic).
  const bossOf = boss ?? commandBoss(database);
  controllerRoutes(app, database, bossOf);
  reportsRoutes(app, database.db, { files: diskFileStore(config.dataDir), boss: bossOf });
  integrityRoutes(app, database.db);
  diagnosticRoutes(app, { db: database.db, dataDir: config.dataDir, boss: bossOf });
  integrationsRoutes(app, database.db, { box: secretBox(loadSecretKey(config.dataDir)), boss: bossOf });
  await incidentsRoutes(app, database.db, diskFileStore(config.dataDir));
  dailyReportRoutes(app, database.db);
  return app;
}
