import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthenticateBody,
  AuthenticateResponse,
  ChangePasswordBody,
  ForgotPasswordBody,
  MeResponse,
  OkResponse,
  PermissionsResponse,
  RefreshBody,
  RefreshResponse,
  JOIN_PATH,
  JoinInfo,
  RegisterBody,
  ResetPasswordBody,
} from '../../../src/contract/auth';
import { API_ROOT } from '../../../src/contract/constants';
import { registrationsService } from '../admin/registrations.service';
import { authService, type IssuedRefresh } from './auth.service';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';
import { DEVICE_COOKIE_TTL_S } from './tokens';

const COOKIE = 'fams_rt';
const COOKIE_PATH = `${API_ROOT}/auth`;
const SIGN_IN_PATH = `${API_ROOT}/FAMSlegacy/Authenticate`;
/** The device cookie (ADR 019): sent only with sign-ins, kept a year. */
const DEVICE_COOKIE = 'fams_dc';

/**
 * Sign-in is throttled per user and client (device or address) in the service (ADR 019, ADR 072); this caps raw
 * request rates per client address.
 */
const JoinParams = z.object({ code: z.string().min(1).max(64) });
const authRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, r: IssuedRefresh) {
  reply.setCookie(COOKIE, r.token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    expires: r.expiresAt,
  });
}

export function authRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const service = authService(deps.database, deps.tokens, deps.mailer, deps.sessions);
  const registrations = registrationsService(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    SIGN_IN_PATH,
    {
      config: { access: 'public', ...authRateLimit },
      schema: { body: AuthenticateBody, response: { 200: AuthenticateResponse } },
    },
    async (req, reply) => {
      // The mail about a locked address is queued after the answer (its time would tell a user from a name).
      const later = (work: () => Promise<void>) =>
        setImmediate(
          () =>
            void work().catch((err: unknown) =>
              req.log.error({ err }, 'the failed sign-ins e-mail could not be queued'),
            ),
        );
      const { value, refresh, device } = await service.authenticate(
        req.body,
        { ip: req.ip, deviceCookie: req.cookies[DEVICE_COOKIE] },
        later,
      );
      setRefreshCookie(req, reply, refresh);
      reply.setCookie(DEVICE_COOKIE, device, {
        path: SIGN_IN_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: DEVICE_COOKIE_TTL_S,
      });
      return { value };
    },
  );

  r.post(
    `${API_ROOT}/auth/refresh`,
    {
      config: { access: 'session', ...authRateLimit },
      schema: { body: RefreshBody, response: { 200: RefreshResponse } },
    },
    async (req, reply) => {
      const { token, expiresAt, refresh } = await service.refresh(req.cookies[COOKIE], req.body.accountId);
      if (refresh) setRefreshCookie(req, reply, refresh);
      return { token, expiresAt };
    },
  );

  r.post(
    `${API_ROOT}/auth/logout`,
    {
      config: { access: 'session' },
      schema: { response: { 200: OkResponse } },
    },
    async (req, reply) => {
      await service.logout(req.cookies[COOKIE]);
      reply.clearCookie(COOKIE, { path: COOKIE_PATH });
      return { ok: true as const };
    },
  );

  r.post(
    `${API_ROOT}/auth/forgot-password`,
    {
      config: { access: 'public', ...authRateLimit },
      schema: { body: ForgotPasswordBody, response: { 200: OkResponse } },
    },
    async (req) => {
      // Answered before the address is even looked up, the same for known and unknown addresses
      // (their times would tell which exist); the lookup and the e-mail run after the answer.
      // The link's origin is the configured one (ADR 074), never this request's Host.
      setImmediate(
        () =>
          void Promise.resolve()
            .then(() => service.forgotPassword(req.body.email, linkOrigin(deps.config)))
            .catch((err: unknown) => req.log.error({ err }, 'the password reset e-mail could not be sent')),
      );
      return { ok: true as const, message: 'If this e-mail belongs to a FAMS user, a reset link is on its way.' };
    },
  );

  r.post(
    `${API_ROOT}/auth/reset-password`,
    {
      config: { access: 'public', ...authRateLimit },
      schema: { body: ResetPasswordBody, response: { 200: OkResponse } },
    },
    async (req) => {
      await service.resetPassword(req.body.token, req.body.password);
      return { ok: true as const, message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  r.post(
    `${API_ROOT}/auth/register`,
    {
      config: { access: 'public', ...authRateLimit },
      schema: { body: RegisterBody, response: { 200: OkResponse } },
    },
    async (req) => {
      await service.register(req.body);
      return { ok: true as const, message: 'Request received. An administrator will review it and e-mail you.' };
    },
  );

  // The account a sign-up link joins (ADR 060), shown on the register page before the request is sent.
  r.get(
    `${API_ROOT}${JOIN_PATH}/:code`,
    {
      config: { access: 'public', ...authRateLimit },
      schema: { params: JoinParams, response: { 200: JoinInfo } },
    },
    async (req) => registrations.joinInfo(req.params.code),
  );

  r.post(
    `${API_ROOT}/auth/change-password`,
    {
      config: { access: 'everybody' },
      schema: { body: ChangePasswordBody, response: { 200: OkResponse } },
    },
    async (req) => {
      await service.changePassword(req.auth, req.body.currentPassword, req.body.newPassword);
      return { ok: true as const, message: 'Your password was changed.' };
    },
  );

  r.get(
    `${API_ROOT}/auth/me`,
    {
      config: { access: 'everybody' },
      schema: { response: { 200: MeResponse } },
    },
    async (req) => service.me(req.auth),
  );

  r.get(
    `${API_ROOT}/Role/GetPermissions`,
    {
      config: { access: 'everybody' },
      schema: { response: { 200: PermissionsResponse } },
    },
    async (req) => service.permissions(req.auth),
  );
}
