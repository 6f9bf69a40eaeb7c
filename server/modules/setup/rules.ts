import type { Rule } from '../../../src/contract/access';
import { screenFor } from '../../../src/contract/screens';

/** Reading and writing a setup resource both follow its screen's rule (src/contract/screens.ts). */
export function screenRules(path: string): { read: Rule; write: Rule } {
  const screen = screenFor(path);
  if (!screen) throw new Error(`No screen ${path} in src/contract/screens.ts`);
  return { read: screen.rule, write: screen.rule };
}
