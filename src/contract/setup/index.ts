/** The setup area's contract (`/Store` … `/RestoreDeleted`). */
export * from './fields';
export * from './resources';
export * from './stores';
export * from './products';
export * from './strapping';
export * from './tanks';
export * from './cost-centres';
export * from './equipment-types';
export * from './equipment-extras';
export * from './equipment';
export * from './employees';
export * from './allocations';
export * from './dispense-check';
export * from './assets';
export * from './f24-rules';
export * from './reference';
export * from './audit-logs';
