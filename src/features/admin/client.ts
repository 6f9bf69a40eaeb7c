import { z } from 'zod';
import {
  ACCOUNT_USERS_LIST,
  ACCOUNTS_LIST,
  AccountAdminRow,
  AccountUser,
  AdminOk,
  Registration,
  REGISTRATIONS_PATH,
  SIGNUP_LINK_PATH,
  SignupLink,
  USER_CONTACTS_LIST,
  UserContact,
  type AccountFields,
  type ContactBody,
  type CreateAccountBody,
} from '@/contract/admin';
import { AccountCard, MAP_STYLE_PATH, MapStyleSetting, type AccountCardFields } from '@/contract/account-card';
import { HOME_MESSAGES_LIST, HomeMessage, type HomeMessageFields } from '@/contract/home-messages';
import {
  Plan,
  SUBSCRIPTION_REPORT_LIST,
  SubscriptionReportRow,
  SubscriptionView,
  type AssignBody,
  type PlanFields,
} from '@/contract/subscriptions';
import { DuplicateUsers, SYSTEM_USERS_LIST, SystemUser } from '@/contract/users-admin';
import { INVITATIONS_PATH, PendingInvitation } from '@/contract/invitations';
import { api, ApiError } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const users = relative(ACCOUNT_USERS_LIST.path);
const registrations = relative(REGISTRATIONS_PATH);
const signupLink = relative(SIGNUP_LINK_PATH);
const Created = AdminOk.extend({ userId: z.number().int() });
const quiet = { quiet: true };

/** A guard's 409 (the last admin) shown on the roles field, not as the forms' "saved meanwhile" conflict. */
async function onRoles<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.status === 409)
      throw new ApiError(422, { ...e.body, fieldErrors: { roles: [e.body.message] } });
    throw e;
  }
}

/** `/User`, `/UserContactInformation` and the system screens' calls (src/contract/admin.ts). */
export const adminClients = {
  users: resourceClient(ACCOUNT_USERS_LIST.path, AccountUser),
  contacts: resourceClient(USER_CONTACTS_LIST.path, UserContact),
  accounts: resourceClient(ACCOUNTS_LIST.path, AccountAdminRow),
};

export const usersApi = {
  // The answer names nobody (ADR 073): the same for a new e-mail and one that signs in already.
  invite: (body: unknown) => api.post(`${users}/invite`, body, AdminOk, quiet),
  invitations: (signal?: AbortSignal) =>
    api.get(relative(INVITATIONS_PATH), z.array(PendingInvitation), { signal, quiet: true }),
  withdrawInvitation: (id: string) => api.delete(`${relative(INVITATIONS_PATH)}/${id}`, AdminOk, quiet),
  create: (body: unknown) => api.post(users, body, Created, quiet),
  setRoles: (id: number, roles: string[]) => onRoles(api.put(`${users}/${id}/roles`, { roles }, AdminOk, quiet)),
  setBlocked: (id: number, blocked: boolean) => api.post(`${users}/${id}/block`, { blocked }, AdminOk, quiet),
  passwordLink: (id: number) => api.post(`${users}/${id}/password-link`, {}, AdminOk, quiet),
  unlockSignIn: (id: number) => api.post(`${users}/${id}/unlock`, {}, AdminOk, quiet),
  remove: (id: number) => api.delete(`${users}/${id}`, AdminOk, quiet),
  setContact: (id: number, body: ContactBody) =>
    api.put(`${relative(USER_CONTACTS_LIST.path)}/${id}`, body, AdminOk, quiet),
  registrations: (signal?: AbortSignal) => api.get(registrations, z.array(Registration), { signal, quiet: true }),
  approve: (id: string, roles: string[]) => api.post(`${registrations}/${id}/approve`, { roles }, AdminOk, quiet),
  reject: (id: string) => api.post(`${registrations}/${id}/reject`, {}, AdminOk, quiet),
};

