import { z } from 'zod';
import type { ColumnSpec } from './columns';
import { password } from './auth';
import { ROLE_NAMES } from './role-names';
import { ACCOUNT_MODULES, SUBSCRIPTION_STATUSES } from './subscriptions';

export { ACCOUNT_MODULES };

/**
 * Administration (issue 14): the account's users on `/User` and their call list on
 * `/UserContactInformation` (rule admin), accounts on `/accounts` and `/Account` (ThebigBoss).
 */

/** An invitation link stays valid this long (issue 14: 72 h). */
export const INVITE_LINK_TTL_S = 72 * 3600;

export const USER_STATUSES = ['active', 'invited', 'blocked', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  blocked: 'Blocked',
  disabled: 'Disabled everywhere',
};

const roles = z.array(z.string().max(20)).max(13);
const name = z.string().trim().min(1, 'Enter a name.').max(120);
const email = z.email('Enter a valid e-mail address').max(254);
const username = z
  .string()
  .trim()
  .min(3, 'At least 3 characters.')
  .max(120)
  .regex(/^[^\s@]+$/, 'No spaces and no @ (the e-mail signs in too).');

/**
 * A user's sign-in lock (ADR 072): until when unrecognised clients are refused (at some address, or
 * everywhere once the day's ceiling is spent), null when none is; and the failed sign-ins from
 * unrecognised clients in the last day. Their known devices sign in all the same.
 */
export const SignInLock = z.object({
  signInLockedUntil: z.string().nullable(),
  failedSignIns: z.number().int(),
});
export type SignInLock = z.infer<typeof SignInLock>;

/** One member of the account, as `/User` lists them. */
export const AccountUser = z.object({
  id: z.number().int(),
  userKey: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  lastSignInAt: z.string().nullable(),
  /** Live sign-ins (refresh families not revoked nor expired): phones, tablets, browsers. */
  devices: z.number().int(),
  ...SignInLock.shape,
});
export type AccountUser = z.infer<typeof AccountUser>;

export const ACCOUNT_USERS_LIST = {
  path: '/admin/users',
  title: 'Users',
  screen: '/User',
  search: ['displayName', 'username', 'email'],
  defaultSort: 'displayName',
  sort: ['displayName', 'username', 'email', 'status', 'lastSignInAt'],
} as const;

export const ACCOUNT_USER_COLUMNS: readonly ColumnSpec<keyof AccountUser & string>[] = [
  { key: 'displayName', title: 'Name', kind: 'text', priority: 1 },
  { key: 'username', title: 'Username', kind: 'text', priority: 2 },
  { key: 'email', title: 'E-mail', kind: 'text', priority: 3 },
  { key: 'roles', title: 'Roles', kind: 'list', labels: ROLE_NAMES, priority: 2 },
  { key: 'status', title: 'Status', kind: 'enum', labels: USER_STATUS_LABELS, priority: 2 },
  { key: 'lastSignInAt', title: 'Last sign-in', kind: 'datetime', priority: 3 },
  { key: 'devices', title: 'Devices', kind: 'number', priority: 3 },
];

/** Invite by e-mail: the invitee gets a one-time link to choose a password. */
export const InviteBody = z.strictObject({
  displayName: name,
  email,
  username: username.optional(),
  roles,
});
export type InviteBody = z.infer<typeof InviteBody>;

