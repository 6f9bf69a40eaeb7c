import { z } from 'zod';
import type { ColumnSpec } from './columns';

/**
 * `/UsersAdmin` (ThebigBoss, issue 14): every user across accounts with their memberships, and
 * "disabled everywhere" (`users.active`). The last working admin of an account is never disabled.
 */
export const SystemUser = z.object({
  id: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  email: z.string(),
  active: z.boolean(),
  /** "Account (role, role)" per membership, blocked ones marked. */
  memberships: z.array(z.string()),
  accounts: z.number().int(),
  lastSignInAt: z.string().nullable(),
});
export type SystemUser = z.infer<typeof SystemUser>;

export const SYSTEM_USERS_LIST = {
  path: '/admin/all-users',
  title: 'Users admin',
  screen: '/UsersAdmin',
  search: ['displayName', 'username', 'email'],
  defaultSort: 'displayName',
  sort: ['displayName', 'username', 'email', 'accounts', 'lastSignInAt'],
} as const;

export const SYSTEM_USER_COLUMNS: readonly ColumnSpec<keyof SystemUser & string>[] = [
  { key: 'displayName', title: 'Name', kind: 'text', priority: 1 },
  { key: 'username', title: 'Username', kind: 'text', priority: 3 },
  { key: 'email', title: 'E-mail', kind: 'text', priority: 2 },
  { key: 'memberships', title: 'Memberships', kind: 'list', priority: 2 },
  { key: 'active', title: 'Active', kind: 'bool', priority: 2 },
  { key: 'lastSignInAt', title: 'Last sign-in', kind: 'datetime', priority: 3 },
];
