import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultTitle } from '../lib/errors';
import { API_ROOT } from '../../src/contract/constants';

/** Field path of a validation issue, e.g. `lines.2.litres`; `_` for the whole body. */
function fieldName(instancePath: string): string {
  const p = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return p || '_';
}

/**
 * PostgreSQL refusals caused by what the client sent (SQLSTATE → status, message). The contract's
 * schemas refuse most of these first; this is the net under them, so such input is never a 500.
 * The statement was aborted, so its transaction rolled back: nothing was half-written.
 */
const INPUT_REFUSALS: Record<string, [number, string]> = {
  '22021': [400, 'A text holds a character that cannot be stored.'],
  '22P05': [400, 'A text holds a character that cannot be stored.'],
  '22P02': [400, 'A value does not have the expected form.'],
  '22007': [400, 'A date or time is not valid.'],
  '22008': [400, 'A date or time is out of range.'],
  '22003': [400, 'A number is out of range.'],
  '22001': [400, 'A text is too long.'],
  '23502': [400, 'A required value is missing.'],
  '23505': [409, 'This conflicts with a record that already exists.'],
  '23503': [409, 'This refers to a record that does not exist, or is still referred to.'],
  '23514': [422, 'A value breaks a rule of the data.'],
  '54000': [400, 'A value is too large to be stored.'],
};

/** The SQLSTATE of a pg error, also when Drizzle wraps it (`DrizzleQueryError.cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What of a failure may be logged: Drizzle puts the query's parameters in its message, and those
 * can be password or PIN hashes, tokens or personal data. The SQL text and the code are enough.
 */
export function loggable(err: unknown): Record<string, unknown> {
  const e = err as Error & { code?: unknown };
  const message = String(e?.message ?? err).split('\nparams:')[0];
  return {
    type: e?.name,
    message,
    code: sqlState(err) ?? e?.code,
    stack: e?.stack
      ?.split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .slice(0, 8)
      .join('\n'),
  };
}

/**
 * Turns every failure into the error body `{title, message, code, fieldErrors?}`: validation → 400
 * with field errors, our AppErrors as declared, framework errors with their status, anything else
 * → 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(err.body());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // No prototype: a body key such as `toString` or `__proto__` is a field name like any other.
      const fieldErrors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
      for (const v of err.validation) {
        // Unknown keys are reported on each key, so a form can point at them.
        const keys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
        const base = fieldName(v.instancePath);
        const names = keys.length ? keys.map((k) => (base === '_' ? k : `${base}.${k}`)) : [base];
        for (const n of names) (fieldErrors[n] ??= []).push(v.message ?? 'Invalid value');
      }
      const where = err.validationContext ?? 'body';
      return reply.status(400).send({
        title: 'Invalid input',
        message: `The request ${where} has invalid fields: ${Object.keys(fieldErrors).join(', ')}.`,
        code: 'validation',
        fieldErrors,
      });
    }
    const refusal = INPUT_REFUSALS[sqlState(err) ?? ''];
    if (refusal) {
      req.log.info({ err: loggable(err) }, 'input refused by the database');
      return reply
        .status(refusal[0])
        .send({ title: defaultTitle(refusal[0]), message: refusal[1], code: 'invalid_input' });
    }
    // An upload whose client stopped sending before its end (the stream errors in the handler):
    // the client's failure, not the server's (ADR 074).
    if (!req.raw.complete && req.raw.destroyed) {
      req.log.info({ err: loggable(err) }, 'request body cut short');
      return reply
        .status(400)
        .send({ title: 'Invalid input', message: 'The request body was cut short before its end.', code: 'truncated' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: loggable(err) }, 'request failed');
      return reply.status(status).send({
        title: 'Server error',
        message: 'Something went wrong on the server. Please try again.',
        code: 'internal',
      });
    }
    return reply.status(status).send({ title: defaultTitle(status), message: err.message, code: err.code ?? 'error' });
  });
}

/** Known API paths by method, so an existing path with the wrong method answers 405. */
export function registerNotFound(app: FastifyInstance, fallback?: (url: string) => boolean) {
  const patterns: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url?.startsWith(API_ROOT)) return;
    const re = new RegExp('^' + r.url.replace(/:[^/]+/g, '[^/]+') + '/?$');
    const methods = ([] as string[]).concat(r.method);
    const found = patterns.find((p) => p.re.source === re.source);
    if (found) methods.forEach((m) => found.methods.add(m));
    else patterns.push({ re, methods: new Set(methods) });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith(API_ROOT) && fallback?.(path) && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    const match = patterns.find((p) => p.re.test(path));
    if (match) {
      return reply
        .status(405)
        .header('allow', [...match.methods].join(', '))
        .send({
          title: 'Method not allowed',
          message: `${req.method} is not allowed on ${path}.`,
          code: 'method_not_allowed',
        });
    }
    return reply
      .status(404)
      .send({ title: 'Not found', message: `No such address: ${req.method} ${path}.`, code: 'not_found' });
  });
}
