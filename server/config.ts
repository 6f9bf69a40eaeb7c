import path from 'node:path';
import type { PublicOriginSource } from './lib/public-origin';
import type { PowerbiHosts } from './modules/bi/powerbi.client';

/** Everything the server reads from the environment, read once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  jwtSecret?: string;
  smtpUrl?: string;
  logLevel: string;
  /** Serve the built PWA from here when it exists. */
  staticDir: string;
  /**
   * The origin of e-mailed links (`PUBLIC_URL`); `server/main.ts` settles it at start from the
   * environment or `DATA_DIR/public-url` (`lib/public-origin.ts`), never from a request.
   */
  publicUrl?: string;
  /** Where `publicUrl` came from, for `/Diagnostic`. */
  publicUrlSource?: PublicOriginSource;
  /** GPS map tile style (MapLibre style JSON URL); unset = the built-in blank style (no network). */
  mapStyleUrl?: string;
  /** Further origins the map style loads tiles, glyphs or sprites from (comma-separated), for the CSP. */
  mapTileOrigins?: string;
  /**
   * Which proxies may tell the client's address in `X-Forwarded-For` (fastify `trustProxy`):
   * false (default) trusts none, so a client cannot forge its address past per-address limits.
   */
  trustProxy: boolean | string[];
  /** `FAMS_PUSH_RATE_LIMIT`: gauge pushes a minute per client address; unset = 300. */
  pushPerMinute?: number;
  /** `FAMS_SECRET_KEY`: AES-256-GCM key of secrets at rest (32 bytes, base64 or hex); unset: DATA_DIR/secret.key. */
  secretKey?: string;
  /** `FAMS_WEBHOOK_ALLOW_PRIVATE=1`: webhooks may post to loopback and private addresses (tests, on-premises). */
  webhookAllowPrivate: boolean;
  /** Entra ID's and Power BI's addresses; not from the environment: tests point them at loopback. */
  powerbiHosts?: PowerbiHosts;
  /** `S3_*`: files in an S3-compatible bucket instead of `DATA_DIR/files` (set `S3_BUCKET` to switch). */
  s3?: S3Config;
}

export interface S3Config {
  /** `S3_ENDPOINT`, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO/R2 URL; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The bucket settings, or undefined without `S3_BUCKET`; half a configuration is refused at start. */
export function readS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const s3 = {
    endpoint: (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    bucket,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() ?? '',
  };
  if (!s3.accessKeyId || !s3.secretAccessKey)
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
  if (!/^https?:\/\//.test(s3.endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL: ${s3.endpoint}`);
  return s3;
}

/**
 * `TRUST_PROXY`: unset/0/false → none; 1/true → any (only behind a proxy that strips the header); else addresses/CIDRs.
 */
export function parseTrustProxy(v: string | undefined): boolean | string[] {
  const s = (v ?? '').trim();
  if (s === '' || s === '0' || s.toLowerCase() === 'false') return false;
  if (s === '1' || s.toLowerCase() === 'true') return true;
  return s
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    // With the embedded database the demo data is the point; with a real one, only on request.
    demo: env.DATABASE_URL ? env.FAMS_DEMO === '1' : env.FAMS_DEMO !== '0',
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    publicUrl: env.PUBLIC_URL || undefined,
    mapStyleUrl: env.MAP_STYLE_URL || undefined,
    mapTileOrigins: env.MAP_TILE_ORIGINS || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pushPerMinute: Number(env.FAMS_PUSH_RATE_LIMIT) || undefined,
    secretKey: env.FAMS_SECRET_KEY || undefined,
    webhookAllowPrivate: env.FAMS_WEBHOOK_ALLOW_PRIVATE === '1',
    s3: readS3(env),
  };
}