/** Create with a temporary password the admin hands over. */
export const CreateUserBody = z.strictObject({
  displayName: name,
  email,
  username,
  password,
  roles,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const RolesBody = z.strictObject({ roles });
export const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * A self-service request from `/pages/register`. One sent through an account's sign-up link waits for that
 * account's admins (`viaSignupLink`); one without waits for a system administrator (ADR 060).
 */
export const Registration = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string().nullable(),
  viaSignupLink: z.boolean(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof Registration>;
export const RegistrationIdParams = z.object({ id: z.uuid() });
export const ApproveBody = z.strictObject({ roles });
export const REGISTRATIONS_PATH = '/admin/registrations';
export const SIGNUP_LINK_PATH = '/admin/signup-link';
/** The account's sign-up link: its secret code, or null while the link is turned off. */
export const SignupLink = z.object({ code: z.string().nullable() });
export type SignupLink = z.infer<typeof SignupLink>;

export const AdminOk = z.object({ ok: z.literal(true), message: z.string() });

// /UserContactInformation

export const UserContact = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  emergencyContact: z.string(),
  storeIds: z.array(z.string()),
  stores: z.array(z.string()),
  status: z.enum(USER_STATUSES),
});
export type UserContact = z.infer<typeof UserContact>;

export const USER_CONTACTS_LIST = {
  path: '/admin/contacts',
  title: 'User contact information',
  screen: '/UserContactInformation',
  search: ['displayName', 'email', 'jobTitle', 'phone'],
  defaultSort: 'displayName',
  sort: ['displayName', 'jobTitle', 'email'],
} as const;

export const USER_CONTACT_COLUMNS: readonly ColumnSpec<keyof UserContact & string>[] = [
  { key: 'displayName', title: 'Name', kind: 'text', priority: 1 },
  { key: 'jobTitle', title: 'Job title', kind: 'text', priority: 2 },
  { key: 'phone', title: 'Phone', kind: 'text', priority: 1 },
  { key: 'email', title: 'E-mail', kind: 'text', priority: 2 },
  { key: 'stores', title: 'Stores', kind: 'list', priority: 3 },
  { key: 'emergencyContact', title: 'Emergency contact', kind: 'text', priority: 3 },
];

export const ContactBody = z.strictObject({
  phone: z.string().trim().max(40),
  jobTitle: z.string().trim().max(120),
  emergencyContact: z.string().trim().max(200),
  storeIds: z.array(z.uuid()).max(500),
});
export type ContactBody = z.infer<typeof ContactBody>;

// /accounts, /Account (ThebigBoss)

/**
 * One locale per account (ADR 079): its time zone, currency, unit system and date/number locale. Quantities
 * are stored in litres and kilometres whatever the system; the system says how they read.
 */
export const UNIT_SYSTEMS = ['metric', 'imperial', 'us'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const UNIT_SYSTEM_LABELS: Record<UnitSystem, string> = {
  metric: 'Metric (litres, kilometres)',
  imperial: 'Imperial (imperial gallons, miles)',
  us: 'US (US gallons, miles)',
};
/** What each system measures volume and distance in, and how many stored litres / kilometres make one. */
export const UNIT_SYSTEM_MEASURES: Record<
  UnitSystem,
  { volume: 'litre' | 'usGallon' | 'imperialGallon'; litresPer: number; distance: 'km' | 'mile'; kmPer: number }
> = {
  metric: { volume: 'litre', litresPer: 1, distance: 'km', kmPer: 1 },
  imperial: { volume: 'imperialGallon', litresPer: 4.54609, distance: 'mile', kmPer: 1.609344 },
  us: { volume: 'usGallon', litresPer: 3.785411784, distance: 'mile', kmPer: 1.609344 },
};

/**
 * The default locale of a new account: en-GB (day-month-year dates, 24-hour times), which reads right
 * with the other defaults (EUR, metric) and in most of the world; en-US puts the month first.
 */
export const DEFAULT_LOCALE = 'en-GB';
/** The short list `/Account` offers; any other locale Intl supports may be typed. */
export const COMMON_LOCALES = [
  'en-ZA',
  'en-US',
  'en-GB',
  'en-AU',
  'en-IE',
  'de-DE',
  'fr-FR',
  'nl-NL',
  'pt-PT',
] as const;

export const TIME_ZONE_MESSAGE = 'Choose a time zone such as Africa/Johannesburg or America/Chicago.';
export const CURRENCY_MESSAGE = 'Choose a currency by its three-letter code, such as ZAR, USD or EUR.';
export const LOCALE_MESSAGE = 'Choose a language and region such as en-ZA, en-US, en-GB or de-DE.';

/** The zone's own spelling when Intl knows it as an IANA name (not an offset such as +02:00), else null. */
export function knownTimeZone(v: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(v)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let currencies: Set<string> | undefined;
/** An ISO 4217 code Intl knows (`Intl.supportedValuesOf('currency')`). */
export function knownCurrency(v: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(v);
}

/** The canonical tag of a locale Intl formats numbers and dates in, else null. */
export function knownLocale(v: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(v);
    if (!tag) return null;
    const ok = Intl.NumberFormat.supportedLocalesOf(tag).length && Intl.DateTimeFormat.supportedLocalesOf(tag).length;
    return ok ? tag : null;
  } catch {
    return null;
  }
}

/** A locale in words, in English: "English (South Africa)"; the tag itself when Intl has no name. */
export function localeName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const zone = z
  .string(TIME_ZONE_MESSAGE)
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .refine((v) => knownTimeZone(v) !== null, TIME_ZONE_MESSAGE)
  .transform((v) => knownTimeZone(v)!);
const currency = z
  .string(CURRENCY_MESSAGE)
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z]{3}$/.test(v) && knownCurrency(v), CURRENCY_MESSAGE);
const locale = z
  .string(LOCALE_MESSAGE)
  .trim()
  .max(35, LOCALE_MESSAGE)
  .refine((v) => knownLocale(v) !== null, LOCALE_MESSAGE)
  .transform((v) => knownLocale(v)!);

