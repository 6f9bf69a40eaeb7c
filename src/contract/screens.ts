import { LEVELS, levelRank, satisfies, type Rule } from './access';

/**
 * Every product screen of docs/product-rules.md §2 with its access rule. The client's route guards and menu, the
 * server's GetPermissions and the route tests all read this table. `ready: false` marks a screen a
 * later issue builds; until then it shows the shared "not available yet" page.
 */
export type ScreenArea =
  'app' | 'auth' | 'dispensing' | 'tanks' | 'setup' | 'reports' | 'operations' | 'admin' | 'commercial' | 'system';

export interface Screen {
  path: string;
  title: string;
  rule: Rule;
  area: ScreenArea;
  /** Label in the menu (docs/product-rules.md §2 "Navigation"); screens without one are reached by links. */
  menu?: string;
  /** Menu group heading. */
  group?: string;
  ready?: boolean;
}

const s = (path: string, title: string, rule: Rule, area: ScreenArea, extra: Partial<Screen> = {}): Screen => ({
  path,
  title,
  rule,
  area,
  ...extra,
});

export const SCREENS: readonly Screen[] = [
  // Entry and general
  s('/dashboard/analytics', 'Dashboard', 'everybody', 'app', { menu: 'Dashboard', group: 'Home', ready: true }),
  s('/Documents', 'Documents', 'everybody', 'app', { menu: 'System docs', group: 'Home', ready: true }),
  s('/fullpagedashboard', 'Wall board', 'allFamsUserL', 'tanks', { group: 'Home', ready: true }),
  s('/Device', 'This device', 'everybody', 'app', { menu: 'This device', group: 'Home', ready: true }),

  // Dispensing and quick views
  s('/QuickDispense', 'Quick dispense', 'famsAllBasic', 'dispensing', {
    menu: 'QuickDispense',
    group: 'Dispensing',
    ready: true,
  }),
  s('/QuickDispense24', 'Quick dispense 24', 'fams24Basic', 'dispensing', {
    menu: 'QuickDispense24',
    group: 'Dispensing',
    ready: true,
  }),
  s('/DispensingTransfers', 'Transfers', 'allFamsUser', 'dispensing', {
    menu: 'Transfers',
    group: 'Dispensing',
    ready: true,
  }),
  s('/QuickPivot', 'Pivot', 'famsAllBasic', 'tanks', { menu: 'Pivot', group: 'Dispensing', ready: true }),
  s('/QuickBalancing', 'Quick balancing', 'quickReportViewers', 'tanks', {
    menu: 'QuickBalancing',
    group: 'Tanks',
    ready: true,
  }),
  s('/QuickCalendarView', 'Calendar view', 'quickReportViewers', 'tanks', {
    menu: 'QuickCalendar',
    group: 'Tanks',
    ready: true,
  }),
  s('/QuickChartView', 'Chart view', 'quickReportViewers', 'tanks', { menu: 'Charts', group: 'Tanks', ready: true }),
  s('/TankLevels', 'Tank levels', 'atg', 'tanks', { menu: 'Tank levels', group: 'Tanks', ready: true }),
  s('/QuickViewGPSInformation', 'GPS map', 'editor', 'tanks', { menu: 'GPS map', group: 'Tanks', ready: true }),

  // Setup
  s('/Store', 'Stores', 'admin', 'setup', { menu: 'Store setup', group: 'Setup', ready: true }),
  s('/Tank', 'Tanks', 'admin', 'setup', { menu: 'Tank setup', group: 'Setup', ready: true }),
  s('/CostCentre', 'Cost centres', 'editor', 'setup', { menu: 'Cost centre setup', group: 'Setup', ready: true }),
  s('/MasterEquipment', 'Master equipment', 'editor', 'setup', {
    menu: 'Master equipment setup',
    group: 'Setup',
    ready: true,
  }),
  s('/EqpExtras', 'Equipment extras', 'editor', 'setup', { menu: 'Equipment extras', group: 'Setup', ready: true }),
  s('/EquipmentAssets', 'Equipment assets', 'editor', 'setup', {
    menu: 'Equipment assets',
    group: 'Setup',
    ready: true,
  }),
  s('/AllocationAssets', 'Allocation assets', 'editor', 'setup', {
    menu: 'Allocation assets',
    group: 'Setup',
    ready: true,
  }),
  s('/Allocation', 'Allocation', 'famsManager', 'setup', { menu: 'Allocation', group: 'Setup', ready: true }),
  s('/Equipment', 'Equipment', 'famsManager', 'setup', { menu: 'Equipment', group: 'Setup', ready: true }),
  s('/Employee', 'Employees', 'famsManager', 'setup', { menu: 'Employee', group: 'Setup', ready: true }),
  s('/customAlloc', 'Custom allocation', 'famsManager', 'setup', {
    menu: 'Custom allocation',
    group: 'Setup',
    ready: true,
  }),
  s('/EquipmentFAMS24', 'Equipment FAMS24', 'fams24Manager', 'setup', {
    menu: 'Equipment FAMS24',
    group: 'Setup',
    ready: true,
  }),
  s('/EmployeeFAMS24', 'Employees FAMS24', 'fams24Manager', 'setup', {
    menu: 'Employee FAMS24',
    group: 'Setup',
    ready: true,
  }),
  s('/F24BusinessRules', 'FAMS24 business rules', 'fams24Manager', 'setup', {
    menu: 'FAMS24 business rules',
    group: 'Setup',
    ready: true,
  }),
  s('/Equipmentcopy', 'Copy equipment', 'fams24Manager', 'setup', {
    menu: 'Copy equipment',
    group: 'Setup',
    ready: true,
  }),

  // Filters and data
  s('/FiltersDispensing', 'Dispensing records', 'editor', 'tanks', {
    menu: 'Dispensing records',
    group: 'Data',
    ready: true,
  }),
  s('/FiltersReceived', 'Receipts', 'editor', 'tanks', { menu: 'Receipts', group: 'Data', ready: true }),
  s('/FiltersReceivedMan', 'Manual receipts', 'editor', 'dispensing', {
    menu: 'Manual receipts',
    group: 'Data',
    ready: true,
  }),
  s('/FiltersTransfer', 'Transfer records', 'editor', 'tanks', {
    menu: 'Transfer records',
    group: 'Data',
    ready: true,
  }),
  s('/FiltersAllocation', 'Allocation records', 'editor', 'tanks', {
    menu: 'Allocation records',
    group: 'Data',
    ready: true,
  }),
  s('/FilterGPSInformation', 'GPS records', 'editor', 'tanks', { menu: 'GPS records', group: 'Data', ready: true }),
  s('/DataImports', 'Data imports', 'editor', 'setup', { menu: 'Data imports', group: 'Data', ready: true }),
  s('/DataIntergrityChecks', 'Data integrity checks', 'editor', 'operations', {
    menu: 'Data integrity checks',
    group: 'Data',
    ready: true,
  }),
  s('/ExportINIFile', 'Export INI file', 'editor', 'admin', { menu: 'Export INI file', group: 'Data', ready: true }),

  // Reports
  s('/ReportList', 'Reports', 'allFamsUserM', 'reports', { menu: 'Reports', group: 'Reports', ready: true }),
  s('/PBAnalytics', 'Power BI analytics', 'admin', 'reports', {
    menu: 'Power BI analytics',
    group: 'Reports',
    ready: true,
  }),
  s('/StandardReportListBold', 'Standard reports', 'admin', 'reports', {
    menu: 'Report setup (standard)',
    group: 'Reports',
    ready: true,
  }),

  // Administration (admin)
  s('/ReportSchedule', 'Report schedules', 'admin', 'reports', {
    menu: 'Report schedules',
    group: 'Reports',
    ready: true,
  }),
  s('/ReportHistory', 'Report history', 'admin', 'reports', {
    menu: 'Report history',
    group: 'Reports',
    ready: true,
  }),
  s('/Exceptions', 'Exceptions', 'admin', 'operations', { menu: 'Exceptions', group: 'Operations', ready: true }),
  s('/ExceptionHistory', 'Exception history', 'admin', 'operations', {
    menu: 'Exception history',
    group: 'Operations',
    ready: true,
  }),
  s('/AuditLogs', 'Audit logs', 'admin', 'setup', { menu: 'Audit logs', group: 'Operations', ready: true }),
  s('/IncidentReport', 'Incidents and call-outs', 'admin', 'operations', {
    menu: 'Incident/Call-out',
    group: 'Operations',
    ready: true,
  }),
  s('/DailyReportofCall', 'Daily report of call', 'admin', 'operations', {
    menu: 'Daily report',
    group: 'Operations',
    ready: true,
  }),
  s('/StoreLocator', 'Store locator', 'admin', 'admin', {
    menu: 'Store locator',
    group: 'Administration',
    ready: true,
  }),
  s('/User', 'Users', 'admin', 'admin', { menu: 'Users', group: 'Administration', ready: true }),
  s('/UserContactInformation', 'User contact information', 'admin', 'admin', {
    menu: 'User contacts',
    group: 'Administration',
    ready: true,
  }),
  s('/AccountSelect', 'Account select', 'admin', 'app', {
    menu: 'Account select',
    group: 'Administration',
    ready: true,
  }),
  s('/AccountCard', 'Account card', 'admin', 'admin', {
    menu: 'Account card',
    group: 'Administration',
    ready: true,
  }),
  s('/ViewSubscription', 'Subscription', 'admin', 'admin', {
    menu: 'Subscription',
    group: 'Administration',
    ready: true,
  }),
  s('/Integration', 'Integrations', 'admin', 'admin', { menu: 'Integrations', group: 'Administration', ready: true }),
  s('/FAMSCommands', 'FAMS commands', 'admin', 'admin', {
    menu: 'FAMS commands',
    group: 'Administration',
    ready: true,
  }),
  s('/OTRDevices', 'OTR devices', 'admin', 'admin', { menu: 'OTR devices', group: 'Administration', ready: true }),
  s('/products', 'Products', 'admin', 'setup', { menu: 'Products', group: 'Setup', ready: true }),
  s('/Documentlist', 'Customer documents', 'admin', 'commercial', {
    menu: 'Customer docs',
    group: 'Commercial',
    ready: true,
  }),
  s('/DocumenttoCustomer', 'Share documents', 'admin', 'commercial', {
    group: 'Commercial',
    ready: true,
  }),
  s('/DocumentCustomer', 'Documents per customer', 'admin', 'commercial', {
    group: 'Commercial',
    ready: true,
  }),
  s('/customers', 'Customers', 'admin', 'commercial', {
    menu: 'Customer info and site',
    group: 'Commercial',
    ready: true,
  }),
  s('/Customersitelist', 'Customer sites', 'admin', 'commercial', {
    menu: 'Customer sites',
    group: 'Commercial',
    ready: true,
  }),
  s('/quotation', 'Quotation', 'admin', 'commercial', {
    menu: 'Quotations (create)',
    group: 'Commercial',
    ready: true,
  }),
  s('/viewquotations', 'View quotations', 'admin', 'commercial', {
    menu: 'Quotations (view)',
    group: 'Commercial',
    ready: true,
  }),
  s('/quotations', 'Manage quotations', 'admin', 'commercial', {
    menu: 'Quotations (manage)',
    group: 'Commercial',
    ready: true,
  }),

  // System administration (ThebigBoss)
  s('/CustomReport', 'Custom reports', 'thebigBoss', 'reports', {
    menu: 'Report setup (custom)',
    group: 'System',
    ready: true,
  }),
  s('/SystemReport', 'System report', 'thebigBoss', 'reports', {
    menu: 'Report setup (system)',
    group: 'System',
    ready: true,
  }),
  s('/StandardReportAdminList', 'Standard report admin', 'thebigBoss', 'reports', {
    menu: 'Standard report admin',
    group: 'System',
    ready: true,
  }),
  s('/Account', 'Account', 'thebigBoss', 'admin', { group: 'System', ready: true }),
  s('/accounts', 'Accounts', 'thebigBoss', 'admin', { menu: 'Accounts', group: 'System', ready: true }),
  s('/StoreVPN', 'Store VPN', 'thebigBoss', 'admin', { menu: 'Store VPN setup', group: 'System', ready: true }),
  s('/UsersAdmin', 'Users admin', 'thebigBoss', 'admin', { menu: 'Users admin', group: 'System', ready: true }),
  s('/PowerbiAdmin', 'Power BI admin', 'thebigBoss', 'reports', {
    menu: 'PowerBI admin',
    group: 'System',
    ready: true,
  }),
  s('/messageAccount', 'Home-screen messages', 'thebigBoss', 'admin', {
    menu: 'Home-screen messages',
    group: 'System',
    ready: true,
  }),
  s('/Subscription', 'Subscriptions', 'thebigBoss', 'admin', { menu: 'Subscriptions', group: 'System', ready: true }),
  s('/SubscriptionReport', 'Subscription report', 'thebigBoss', 'admin', { group: 'System', ready: true }),
  s('/ManageSubscription', 'Manage subscription', 'thebigBoss', 'admin', { group: 'System', ready: true }),
  s('/IntegrationSetup', 'Integration setup', 'thebigBoss', 'admin', {
    menu: 'Integration setup',
    group: 'System',
    ready: true,
  }),
  s('/ManageIntegration', 'Manage integration', 'thebigBoss', 'admin', { group: 'System', ready: true }),
  s('/Diagnostic', 'Diagnostics', 'thebigBoss', 'operations', { menu: 'Diagnostics', group: 'System', ready: true }),
  s('/SAP', 'SAP export', 'thebigBoss', 'admin', { menu: 'SAP export', group: 'System', ready: true }),
  s('/ScanTags', 'Scan tags', 'thebigBoss', 'admin', { menu: 'Scan tags', group: 'System', ready: true }),
  s('/SumniConfig', 'Sunmi config', 'thebigBoss', 'admin', { menu: 'Sunmi config', group: 'System', ready: true }),
  s('/iotSetup', 'IoT setup', 'thebigBoss', 'tanks', { menu: 'IoT setup', group: 'System', ready: true }),
  s('/RestoreDeleted', 'Restore deleted', 'thebigBoss', 'setup', {
    menu: 'Restore deleted',
    group: 'System',
    ready: true,
  }),
  s('/MLUpload', 'ML upload', 'thebigBoss', 'admin', { menu: 'ML upload', group: 'System', ready: true }),
];

/** Screens outside the main layout that need a session but no rule beyond `everybody`. */
export const SELECT_ACCOUNT_PATH = '/selectaccount';
export const HOME_PATH = '/dashboard/analytics';

/**
 * Where a user lands after sign-in: drivers and attendants (field levels basic and basicM, no
 * ThebigBoss) go straight to their Quick dispense screen, everybody else to the dashboard.
 */
export function homePathFor(codes: readonly string[]): string {
  if (codes.includes('ThebigBoss') || levelRank(codes) > LEVELS.indexOf('basicM')) return HOME_PATH;
  if (satisfies(codes, 'famsAllBasic')) return '/QuickDispense';
  if (satisfies(codes, 'fams24Basic')) return '/QuickDispense24';
  return HOME_PATH;
}
export const LOGIN_PATH = '/pages/login';

const byPath = new Map(SCREENS.map((x) => [x.path, x]));
export function screenFor(path: string): Screen | undefined {
  return byPath.get(path);
}
