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
import { mailQueue } from './lib/mail-queue';
import { accountCardRoutes } from './modules/admin/account-card.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { balancingRoutes } from './modules/balancing/balancing.routes';
import { createTokenService, loadSecret } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { diagnosticRoutes } from './modules/diagnostic/diagnostic.routes';
import type { BossProvider } from './lib/jobs';
import { commandBoss } from './modules/diagnostic/jobs-client';
import { dispensingRoutes } from './modules/dispensing/dispensing.routes';
import { controllerRoutes } from './modules/devices/controller.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { handheldsRoutes } from './modules/devices/handhelds.routes';
import { storeVpnRoutes } from './modules/devices/store-vpn.routes';
import { tagsRoutes } from './modules/devices/tags.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { sapRoutes } from './modules/integrations/sap.routes';
import { equipmentCopyRoutes } from './modules/equipment-copy/equipment-copy.routes';
import { commercialRoutes } from './modules/commercial/commercial.routes';
import { dailyReportRoutes } from './modules/daily-report/daily-report.routes';
import { incidentsRoutes } from './modules/incidents/incidents.routes';
import { gaugesRoutes } from './modules/gauges/gauges.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { mlRoutes } from './modules/ml/ml.routes';
import { integrityRoutes } from './modules/integrity/integrity.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { biRoutes } from './modules/bi/bi.routes';
import { createSecrets, loadSecretKey } from './lib/secrets';
import { signedLinks } from './lib/signed-links';
import { reportsRoutes } from './modules/reports/reports.routes';
import { exceptionsRoutes } from './modules/exceptions/exceptions.routes';
import { exceptionRulesRoutes } from './modules/exceptions/rules.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { setupServices } from './modules/setup/setup.services';
import type { ModuleDeps } from './modules/deps';
import { tanksRoutes } from './modules/tanks/tanks.routes';
import { mapSettings } from './modules/views/map-settings';
import { viewsRoutes } from './modules/views/views.routes';
import { fileStoreOf } from './lib/files';
import { registerAccess } from './plugins/access';
import { sessionGate } from './modules/auth/sessions';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerJsonBody } from './plugins/json-body';
import { registerErrorHandling, registerNotFound } from './plugins/errors';
import { registerStatic } from './plugins/static';

export const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Strict-Transport-Security over HTTPS: helmet's defaults, stated. */
const HSTS = { maxAge: 365 * 24 * 3600, includeSubDomains: true };

export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** The running pg-boss (`/Diagnostic`'s retry); without it a command-only handle is made on first use. */
  boss?: BossProvider;
}

/** Builds the Fastify app: API under /api/v1 and, when built, the PWA from `dist/`. */
export async function buildApp({ config, database, log, boss }: AppDeps): Promise<FastifyInstance> {
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
        // /PBAnalytics embeds an account's Power BI report (ADR 041) in Microsoft's iframe.
        frameSrc: ["'self'", 'https://app.powerbi.com'],
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

  const secret = loadSecret(config.dataDir, config.jwtSecret);
  const tokens = createTokenService(secret);
  const sessions = sessionGate(database.db);
  registerAccess(app, tokens, sessions);
  registerErrorHandling(app);
  registerJsonBody(app);
  registerInputHygiene(app);

  const hasPwa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  registerNotFound(app, (p) => hasPwa && !path.extname(p));
  if (hasPwa) {
    await registerStatic(app, config.staticDir);
  } else {
    log.warn({ staticDir: config.staticDir }, 'no built PWA found; serving the API only (run `npm run build`)');
  }

  // One pg-boss handle for the routes that send jobs (report runs, mail) or retry them (/Diagnostic).
  const jobsBoss = boss ?? commandBoss(database);
  const deps: ModuleDeps = {
    config,
    database,
    db: database.db,
    mailer: mailQueue(jobsBoss),
    files: fileStoreOf(config),
    boss: jobsBoss,
    tokens,
    sessions,
    map,
    setup: setupServices(database.db),
    links: signedLinks(secret),
    secrets: createSecrets(loadSecretKey(config.secretKey, config.dataDir)),
    version: VERSION,
  };
  authRoutes(app, deps);
  adminRoutes(app, deps);
  await accountCardRoutes(app, deps);
  dispensingRoutes(app, deps);
  recordsRoutes(app, deps);
  exceptionsRoutes(app, deps);
  exceptionRulesRoutes(app, deps);
  healthRoutes(app, deps);
  setupRoutes(app, deps);
  await importsRoutes(app, deps);
  equipmentCopyRoutes(app, deps);
  gaugesRoutes(app, deps);
  viewsRoutes(app, deps);
  tanksRoutes(app, deps);
  dashboardRoutes(app, deps);
  balancingRoutes(app, deps);
  reportsRoutes(app, deps);
  biRoutes(app, deps);
  integrityRoutes(app, deps);
  diagnosticRoutes(app, deps);
  await incidentsRoutes(app, deps);
  dailyReportRoutes(app, deps);
  await commercialRoutes(app, deps);
  devicesRoutes(app, deps);
  tagsRoutes(app, deps);
  controllerRoutes(app, deps);
  handheldsRoutes(app, deps);
  storeVpnRoutes(app, deps);
  integrationsRoutes(app, deps);
  await mlRoutes(app, deps);
  sapRoutes(app, deps);
  return app;
}
