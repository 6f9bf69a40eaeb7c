import { describe, expect, it } from 'vitest';
import { RULE_NAMES, satisfiedRules, satisfies } from './access';
import { SCREENS } from './screens';

const F = (lvl: string) => [`fams${lvl}`, `allFams${lvl}`];
const F24 = (lvl: string) => [`fams24${lvl}`, `allFams${lvl}`];

/** Hand-written expectations (docs/design.md §4): the rules each representative role set satisfies. */
const EXPECTED: [string[], string[]][] = [
  [[], ['everybody']],
  [['FAMS'], ['everybody']],
  [['basic'], ['everybody', 'quickReportViewersWithBasic']],
  [
    ['basic', 'FAMS'],
    ['everybody', 'quickReportViewersWithBasic', ...F('Basic'), 'famsAllBasic'],
  ],
  [
    ['basicM', 'FAMS'],
    ['everybody', 'quickReportViewersWithBasic', ...F('Basic'), 'famsAllBasic'],
  ],
  [
    ['basic', 'FAMS24'],
    ['everybody', 'quickReportViewersWithBasic', ...F24('Basic')],
  ],
  [
    ['userM', 'FAMS'],
    ['everybody', 'quickReportViewers', 'quickReportViewersWithBasic', ...F('Basic'), ...F('UserM'), 'famsAllBasic'],
  ],
  [
    ['user', 'FAMS'],
    [
      'everybody',
      'user',
      'quickReportViewers',
      'quickReportViewersWithBasic',
      ...F('Basic'),
      ...F('UserM'),
      ...F('User'),
      'famsAllBasic',
    ],
  ],
  [
    ['editor', 'FAMS'],
    [
      'everybody',
      'user',
      'editor',
      'quickReportViewers',
      'quickReportViewersWithBasic',
      ...F('Basic'),
      ...F('UserM'),
      ...F('User'),
      'famsAllBasic',
    ],
  ],
  [
    ['userL', 'FAMS'],
    [
      'everybody',
      'quickReportViewers',
      'quickReportViewersWithBasic',
      ...F('Basic'),
      ...F('UserM'),
      ...F('User'),
      ...F('UserL'),
      'famsAllBasic',
    ],
  ],
  [
    ['manager', 'FAMS24'],
    ['everybody', ...F24('Basic'), ...F24('UserM'), ...F24('User'), ...F24('UserL'), ...F24('Manager')],
  ],
  [
    ['manager', 'FAMS', 'FAMS24'],
    [
      'everybody',
      'famsAllBasic',
      ...['Basic', 'UserM', 'User', 'UserL', 'Manager'].flatMap((l) => [...F(l), `fams24${l}`]),
    ],
  ],
  [['admin'], ['everybody', 'user', 'editor', 'admin', 'atg', 'quickReportViewers', 'quickReportViewersWithBasic']],
  [['ATG'], ['everybody', 'atg']],
  [['TheBoss'], ['everybody', 'quickReportViewers', 'quickReportViewersWithBasic']],
  [['ThebigBoss'], [...RULE_NAMES]],
];

describe('access rules', () => {
  it.each(EXPECTED)('%j satisfies exactly the expected rules', (codes, rules) => {
    expect(satisfiedRules(codes).sort()).toEqual([...new Set(rules)].sort());
  });

  it('admin with both variants reaches every rule but thebigBoss', () => {
    const all = satisfiedRules(['admin', 'ATG', 'FAMS', 'FAMS24']);
    expect(RULE_NAMES.filter((r) => !all.includes(r))).toEqual(['thebigBoss']);
  });

  it('ignores unknown ("local") role codes', () => {
    expect(satisfiedRules(['local', 'superuser', 'Admin'])).toEqual(['everybody']);
  });

  it('every screen names a known rule and a unique path', () => {
    const paths = new Set<string>();
    for (const s of SCREENS) {
      expect(RULE_NAMES).toContain(s.rule);
      expect(paths.has(s.path), s.path).toBe(false);
      paths.add(s.path);
    }
    expect(satisfies(['basic', 'FAMS'], SCREENS.find((s) => s.path === '/Store')!.rule)).toBe(false);
  });
});