export const AccountFields = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name.').max(120),
  type: z.string().trim().min(1, 'Enter a type.').max(60),
  timeZone: zone,
  currency,
  units: z.enum(UNIT_SYSTEMS, 'Choose metric, imperial or US units.'),
  locale,
  modules: z
    .array(z.enum(ACCOUNT_MODULES))
    .max(3)
    .refine((m) => m.includes('FAMS') || m.includes('FAMS24'), 'Choose FAMS or FAMS24 (ATG comes with one of them).')
    .refine((m) => new Set(m).size === m.length, 'Each module once.'),
});
export type AccountFields = z.infer<typeof AccountFields>;

/** A new account, its plan (the subscription starts today) and the e-mail of its first admin, who is invited. */
export const CreateAccountBody = AccountFields.extend({
  admin: z.strictObject({ displayName: name, email }),
  planId: z.uuid('Choose a plan.'),
  status: z.enum(SUBSCRIPTION_STATUSES).default('active'),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBody>;

export const AccountAdminRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  units: z.enum(UNIT_SYSTEMS),
  locale: z.string(),
  /** The locale in words ("English (South Africa)"). */
  localeName: z.string(),
  modules: z.array(z.string()),
  blocked: z.boolean(),
  users: z.number().int(),
  /** The current plan's name (null: no subscription). */
  plan: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountAdminRow = z.infer<typeof AccountAdminRow>;

/** `/accounts` over the list protocol (search, paging, export), like `/User`. */
export const ACCOUNTS_LIST = {
  path: '/admin/accounts',
  title: 'Accounts',
  screen: '/accounts',
  search: ['name', 'type'],
  defaultSort: 'name',
  sort: ['name', 'type', 'users', 'createdAt'],
} as const;

export const ACCOUNT_STATES = ['active', 'blocked'] as const;

export const ACCOUNT_COLUMNS: readonly ColumnSpec<keyof AccountAdminRow & string>[] = [
  { key: 'name', title: 'Name', kind: 'text', priority: 1 },
  { key: 'type', title: 'Type', kind: 'text', priority: 2 },
  { key: 'timeZone', title: 'Time zone', kind: 'text', priority: 3 },
  { key: 'currency', title: 'Currency', kind: 'text', priority: 3 },
  { key: 'units', title: 'Units', kind: 'enum', labels: UNIT_SYSTEM_LABELS, priority: 3 },
  { key: 'localeName', title: 'Language and region', kind: 'text', priority: 3 },
  { key: 'modules', title: 'Modules', kind: 'list', priority: 2 },
  { key: 'users', title: 'Users', kind: 'number', priority: 2 },
  { key: 'plan', title: 'Plan', kind: 'text', priority: 2 },
  { key: 'blocked', title: 'Blocked', kind: 'bool', priority: 2 },
  { key: 'createdAt', title: 'Created', kind: 'datetime', priority: 3, hidden: true },
];

export const AccountIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const BlockBody = z.strictObject({ blocked: z.boolean() });
