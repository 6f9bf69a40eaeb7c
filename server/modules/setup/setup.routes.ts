import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerListRoutes, registerResource } from '../../lib/resource';
import { assetAllocationsEndpoint } from './asset-allocations.list';
import { auditLogsEndpoint } from './audit-logs.list';
import { deletedEndpoint } from './deleted.list';
import { fams24Routes } from './fams24.routes';
import { pinRoutes } from './pin.routes';
import { referenceRoutes } from './reference.routes';
import { setupServices, type SetupServices } from './setup.services';

/** Every endpoint of the setup area; returns the services for modules that build on them. */
export function setupRoutes(app: FastifyInstance, db: Db): SetupServices {
  const services = setupServices(db);
  for (const svc of Object.values(services)) registerResource(app, svc);
  fams24Routes(app, services);
  registerListRoutes(app, assetAllocationsEndpoint(db));
  registerListRoutes(app, auditLogsEndpoint(db));
  registerListRoutes(app, deletedEndpoint(db));
  referenceRoutes(app, db);
  pinRoutes(app, db);
  return services;
}
