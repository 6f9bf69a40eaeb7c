import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** No form or record of FAMS nests deeper than a few levels; 64 leaves room for any free JSON. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (strings
 * skipped with their escapes), stopping as soon as `limit` is passed: a body thousands of levels
 * deep is refused before `JSON.parse` or a schema walks it into a stack overflow.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's JSON parser (with its `__proto__` and `constructor` refusals) behind a depth check, for
 * every JSON body of the API (ADR 074). An empty or unparsable body stays Fastify's clear 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          400,
          'too_deep',
          `The request body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.`,
          'Invalid input',
        ),
        undefined,
      );
      return;
    }
    parse(req, text, done);
  });
}
