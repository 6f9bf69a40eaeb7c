import { z } from 'zod';
import {
  ACCOUNT_USERS_LIST,
  AccountAdminRow,
  AccountUser,
  AdminOk,
  Registration,
  USER_CONTACTS_LIST,
  UserContact,
  type AccountFields,
  type ContactBody,
  type CreateAccountBody,
} from '@/contract/admin';
import { api, ApiError } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const users = relative(ACCOUNT_USERS_LIST.path);
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
};

export const usersApi = {
  invite: (body: unknown) => api.post(`${users}/invite`, body, Created, quiet),
  create: (body: unknown) => api.post(users, body, Created, quiet),
  setRoles: (id: number, roles: string[]) => onRoles(api.put(`${users}/${id}/roles`, { roles }, AdminOk, quiet)),
  setBlocked: (id: number, blocked: boolean) => api.post(`${users}/${id}/block`, { blocked }, AdminOk, quiet),
  passwordLink: (id: number) => api.post(`${users}/${id}/password-link`, {}, AdminOk, quiet),
  remove: (id: number) => api.delete(`${users}/${id}`, AdminOk, quiet),
  setContact: (id: number, body: ContactBody) =>
    api.put(`${relative(USER_CONTACTS_LIST.path)}/${id}`, body, AdminOk, quiet),
  registrations: (signal?: AbortSignal) =>
    api.get('admin/registrations', z.array(Registration), { signal, quiet: true }),
  approve: (id: string, roles: string[]) => api.post(`admin/registrations/${id}/approve`, { roles }, AdminOk, quiet),
  reject: (id: string) => api.post(`admin/registrations/${id}/reject`, {}, AdminOk, quiet),
};

export const accountsApi = {
  list: (signal?: AbortSignal) => api.get('admin/accounts', z.array(AccountAdminRow), { signal, quiet: true }),
  create: (body: CreateAccountBody) => api.post('admin/accounts', body, AccountAdminRow, quiet),
  update: (id: number, body: AccountFields) => api.put(`admin/accounts/${id}`, body, AccountAdminRow, quiet),
  setBlocked: (id: number, blocked: boolean) =>
    api.post(`admin/accounts/${id}/block`, { blocked }, AccountAdminRow, quiet),
};
