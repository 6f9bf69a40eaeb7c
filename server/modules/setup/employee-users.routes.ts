import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { EmployeeUserOptions } from '../../../src/contract/setup/employees';
import { EMPLOYEE_USERS_PATH } from '../../../src/contract/setup/resources';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/resource';
import { accountUsers } from './employee-users.repository';
import { screenRules } from './rules';

/**
 * `GET /api/v1/employees/users` — the account's users, for the employee form's "Signs in as" (ADR 076):
 * the fills a user records are the linked employee's unless another is chosen. Read by whoever may
 * edit employees.
 */
export function employeeUsersRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${API_ROOT}${EMPLOYEE_USERS_PATH}`,
      { config: { access: screenRules('/Employee').read }, schema: { response: { 200: EmployeeUserOptions } } },
      async (req) => ({ items: await accountUsers(db, actorOf(req).accountId) }),
    );
}
