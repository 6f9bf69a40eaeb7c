import pino, { type DestinationStream, type Logger } from 'pino';
import { recentErrors } from './error-ring';

/**
 * Secrets never reach the log: request credentials, and any field by these names wherever a
 * logged object carries it (pino `redact`). Error messages with SQL parameters are cut by
 * `loggable` in the error plugin.
 */
const SECRET_KEYS = [
  'password',
  'Password',
  'newPassword',
  'currentPassword',
  'pin',
  'pinHash',
  'passwordHash',
  'token',
  'refreshToken',
  'key',
  'secret',
];
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`]),
];

/**
 * A request's address without the secrets links carry: customer-link and reset tokens in the
 * query (`?token=`, `&code=`…) and the sign-up code in `/auth/join/<code>`. Whoever reads the log
 * must not be able to open a customer's quotation or document with it (ADR 074).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|key|sig|signature|t)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/auth\/join\/)[^/?#]+/, '$1[redacted]');
}

/** Fastify's request fields (its own serializer's), with the address redacted. */
const req = (r: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
  method: r.method,
  url: r.url === undefined ? undefined : redactUrl(r.url),
  host: r.host,
  remoteAddress: r.ip,
  remotePort: r.socket?.remotePort,
});

/** The one logger. Error-level entries also go, redacted, to the in-memory ring `/Diagnostic` shows. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const streams = pino.multistream([
    { level: level as pino.Level, stream: destination ?? pino.destination(1) },
    { level: 'error', stream: recentErrors },
  ]);
  return pino({ level, redact: { paths: LOG_REDACT, censor: '[redacted]' }, serializers: { req } }, streams);
}
