import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { satisfies } from '../contract/access';
import { SCREENS } from '../contract/screens';

/**
 * The demo driver's refusals screen by screen (moved here from the e2e walk in auth.spec.ts, which
 * keeps two of them in the browser: ADR 056). A screen is refused when its rule in SCREENS is not
 * met by the driver's roles and its route runs `guard('<its path>')` before it loads.
 */
const REFUSED_TO_DRIVER = [
  '/Store',
  '/FiltersDispensing',
  '/Exceptions',
  '/QuickBalancing',
  '/QuickChartView',
  '/QuickCalendarView',
  '/QuickViewGPSInformation',
  '/FilterGPSInformation',
  '/fullpagedashboard',
  '/TankLevels',
  '/DispensingTransfers',
];
const ALLOWED_TO_DRIVER = ['/QuickPivot', '/QuickDispense', '/dashboard/analytics'];

/** The demo driver's roles in Demo Fuels (server/seed/demo-users.ts; the PWA does not import the server). */
const roles = ['basic', 'FAMS'];
const routeFile = (p: string) => path.resolve(import.meta.dirname, '../routes/_app', `${p.slice(1)}.tsx`);

describe("the demo driver's screens", () => {
  it.each(REFUSED_TO_DRIVER)('%s: its rule refuses the driver and its route checks it', (p) => {
    const screen = SCREENS.find((s) => s.path === p);
    expect(screen, p).toBeDefined();
    expect(satisfies(roles, screen!.rule)).toBe(false);
    expect(fs.readFileSync(routeFile(p), 'utf8')).toContain(`beforeLoad: guard('${p}')`);
  });

  it.each(ALLOWED_TO_DRIVER)('%s is open to the driver', (p) => {
    expect(satisfies(roles, SCREENS.find((s) => s.path === p)!.rule)).toBe(true);
  });
});
