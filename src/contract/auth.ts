import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from './constants';
import { LOGIN_NAME_MAX, SIGN_IN_WORDS as W } from './sign-in';

/*
 * zod/mini (the same schemas and core as zod, checks as functions instead of methods): the sign-in
 * path (api client, auth service, login page) parses with these alone, so every page's first
 * download does not carry zod's whole method API (ADR 017). They mix with zod schemas anywhere.
 */

export const loginName = z
  .string({ error: W.loginNameRequired })
  .check(
    z.trim(),
    z.minLength(1, W.loginNameRequired),
    z.minLength(USERNAME_MIN, W.loginNameShort),
    z.maxLength(LOGIN_NAME_MAX, W.loginNameLong),
  );

export const password = z
  .string({ error: W.passwordRequired })
  .check(
    z.minLength(1, W.passwordRequired),
    z.minLength(PASSWORD_MIN, W.passwordShort),
    z.maxLength(PASSWORD_MAX, W.passwordLong),
  );

const int = () => z.int();

export const AuthenticateBody = z.strictObject({ Username: loginName, Password: password });
export type AuthenticateBody = z.infer<typeof AuthenticateBody>;

export const AccountInfo = z.object({
  accountKey: z.string(),
  accountName: z.string(),
  accountId: int(),
  accountTypeId: int(),
  accountType: z.string(),
  blocked: z.boolean(),
  /** The account's settings (ADR 079): IANA zone, ISO 4217 currency, unit system, BCP 47 locale. */
  timeZone: z.string(),
  currency: z.string(),
  /** `UNIT_SYSTEMS` of admin.ts (not imported: the sign-in path stays on zod/mini). */
  units: z.enum(['metric', 'imperial', 'us']),
  locale: z.string(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const UserRoles = z.object({
  id: int(),
  username: z.string(),
  userRoles: z.array(z.object({ code: z.string() })),
});
export type UserRoles = z.infer<typeof UserRoles>;

export const LoginResult = z.object({
  /** Account-scoped access token; empty for a blocked account. */
  token: z.string(),
  /** Access token expiry, epoch milliseconds. */
  expiresAt: int(),
  userName: z.string(),
  email: z.string(),
  userKey: z.string(),
  homeScreenMessage: z.string(),
  userRoles: UserRoles,
  account: AccountInfo,
});
export type LoginResult = z.infer<typeof LoginResult>;

export const AuthenticateResponse = z.object({ value: z.array(LoginResult) });
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

export const RefreshBody = z.strictObject({ accountId: z.int().check(z.positive()) });
export const RefreshResponse = z.object({ token: z.string(), expiresAt: int() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ScreenPermission = z.object({
  view: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});
export const PermissionsResponse = z.object({
  roles: z.array(z.string()),
  rules: z.array(z.string()),
  screens: z.record(z.string(), ScreenPermission),
});
export type PermissionsResponse = z.infer<typeof PermissionsResponse>;

export const ForgotPasswordBody = z.strictObject({
  email: z.email('Enter a valid e-mail address').check(z.maxLength(254)),
});
export const ResetPasswordBody = z.strictObject({
  token: z.string().check(z.minLength(20, 'The reset link is not valid'), z.maxLength(200)),
  password,
});
export const ChangePasswordBody = z.strictObject({ currentPassword: password, newPassword: password });

export const RegisterBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(120)),
  email: z.email('Enter a valid e-mail address').check(z.maxLength(254)),
  company: z.string().check(z.trim(), z.minLength(1, 'Please enter your company.'), z.maxLength(120)),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** The code of an account's sign-up link (`/pages/register?join=…`): that account's admins approve. */
  joinCode: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
/** `GET /auth/join/:code`: what a sign-up link tells the applicant before they send the request. */
export const JOIN_PATH = '/auth/join';
export const JoinInfo = z.object({ accountName: z.string() });
export type JoinInfo = z.infer<typeof JoinInfo>;
export const JOIN_LINK_INVALID = 'This sign-up link is no longer valid. Ask your administrator for a new one.';

export const OkResponse = z.object({ ok: z.literal(true), message: z.optional(z.string()) });

export const MeResponse = z.object({
  userId: int(),
  userKey: z.string(),
  userName: z.string(),
  email: z.string(),
  account: AccountInfo,
  roles: z.array(z.string()),
  homeScreenMessage: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeS: z.number(),
});
