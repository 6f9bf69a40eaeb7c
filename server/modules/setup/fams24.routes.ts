import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { EmployeeFams24Update, EmployeeRow } from '../../../src/contract/setup/employees';
import { EquipmentFams24Update, EquipmentRow } from '../../../src/contract/setup/equipment';
import { SETUP_LISTS } from '../../../src/contract/setup/resources';
import { actorOf, IdParams, registerResource } from '../../lib/resource';
import { pinValues } from './employees.resource';
import { screenRules } from './rules';
import type { SetupServices } from './setup.services';

/**
 * `/EquipmentFAMS24` and `/EmployeeFAMS24` (rule fams24Manager): the same rows as `/Equipment` and
 * `/Employee`, read through their own paths, and a `PUT /:id` that changes only what a FAMS24
 * manager looks after. A FAMS24-only manager can do this without being a FAMS manager.
 */
export function fams24Routes(app: FastifyInstance, services: SetupServices) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const eq = SETUP_LISTS.equipmentFams24;
  const eqRule = screenRules(eq.screen).read;
  registerResource(app, services.equipment, {
    path: eq.path,
    read: eqRule,
    writes: false,
    columns: SETUP_COLUMNS.equipmentFams24,
  });
  r.put(
    `${API_ROOT}${eq.path}/:id`,
    {
      config: { access: eqRule },
      schema: { params: IdParams, body: EquipmentFams24Update, response: { 200: EquipmentRow } },
    },
    async (req) => {
      const { version, fams24Enabled, pinRequired, odometerRequired } = req.body;
      return services.equipment.patch(actorOf(req), req.params.id, version, () => ({
        fams24Enabled,
        pinRequired,
        odometerRequired,
      }));
    },
  );

  const em = SETUP_LISTS.employeesFams24;
  const emRule = screenRules(em.screen).read;
  registerResource(app, services.employees, {
    path: em.path,
    read: emRule,
    writes: false,
    columns: SETUP_COLUMNS.employeesFams24,
  });
  r.put(
    `${API_ROOT}${em.path}/:id`,
    {
      config: { access: emRule },
      schema: { params: IdParams, body: EmployeeFams24Update, response: { 200: EmployeeRow } },
    },
    async (req) => {
      const { version, fams24Enabled, tag, pin } = req.body;
      // Hash before the transaction: scrypt is slow on purpose and must not hold the row lock.
      const pinChange = await pinValues(pin);
      return services.employees.patch(actorOf(req), req.params.id, version, () => ({
        fams24Enabled,
        tag,
        ...pinChange,
      }));
    },
  );
}
