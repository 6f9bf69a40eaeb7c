import { describe, expect, it } from 'vitest';
import { HOME_PATH, homePathFor } from './screens';

describe('where a user lands after sign-in', () => {
  it('drivers and attendants go to their Quick dispense screen', () => {
    expect(homePathFor(['basic', 'FAMS'])).toBe('/QuickDispense');
    expect(homePathFor(['basicM', 'FAMS', 'FAMS24'])).toBe('/QuickDispense');
    expect(homePathFor(['basic', 'FAMS24'])).toBe('/QuickDispense24');
  });
  it('office roles, report viewers and ThebigBoss go to the dashboard', () => {
    for (const codes of [
      ['user', 'FAMS'],
      ['editor', 'FAMS'],
      ['manager', 'FAMS', 'FAMS24'],
      ['admin', 'ATG'],
      ['TheBoss'],
      ['ThebigBoss'],
      ['basic', 'ThebigBoss'],
      ['basic'],
    ]) {
      expect(homePathFor(codes), codes.join(',')).toBe(HOME_PATH);
    }
  });
});
