import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthenticateBody, AuthenticateResponse, ChangePasswordBody, ForgotPasswordBody, MeResponse, OkResponse,
  PermissionsResponse, RefreshBody, RefreshResponse, RegisterBody, ResetPasswordBody,
} from '../../../src/contract/auth';
import { API_ROOT } from '../../../src/contract/constants';
import type { AuthService, IssuedRefresh } from './auth.service';

const COOKIE = 'fams_rt';
const COOKIE_PATH = `${API_ROOT}/auth`;

/** Sign-in is throttled per login name in the service; this caps raw request rates per client. */
const authRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, r: IssuedRefresh) {
  reply.setCookie(COOKIE, r.token, {
    path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', expires: r.expiresAt,
  });
}

function originOf(req: FastifyRequest, publicUrl?: string) {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

export function authRoutes(app: FastifyInstance, service: AuthService, publicUrl?: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(`${API_ROOT}/FAMSlegacy/Authenticate`, {
    config: { access: 'public', ...authRateLimit },
    schema: { body: AuthenticateBody, response: { 200: AuthenticateResponse } },
  }, async (req, reply) => {
    const { value, refresh } = await service.authenticate(req.body);
    setRefreshCookie(req, reply, refresh);
    return { value };
  });

  r.post(`${API_ROOT}/auth/refresh`, {
    config: { access: 'session', ...authRateLimit },
    schema: { body: RefreshBody, response: { 200: RefreshResponse } },
  }, async (req, reply) => {
    const { token, expiresAt, refresh } = await service.refresh(req.cookies[COOKIE], req.body.accountId);
    if (refresh) setRefreshCookie(req, reply, refresh);
    return { token, expiresAt };
  });

  r.post(`${API_ROOT}/auth/logout`, {
    config: { access: 'session' },
    schema: { response: { 200: OkResponse } },
  }, async (req, reply) => {
    await service.logout(req.cookies[COOKIE]);
    reply.clearCookie(COOKIE, { path: COOKIE_PATH });
    return { ok: true as const };
  });

  r.post(`${API_ROOT}/auth/forgot-password`, {
    config: { access: 'public', ...authRateLimit },
    schema: { body: ForgotPasswordBody, response: { 200: OkResponse } },
  }, async (req) => {
    await service.forgotPassword(req.body.email, originOf(req, publicUrl));
    return { ok: true as const, message: 'If this e-mail belongs to a FAMS user, a reset link is on its way.' };
  });

  r.post(`${API_ROOT}/auth/reset-password`, {
    config: { access: 'public', ...authRateLimit },
    schema: { body: ResetPasswordBody, response: { 200: OkResponse } },
  }, async (req) => {
    await service.resetPassword(req.body.token, req.body.password);
    return { ok: true as const, message: 'Your password was changed. Sign in with the new one.' };
  });

  r.post(`${API_ROOT}/auth/register`, {
    config: { access: 'public', ...authRateLimit },
    schema: { body: RegisterBody, response: { 200: OkResponse } },
  }, async (req) => {
    await service.register(req.body);
    return { ok: true as const, message: 'Request received. An administrator will review it and e-mail you.' };
  });

  r.post(`${API_ROOT}/auth/change-password`, {
    config: { access: 'everybody' },
    schema: { body: ChangePasswordBody, response: { 200: OkResponse } },
  }, async (req) => {
    await service.changePassword(req.auth, req.body.currentPassword, req.body.newPassword);
    return { ok: true as const, message: 'Your password was changed.' };
  });

  r.get(`${API_ROOT}/auth/me`, {
    config: { access: 'everybody' },
    schema: { response: { 200: MeResponse } },
  }, async (req) => service.me(req.auth));

  r.get(`${API_ROOT}/Role/GetPermissions`, {
    config: { access: 'everybody' },
    schema: { response: { 200: PermissionsResponse } },
  }, async (req) => service.permissions(req.auth));
}
