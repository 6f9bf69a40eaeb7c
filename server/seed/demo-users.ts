/** The modules of every demo account's plan (Fleet Pro, `seed-subscriptions.ts`); an account's stay within them. */
const ALL_MODULES = ['FAMS', 'FAMS24', 'ATG'];

/**
 * The demo accounts; `homeScreenMessage` is seeded as the account's standing /messageAccount message.
 * Each tells one story in its settings (ADR 079): zone, currency, units and locale of where it works,
 * matching its stores (`demo-catalogue.ts`) and prices; one is US so both unit systems are exercised.
 * The demo users of the README. Passwords follow the spec's 6–10 rule.
 */
export const DEMO_ACCOUNTS = [
  {
    name: 'Demo Fuels',
    typeId: 1,
    type: 'Fleet operator',
    blocked: false,
    // A South African fleet on Fleet Pro: every module its plan sells.
    timeZone: 'Africa/Johannesburg',
    currency: 'ZAR',
    units: 'metric',
    locale: 'en-ZA',
    modules: ALL_MODULES,
    homeScreenMessage: 'Welcome to Demo Fuels. Remember: dip every tank before 07:00.',
  },
  {
    name: 'North Haulage',
    typeId: 1,
    type: 'Fleet operator',
    blocked: false,
    // A haulier near Chicago: US gallons and miles, dollars, month-first dates.
    timeZone: 'America/Chicago',
    currency: 'USD',
    units: 'us',
    locale: 'en-US',
    modules: ALL_MODULES,
    homeScreenMessage: 'North Haulage: winter diesel in all tanks from 1 December.',
  },
  {
    name: 'Blocked Mining',
    typeId: 2,
    type: 'Mining',
    blocked: true,
    // A Western Australian miner (blocked, no sites): metric, Australian dollars.
    timeZone: 'Australia/Perth',
    currency: 'AUD',
    units: 'metric',
    locale: 'en-AU',
    modules: ['FAMS', 'ATG'] as string[],
    homeScreenMessage: '',
  },
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
