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

/** The one logger. Error-level entries also go, redacted, to the in-memory ring `/Diagnostic` shows. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const streams = pino.multistream([
    { level: level as pino.Level, stream: destination ?? pino.destination(1) },
    { level: 'error', stream: recentErrors },
  ]);
  return pino({ level, redact: { paths: LOG_REDACT, censor: '[redacted]' } }, streams);
}
