/**
 * Access rules (docs/product-rules.md §6, docs/design.md §4). One table, used by the client guard, the menu and every
 * server endpoint. The server is the authority; the client uses the same functions to hide what
 * the user cannot open.
 */

export const ROLE_CODES = [
  'user',
  'admin',
  'editor',
  'basic',
  'basicM',
  'userM',
  'manager',
  'userL',
  'TheBoss',
  'ThebigBoss',
  'FAMS',
  'FAMS24',
  'ATG',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Levels, lowest first. `editor` counts as `user`. */
export const LEVELS = ['basic', 'basicM', 'userM', 'user', 'userL', 'manager', 'admin'] as const;
export type Level = (typeof LEVELS)[number];

const LEVEL_OF_CODE: Partial<Record<RoleCode, Level>> = {
  basic: 'basic',
  basicM: 'basicM',
  userM: 'userM',
  user: 'user',
  editor: 'user',
  userL: 'userL',
  manager: 'manager',
  admin: 'admin',
};

/** The highest level among the codes, or -1 when the user holds no level role. */
export function levelRank(codes: readonly string[]): number {
  let best = -1;
  for (const c of codes) {
    const lvl = LEVEL_OF_CODE[c as RoleCode];
    if (lvl) best = Math.max(best, LEVELS.indexOf(lvl));
  }
  return best;
}

const has = (codes: readonly string[], ...wanted: RoleCode[]) => wanted.some((w) => codes.includes(w));
const atLeast = (codes: readonly string[], lvl: Level) => levelRank(codes) >= LEVELS.indexOf(lvl);

type Check = (codes: readonly string[]) => boolean;

const QUICK_REPORT_VIEWERS: RoleCode[] = ['user', 'userL', 'userM', 'editor', 'admin', 'TheBoss'];

const variantLevels = {
  Basic: 'basic',
  UserM: 'userM',
  User: 'user',
  UserL: 'userL',
  Manager: 'manager',
} as const satisfies Record<string, Level>;
type VariantLevel = keyof typeof variantLevels;

function variantRules<P extends string>(prefix: P, test: (codes: readonly string[]) => boolean) {
  return Object.fromEntries(
    Object.entries(variantLevels).map(([suffix, lvl]) => [
      `${prefix}${suffix}`,
      (codes: readonly string[]) => test(codes) && atLeast(codes, lvl),
    ]),
  ) as Record<`${P}${VariantLevel}`, Check>;
}

/** Every rule, by name. ThebigBoss satisfies all of them (applied in `satisfies`). */
export const RULES = {
  everybody: () => true,
  user: (c) => has(c, 'user', 'editor', 'admin'),
  editor: (c) => has(c, 'editor', 'admin'),
  admin: (c) => has(c, 'admin'),
  atg: (c) => has(c, 'ATG', 'admin'),
  quickReportViewers: (c) => has(c, ...QUICK_REPORT_VIEWERS),
  quickReportViewersWithBasic: (c) => has(c, ...QUICK_REPORT_VIEWERS, 'basic', 'basicM'),
  ...variantRules('fams', (c) => has(c, 'FAMS')),
  ...variantRules('fams24', (c) => has(c, 'FAMS24')),
  ...variantRules('allFams', (c) => has(c, 'FAMS', 'FAMS24')),
  famsAllBasic: (c) => has(c, 'FAMS') && levelRank(c) >= 0,
  thebigBoss: () => false,
} satisfies Record<string, Check>;

export type Rule = keyof typeof RULES;
export const RULE_NAMES = Object.keys(RULES) as Rule[];

export function satisfies(codes: readonly string[], rule: Rule): boolean {
  if (codes.includes('ThebigBoss')) return true;
  return RULES[rule](codes);
}

/** The rules a set of role codes satisfies; what GetPermissions returns. */
export function satisfiedRules(codes: readonly string[]): Rule[] {
  return RULE_NAMES.filter((r) => satisfies(codes, r));
}
