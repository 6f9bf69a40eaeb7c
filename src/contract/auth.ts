import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from './constants';

export const loginName = z
  .string({ error: 'E-mail or username is required' })
  .trim()
  .min(1, 'E-mail or username is required')
  .min(USERNAME_MIN, `At least ${USERNAME_MIN} characters`)
  .max(254, 'At most 254 characters');

export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`);

export const AuthenticateBody = z.strictObject({ Username: loginName, Password: password });
export type AuthenticateBody = z.infer<typeof AuthenticateBody>;

export const AccountInfo = z.object({
  accountKey: z.string(),
  accountName: z.string(),
  accountId: z.number().int(),
  accountTypeId: z.number().int(),
  accountType: z.string(),
  blocked: z.boolean(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const UserRoles = z.object({
  id: z.number().int(),
  username: z.string(),
  userRoles: z.array(z.object({ code: z.string() })),
});
export type UserRoles = z.infer<typeof UserRoles>;

export const LoginResult = z.object({
  /** Account-scoped access token; empty for a blocked account. */
  token: z.string(),
  /** Access token expiry, epoch milliseconds. */
  expiresAt: z.number().int(),
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

export const RefreshBody = z.strictObject({ accountId: z.number().int().positive() });
export const RefreshResponse = z.object({ token: z.string(), expiresAt: z.number().int() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ScreenPermission = z.object({
  view: z.boolean(), create: z.boolean(), edit: z.boolean(), delete: z.boolean(),
});
export const PermissionsResponse = z.object({
  roles: z.array(z.string()),
  rules: z.array(z.string()),
  screens: z.record(z.string(), ScreenPermission),
});
export type PermissionsResponse = z.infer<typeof PermissionsResponse>;

export const ForgotPasswordBody = z.strictObject({
  email: z.email('Enter a valid e-mail address').max(254),
});
export const ResetPasswordBody = z.strictObject({
  token: z.string().min(20, 'The reset link is not valid').max(200),
  password,
});
export const ChangePasswordBody = z.strictObject({ currentPassword: password, newPassword: password });

export const RegisterBody = z.strictObject({
  name: z.string().trim().min(1, 'Please enter your name.').max(120),
  email: z.email('Enter a valid e-mail address').max(254),
  company: z.string().trim().min(1, 'Please enter your company.').max(120),
  phone: z.string().trim().max(40).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const OkResponse = z.object({ ok: z.literal(true), message: z.string().optional() });

export const MeResponse = z.object({
  userId: z.number().int(),
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

/** The four headers every authenticated call carries (spec §7). */
export const AUTH_HEADERS = ['userId', 'accountId', 'accountKey', 'userKey'] as const;
