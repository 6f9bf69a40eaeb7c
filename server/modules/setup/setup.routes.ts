import type { FastifyInstance } from 'fastify';
import type { ColumnSpec } from '../../../src/contract/columns';
import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import { registerListRoutes, registerResource } from '../../lib/resource';
import { assetAllocationsEndpoint } from './asset-allocations.list';
import { auditLogsEndpoint } from './audit-logs.list';
import { deletedEndpoint } from './deleted.list';
import { employeeUsersRoutes } from './employee-users.routes';
import { fams24Routes } from './fams24.routes';
import { pinRoutes } from './pin.routes';
import { referenceRoutes } from './reference.routes';
import type { SetupServices } from './setup.services';
import type { ModuleDeps } from '../deps';

/** `/allocations` serves /Allocation and /customAlloc: its export knows both screens' columns. */
const withOthers = (a: readonly ColumnSpec[], b: readonly ColumnSpec[]) => [
  ...a,
  ...b.filter((c) => !a.some((x) => x.key === c.key)),
];
const SETUP_MOUNT_COLUMNS: Record<keyof SetupServices, readonly ColumnSpec[]> = {
  ...SETUP_COLUMNS,
  allocations: withOthers(SETUP_COLUMNS.allocations, SETUP_COLUMNS.customAllocations),
};

/** Every endpoint of the setup area (its services are built once, in `ModuleDeps.setup`). */
export function setupRoutes(app: FastifyInstance, { db, setup: services }: ModuleDeps) {
  for (const [name, svc] of Object.entries(services))
    registerResource(app, svc, { columns: SETUP_MOUNT_COLUMNS[name as keyof typeof services] });
  fams24Routes(app, services);
  registerListRoutes(app, assetAllocationsEndpoint(db));
  registerListRoutes(app, auditLogsEndpoint(db));
  registerListRoutes(app, deletedEndpoint(db));
  referenceRoutes(app, db);
  pinRoutes(app, db);
  employeeUsersRoutes(app, db);
}
