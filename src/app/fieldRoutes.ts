/**
 * The field app (ADR 017): route files under src/routes whose code, with everything it imports,
 * the service worker downloads at the first visit, so a driver's phone works offline from then
 * on. Every other screen (office: lists, setup, charts, the map) is stored by the service worker
 * the first time it is opened. A path ending in `/` takes the whole folder.
 *
 * Read by vite.config.ts at build time: plain data, no imports.
 */
export const FIELD_ROUTE_FILES: readonly string[] = [
  '__root.tsx',
  '_app.tsx',
  '_blank.tsx',
  'index.tsx',
  '$.tsx',
  // Sign-in, account choice, status and error pages.
  '_blank/',
  // The field screens (docs/design.md §6) and what a driver lands on or checks.
  '_app/QuickDispense.tsx',
  '_app/QuickDispense24.tsx',
  '_app/DispensingTransfers.tsx',
  '_app/FiltersReceivedMan.tsx',
  '_app/Device.tsx',
  '_app/AccountSelect.tsx',
  '_app/dashboard/analytics.tsx',
];
