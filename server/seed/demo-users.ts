/**
 * The demo accounts; `homeScreenMessage` is seeded as the account's standing /messageAccount message.
 * The demo users of the README (issue 2). Passwords follow the spec's 6–10 rule.
 */
export const DEMO_ACCOUNTS = [
  {
    name: 'Demo Fuels',
    typeId: 1,
    type: 'Fleet operator',
    blocked: false,
    homeScreenMessage: 'Welcome to Demo Fuels. Remember: dip every tank before 07:00.',
  },
  {
    name: 'North Haulage',
    typeId: 1,
    type: 'Fleet operator',
    blocked: false,
    homeScreenMessage: 'North Haulage: winter diesel in all tanks from 1 December.',
  },
  { name: 'Blocked Mining', typeId: 2, type: 'Mining', blocked: true, homeScreenMessage: '' },
] as const;
export type DemoAccountName = (typeof DEMO_ACCOUNTS)[number]['name'];

export interface DemoUser {
  username: string;
  password: string;
  displayName: string;
  memberships: { account: DemoAccountName; roles: string[] }[];
}

const DF = 'Demo Fuels' as const;
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    password: 'admin123',
    displayName: 'Alex Admin',
    memberships: [{ account: DF, roles: ['admin', 'ATG', 'FAMS', 'FAMS24'] }],
  },
  {
    username: 'manager',
    password: 'manager1',
    displayName: 'Morgan Manager',
    memberships: [{ account: DF, roles: ['manager', 'FAMS', 'FAMS24'] }],
  },
  {
    username: 'editor',
    password: 'editor12',
    displayName: 'Eddie Editor',
    memberships: [{ account: DF, roles: ['editor', 'FAMS'] }],
  },
  {
    username: 'driver',
    password: 'driver1',
    displayName: 'Dana Driver',
    memberships: [{ account: DF, roles: ['basic', 'FAMS'] }],
  },
  {
    username: 'attendant',
    password: 'attend24',
    displayName: 'Ari Attendant',
    memberships: [{ account: DF, roles: ['basic', 'FAMS24'] }],
  },
  {
    username: 'viewer',
    password: 'viewer12',
    displayName: 'Vic Viewer',
    memberships: [{ account: DF, roles: ['TheBoss'] }],
  },
  {
    username: 'multi',
    password: 'multi123',
    displayName: 'Mia Multi',
    memberships: [
      { account: DF, roles: ['user', 'FAMS'] },
      { account: 'North Haulage', roles: ['manager', 'FAMS'] },
      { account: 'Blocked Mining', roles: ['user', 'FAMS'] },
    ],
  },
  {
    username: 'boss',
    password: 'boss1234',
    displayName: 'Bo Boss',
    memberships: [
      { account: DF, roles: ['ThebigBoss'] },
      { account: 'North Haulage', roles: ['ThebigBoss'] },
    ],
  },
];
