import { describe, expect, it } from 'vitest';
import type { ScreenPath } from './guard';

// Checked by `npm run typecheck`: ScreenPath comes from the registered router (not an import of
// the route tree, which imports the guard) and must stay the router's own paths, not `string`.
describe('ScreenPath', () => {
  it('is the set of route paths, so a typo in a route file fails type-checking', () => {
    const known: ScreenPath = '/TankLevels';
    // @ts-expect-error not a route of the app
    const typo: ScreenPath = '/TankLevel';
    expect([known, typo]).toHaveLength(2);
  });
});
