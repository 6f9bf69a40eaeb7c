import type { FastifyInstance, FastifyRequest } from 'fastify';
import { satisfies, type Rule } from '../../src/contract/access';
import { API_ROOT, AUTH_HEADERS, identityHeaders } from '../../src/contract/constants';
import { MESSAGES, TOKEN_INVALID_STATUS } from '../../src/contract/errors';
import { AppError } from '../lib/errors';
import type { SessionGate } from '../modules/auth/sessions';
import type { AccessClaims, TokenService } from '../modules/auth/tokens';

/** `public`: no token. `session`: the refresh cookie, no access token (auth/refresh, logout). */
export type Access = Rule | 'public' | 'session';

/** The route's declared input and answer schemas (zod), as given to Fastify: the fuzz test derives inputs from them. */
export interface RouteSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  schema?: RouteSchemas;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AccessClaims;
  }
  interface FastifyInstance {
    /** Every API route with its access rule; the security tests walk it. */
    routeTable: RouteEntry[];
  }
}

/** The four headers must name exactly what the token says (docs/product-rules.md §7); the token is the authority. */
function checkHeaders(req: FastifyRequest, c: AccessClaims) {
  const want = identityHeaders(c);
  for (const name of AUTH_HEADERS) {
    const h = name.toLowerCase(); // Node gives header names in lower case
    if (req.headers[h] !== want[name]) {
      throw new AppError(403, 'header_mismatch', `The ${h} header does not match your session.`);
    }
  }
}

/**
 * Every API route declares `config.access`; a route without one fails at startup, so no endpoint
 * can be left open by accident. The check runs before validation, so an anonymous caller learns
 * nothing about a route's input.
 */
export function registerAccess(app: FastifyInstance, tokens: TokenService, sessions: SessionGate) {
  app.decorateRequest('auth', null as unknown as AccessClaims);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    if (!r.url?.startsWith(API_ROOT)) return;
    const access = r.config?.access;
    if (!access) throw new Error(`Route ${String(r.method)} ${r.url} declares no access rule`);
    const schema = r.schema as RouteSchemas | undefined;
    for (const m of ([] as string[]).concat(r.method))
      if (m !== 'HEAD') table.push({ method: m, url: r.url, access, schema });
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'session') return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    const result = await tokens.verify(header.slice(7).trim());
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new AppError(401, 'token_expired', 'Your session has expired.')
        : new AppError(TOKEN_INVALID_STATUS, 'token_invalid', MESSAGES.tokenInvalid);
    }
    checkHeaders(req, result.claims);
    if (!(await sessions.stands(result.claims)))
      throw new AppError(401, 'session_ended', 'Your session has ended. Please sign in again.');
    if (!satisfies(result.claims.roles, access)) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
    req.auth = result.claims;
  });
}
