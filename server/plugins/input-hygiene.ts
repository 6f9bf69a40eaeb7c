import type { FastifyInstance } from 'fastify';
import { storableText } from '../../src/contract/safe-input';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Batch ingest: each record is judged on its own (a bad one is `rejected`, not the request). */
    recordsOneByOne?: boolean;
  }
}

const MAX_REPORTED = 20;

/** Parsed JSON and query objects only: an upload's stream or a Buffer is not walked. */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Paths (`name`, `lines.2.note`) of every string, key included, that the database could not store. */
function unstorable(value: unknown, at: string, out: string[]): void {
  if (out.length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (!storableText(value)) out.push(at || '_');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorable(v, at ? `${at}.${i}` : String(i), out));
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const path = at ? `${at}.${k}` : k;
      if (!storableText(k)) out.push(path);
      else unstorable(v, path, out);
    }
  }
}

/**
 * The net under the contract's text schemas (issue 10): a NUL or a lone surrogate anywhere in a
 * body, query string or path is a 400 naming the fields, before any handler or SQL sees it —
 * PostgreSQL cannot store either, and would otherwise answer a 500. Runs before validation so
 * routes whose schemas accept free JSON are covered too.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.recordsOneByOne) return;
    const bad: string[] = [];
    unstorable(req.params, '', bad);
    unstorable(req.query, '', bad);
    unstorable(req.body, '', bad);
    if (bad.length === 0) return;
    throw new AppError(
      400,
      'invalid_input',
      `These fields contain a character that cannot be stored (NUL or a broken Unicode character): ${bad.join(', ')}.`,
      undefined,
      Object.fromEntries(bad.map((p) => [p, ['Contains a character that cannot be stored']])),
    );
  });
}
