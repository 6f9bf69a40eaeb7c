import { LEVELS, levelRank, ROLE_CODES, type RoleCode } from './access';

/**
 * Which role sets an administrator may give (issue 14, docs/product-rules.md §6). Pure, so the
 * /User form offers exactly what the server will accept.
 *
 * A set is well formed when it follows the rule families: one level role (editor counts as `user`)
 * with at least one variant role (FAMS, FAMS24), plus ATG or TheBoss as extras; or, without a level
 * role, only the stand-alone roles ATG (tank monitoring) and TheBoss (a viewer).
 *
 * A grant never exceeds the grantor: a level up to their own level, FAMS, FAMS24 and ATG only when
 * they hold it, TheBoss (read-only, less than admin) by an admin. ThebigBoss is never granted here.
 */

const VARIANTS: readonly RoleCode[] = ['FAMS', 'FAMS24'];
const STAND_ALONE: readonly RoleCode[] = ['ATG', 'TheBoss'];
const LEVEL_CODES: readonly RoleCode[] = [...LEVELS, 'editor'];

export type RoleSetProblem =
  | { code: 'unknown'; role: string }
  | { code: 'levels' }
  | { code: 'variant' }
  | { code: 'empty' }
  | { code: 'grant'; role: string };

export const ROLE_PROBLEM_MESSAGES: Record<RoleSetProblem['code'], string> = {
  unknown: 'This role does not exist.',
  levels: 'Give exactly one level, from Driver to Administrator (Tank monitoring and Viewer may stand alone).',
  variant: 'A level needs FAMS or FAMS24 beside it.',
  empty: 'Give at least one role.',
  grant: 'You cannot give a role you do not hold yourself.',
};

/** The first problem of a role set on its own (families), or null. */
export function roleSetProblem(roles: readonly string[]): RoleSetProblem | null {
  if (roles.length === 0) return { code: 'empty' };
  const unknown = roles.find((r) => !(ROLE_CODES as readonly string[]).includes(r) || r === 'ThebigBoss');
  if (unknown) return { code: 'unknown', role: unknown };
  const levels = roles.filter((r) => LEVEL_CODES.includes(r as RoleCode));
  if (levels.length > 1) return { code: 'levels' };
  const hasVariant = roles.some((r) => VARIANTS.includes(r as RoleCode));
  if (levels.length === 1 && !hasVariant) return { code: 'variant' };
  if (levels.length === 0 && !roles.every((r) => STAND_ALONE.includes(r as RoleCode))) return { code: 'levels' };
  return null;
}

/** Whether `grantor` (their role codes in the account) may give `role`. */
export function mayGrant(grantor: readonly string[], role: string): boolean {
  if (role === 'ThebigBoss') return false;
  if (grantor.includes('ThebigBoss')) return true;
  if (LEVEL_CODES.includes(role as RoleCode)) return levelRank([role]) <= levelRank(grantor);
  if (role === 'TheBoss') return grantor.includes('admin');
  return grantor.includes(role);
}

/**
 * The problem of giving `next` where the member held `before`: the set's families, then every role
 * added that the grantor could not give. A role the member already held may stay (an admin with
 * only FAMS can still edit a FAMS24 member's level, keeping FAMS24 as it was).
 */
export function grantProblem(grantor: readonly string[], next: readonly string[], before: readonly string[] = []) {
  const own = roleSetProblem(next);
  if (own) return own;
  const beyond = next.find((r) => !before.includes(r) && !mayGrant(grantor, r));
  return beyond ? ({ code: 'grant', role: beyond } as const) : null;
}

/** The roles a grantor may offer in the form, in the spec's order. */
export function grantableRoles(grantor: readonly string[]): RoleCode[] {
  return ROLE_CODES.filter((r) => mayGrant(grantor, r));
}
