import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { AppError } from './errors';

/** Where the origin of e-mailed links came from (shown on `/Diagnostic`). */
export type PublicOriginSource = 'PUBLIC_URL' | 'recorded at first start';

const FILE = 'public-url';

/** `value` as an http(s) origin, or an error naming `what`. */
export function asOrigin(value: string, what: string): string {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    throw new Error(`${what} must be an http(s) address such as https://fams.example.com: ${value}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`${what} must be an http(s) address such as https://fams.example.com: ${value}`);
  return u.origin;
}

/**
 * The origin of every e-mailed link, from configuration and never from a request (ADR 074): a
 * request's `Host` is the sender's to choose, so a reset link built from it could point anywhere.
 * `PUBLIC_URL` when set; else the origin recorded in `DATA_DIR/public-url` at the first start —
 * `PUBLIC_URL` then, or `http://localhost:<PORT>`, the address `npm start` prints. An operator who
 * moves the server sets `PUBLIC_URL` or edits that file.
 */
export function settlePublicOrigin(config: Pick<Config, 'publicUrl' | 'dataDir' | 'port'>): {
  origin: string;
  source: PublicOriginSource;
} {
  const file = path.join(config.dataDir, FILE);
  const recorded = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
  const fromEnv = config.publicUrl ? asOrigin(config.publicUrl, 'PUBLIC_URL') : undefined;
  const origin = fromEnv ?? (recorded ? asOrigin(recorded, file) : `http://localhost:${config.port}`);
  if (!recorded) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${origin}\n`, { mode: 0o644 });
  }
  return { origin, source: fromEnv ? 'PUBLIC_URL' : 'recorded at first start' };
}

/**
 * The origin for a link about to be e-mailed: the configured one, or a 503 telling the admin what
 * to set. A server built without one (an embedding that never settled it) sends no link rather
 * than one built from the request.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl) return config.publicUrl;
  throw new AppError(
    503,
    'no_public_url',
    'This server has no public address for the links it e-mails. Set PUBLIC_URL (for example https://fams.example.com) and restart.',
    'Links cannot be sent',
  );
}