/** The account's sign-up link (ADR 060). */
export const signupLinkApi = {
  get: (signal?: AbortSignal) => api.get(signupLink, SignupLink, { signal, quiet: true }),
  renew: () => api.post(signupLink, {}, SignupLink, quiet),
  turnOff: () => api.delete(signupLink, SignupLink, quiet),
};

export const accountsApi = {
  create: (body: CreateAccountBody) => api.post('admin/accounts', body, AccountAdminRow, quiet),
  update: (id: number, body: AccountFields) => api.put(`admin/accounts/${id}`, body, AccountAdminRow, quiet),
  setBlocked: (id: number, blocked: boolean) =>
    api.post(`admin/accounts/${id}/block`, { blocked }, AccountAdminRow, quiet),
};

export const PLANS_KEY = ['admin', 'plans'] as const;

/** Plans and subscriptions (ADR 038). */
export const subscriptionsApi = {
  mine: (signal?: AbortSignal) => api.get('admin/subscription', SubscriptionView, { signal, quiet: true }),
  of: (accountId: number, signal?: AbortSignal) =>
    api.get(`admin/subscriptions/${accountId}`, SubscriptionView, { signal, quiet: true }),
  assign: (accountId: number, body: AssignBody) =>
    api.put(`admin/subscriptions/${accountId}`, body, SubscriptionView, quiet),
  plans: (signal?: AbortSignal) => api.get('admin/plans', z.array(Plan), { signal, quiet: true }),
  savePlan: (id: string | null, body: PlanFields) =>
    id ? api.put(`admin/plans/${id}`, body, Plan, quiet) : api.post('admin/plans', body, Plan, quiet),
  report: resourceClient(SUBSCRIPTION_REPORT_LIST.path, SubscriptionReportRow),
};

/** `/messageAccount` (ThebigBoss). */
export const homeMessagesApi = {
  list: resourceClient(HOME_MESSAGES_LIST.path, HomeMessage),
  save: (id: string | null, body: HomeMessageFields) =>
    id
      ? api.put(`${relative(HOME_MESSAGES_LIST.path)}/${id}`, body, HomeMessage, quiet)
      : api.post(relative(HOME_MESSAGES_LIST.path), body, HomeMessage, quiet),
  remove: (id: string) => api.delete(`${relative(HOME_MESSAGES_LIST.path)}/${id}`, HomeMessage, quiet),
};

/** `/AccountCard` (admin): the token's account's card and logo. */
export const accountCardApi = {
  get: (signal?: AbortSignal) => api.get('admin/account-card', AccountCard, { signal, quiet: true }),
  save: (body: AccountCardFields) => api.put('admin/account-card', body, AccountCard, quiet),
  upload: (file: Blob) => api.upload('admin/account-card/logo', file, AccountCard, quiet),
  removeLogo: () => api.delete('admin/account-card/logo', AccountCard, quiet),
  logo: async (signal?: AbortSignal) =>
    (await api.download('admin/account-card/logo', 'logo.png', { signal, quiet: true })).blob,
  mapStyle: (signal?: AbortSignal) => api.get(relative(MAP_STYLE_PATH), MapStyleSetting, { signal, quiet: true }),
  saveMapStyle: (body: unknown) => api.put(relative(MAP_STYLE_PATH), body, MapStyleSetting, quiet),
};

/** `/UsersAdmin` (ThebigBoss). */
export const systemUsersApi = {
  list: resourceClient(SYSTEM_USERS_LIST.path, SystemUser),
  setActive: (id: number, active: boolean) =>
    api.post(`${relative(SYSTEM_USERS_LIST.path)}/${id}/active`, { active }, AdminOk, quiet),
  unlockSignIn: (id: number) => api.post(`${relative(SYSTEM_USERS_LIST.path)}/${id}/unlock`, {}, AdminOk, quiet),
  duplicates: (id: number) => api.get(`${relative(SYSTEM_USERS_LIST.path)}/${id}/duplicates`, DuplicateUsers, quiet),
  merge: (keep: number, retire: number) =>
    api.post(`${relative(SYSTEM_USERS_LIST.path)}/merge`, { keep, retire }, AdminOk.passthrough(), quiet),
};
