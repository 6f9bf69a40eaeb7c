import { z } from 'zod';
import { SignInLock } from './admin';
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
  /** "Account (role, role)" per membership, the roles by name, blocked ones marked. */
  memberships: z.array(z.string()),
  accounts: z.number().int(),
  lastSignInAt: z.string().nullable(),
  ...SignInLock.shape,
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

/**
 * Two users are duplicates by e-mail when their addresses are the same mailbox: compared trimmed,
 * without case, and without a `+tag` in the local part (`Ann+fams@x.com` = `ann@x.com`). E-mails
 * are unique without case already, so an exact duplicate cannot exist; these are what is left.
 */
export function emailKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at < 1) return e;
  return `${e.slice(0, at).replace(/\+.*$/, '')}${e.slice(at)}`;
}

/** `POST /admin/all-users/merge`: `retire` is merged into `keep` (ThebigBoss). */
export const MergeUsersBody = z
  .strictObject({
    keep: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    retire: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .refine((b) => b.keep !== b.retire, { path: ['retire'], message: 'Choose two different users' });
export type MergeUsersBody = z.infer<typeof MergeUsersBody>;

/** `GET /admin/all-users/:id/duplicates`: the other users with the same e-mail key. */
export const DuplicateUsers = z.object({ items: z.array(SystemUser) });
export type DuplicateUsers = z.infer<typeof DuplicateUsers>;
