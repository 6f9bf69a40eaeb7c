import { describe, expect, it } from 'vitest';
import { ROLE_CODES } from './access';
import { ACCOUNT_USER_COLUMNS } from './admin';
import { listItems } from './columns';
import { rolesInWords } from './invitations';
import { ROLE_INFO, ROLE_ORDER, roleName, roleNames } from './role-names';

describe('role names (ADR 078)', () => {
  it('names every role code with a one-line explanation, never the code itself', () => {
    for (const code of ROLE_CODES) {
      const info = ROLE_INFO[code];
      expect(info.name, code).toMatch(/\S/);
      expect(info.explains, code).toMatch(/^[A-Z].*\.$/);
      expect(info.explains, code).not.toMatch(/\n/);
      // FAMS and FAMS24 are the modules' own names; every other code has a name of its own.
      if (code !== 'FAMS' && code !== 'FAMS24') expect(info.name, code).not.toBe(code);
    }
    const names = ROLE_CODES.map((c) => ROLE_INFO[c].name);
    expect(new Set(names).size).toBe(names.length);
    expect([...ROLE_ORDER].sort()).toEqual([...ROLE_CODES].sort());
  });

  it('reads a member’s roles by name, levels first; an unknown code as it is', () => {
    expect(roleNames(['FAMS24', 'ATG', 'admin', 'FAMS'])).toBe('Administrator, FAMS, FAMS24, Tank monitoring');
    expect(roleName('basicM')).toBe('Attendant');
    expect(roleName('nobody')).toBe('nobody');
  });

  it('is what the user list and the invitation say', () => {
    const roles = ACCOUNT_USER_COLUMNS.find((c) => c.key === 'roles')!;
    expect(listItems(roles, ['userL', 'FAMS'])).toEqual(['Senior office user', 'FAMS']);
    expect(rolesInWords(['userM', 'FAMS', 'TheBoss'])).toBe('a report reader in FAMS, with read-only reports');
    expect(rolesInWords(['editor', 'FAMS'])).toBe('an editor in FAMS');
    expect(rolesInWords(['TheBoss'])).not.toMatch(/TheBoss/);
  });
});
