import { LEVELS, type RoleCode } from './access';

/**
 * What each role code reads as on screen (ADR 078): a name and one line saying what it opens. The
 * codes (`basicM`, `TheBoss`…) are the spec's and the API's; no screen shows them. The one map for
 * the role pickers, the user lists, the memberships, the custom reports' publishing and the
 * invitation's words.
 */
export interface RoleInfo {
  name: string;
  /** One line: what the role lets its holder do. */
  explains: string;
  /** A level (one per member), a module (FAMS, FAMS24), an extra that may also stand alone, or the system's. */
  group: 'level' | 'module' | 'extra' | 'system';
}

export const ROLE_INFO: Readonly<Record<RoleCode, RoleInfo>> = {
  basic: {
    name: 'Driver',
    explains: 'Records fills on Quick dispense; sees the dashboard and the pivot.',
    group: 'level',
  },
  basicM: {
    name: 'Attendant',
    explains: 'The driver’s screens, for someone who fills up for others at a site.',
    group: 'level',
  },
  userM: {
    name: 'Report reader',
    explains: 'Adds the reports, quick balancing, the calendar and the charts.',
    group: 'level',
  },
  user: {
    name: 'Office user',
    explains: 'A report reader who also records transfers between tanks.',
    group: 'level',
  },
  editor: {
    name: 'Editor',
    explains: 'An office user who also keeps the records, equipment setup, imports and integrity checks.',
    group: 'level',
  },
  userL: {
    name: 'Senior office user',
    explains: 'An office user who also has the wall board.',
    group: 'level',
  },
  manager: {
    name: 'Manager',
    explains: 'Sets up equipment, employees, allocations and FAMS24 rules; has the reports and the wall board.',
    group: 'level',
  },
  admin: {
    name: 'Administrator',
    explains: 'Everything in this account: setup, users, exceptions, reports, integrations and the subscription.',
    group: 'level',
  },
  FAMS: {
    name: 'FAMS',
    explains: 'Fuelling at the account’s own tanks with Quick dispense.',
    group: 'module',
  },
  FAMS24: {
    name: 'FAMS24',
    explains: 'Unattended 24-hour sites: Quick dispense 24 and their equipment, employees and rules.',
    group: 'module',
  },
  ATG: {
    name: 'Tank monitoring',
    explains: 'Tank levels from the automatic tank gauges; may be given on its own.',
    group: 'extra',
  },
  TheBoss: {
    name: 'Viewer',
    explains: 'Reads quick balancing, the calendar and the charts, and changes nothing; may be given on its own.',
    group: 'extra',
  },
  ThebigBoss: {
    name: 'System administrator',
    explains: 'Runs the whole installation: every account, plan and system setting.',
    group: 'system',
  },
};

/** A role's name; an unknown code reads as it is (nothing hides it). */
export function roleName(code: string): string {
  return ROLE_INFO[code as RoleCode]?.name ?? code;
}

/** Role code → name, as a list column's `labels`. */
export const ROLE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ROLE_INFO).map(([code, info]) => [code, info.name]),
);

/** The order a picker shows roles in: the levels lowest first (editor beside user), then the rest. */
export const ROLE_ORDER: readonly RoleCode[] = [
  ...LEVELS.flatMap((l): RoleCode[] => (l === 'user' ? ['user', 'editor'] : [l])),
  'FAMS',
  'FAMS24',
  'ATG',
  'TheBoss',
  'ThebigBoss',
];

/** A member's roles by name, in the picker's order: "Administrator, Tank monitoring, FAMS, FAMS24". */
export function roleNames(codes: readonly string[]): string {
  const rank = (c: string) => {
    const i = ROLE_ORDER.indexOf(c as RoleCode);
    return i < 0 ? ROLE_ORDER.length : i;
  };
  return [...codes]
    .sort((a, b) => rank(a) - rank(b))
    .map(roleName)
    .join(', ');
}
