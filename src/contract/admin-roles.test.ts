import { describe, expect, it } from 'vitest';
import { grantableRoles, grantProblem, mayGrant, roleSetProblem } from './admin-roles';

describe('role sets follow the rule families', () => {
  it.each([
    [['basic', 'FAMS'], null],
    [['admin', 'ATG', 'FAMS', 'FAMS24'], null],
    [['editor', 'FAMS24'], null],
    [['TheBoss'], null],
    [['ATG'], null],
    [[], 'empty'],
    [['basic'], 'variant'],
    [['basic', 'user', 'FAMS'], 'levels'],
    [['editor', 'user', 'FAMS'], 'levels'],
    [['FAMS'], 'levels'],
    [['ThebigBoss'], 'unknown'],
    [['root', 'FAMS'], 'unknown'],
  ])('%j → %s', (roles, problem) => {
    expect(roleSetProblem(roles)?.code ?? null).toBe(problem);
  });
});

describe('a grant never exceeds the grantor', () => {
  it('levels up to their own, variants and ATG only when held, ThebigBoss never', () => {
    const half = ['admin', 'FAMS'];
    expect(mayGrant(half, 'manager')).toBe(true);
    expect(mayGrant(half, 'FAMS24')).toBe(false);
    expect(mayGrant(half, 'ATG')).toBe(false);
    expect(mayGrant(half, 'TheBoss')).toBe(true);
    expect(mayGrant(['manager', 'FAMS'], 'admin')).toBe(false);
    expect(mayGrant(['ThebigBoss'], 'ATG')).toBe(true);
    expect(mayGrant(['ThebigBoss'], 'ThebigBoss')).toBe(false);
    expect(grantableRoles(half)).not.toContain('ThebigBoss');
  });

  it('a role the member already held may stay', () => {
    expect(grantProblem(['admin', 'FAMS'], ['user', 'FAMS24'], ['basic', 'FAMS24'])).toBeNull();
    expect(grantProblem(['admin', 'FAMS'], ['user', 'FAMS24'], ['basic', 'FAMS'])).toEqual({
      code: 'grant',
      role: 'FAMS24',
    });
  });
});
