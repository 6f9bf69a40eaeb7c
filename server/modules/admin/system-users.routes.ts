import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOk, UserIdParams } from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import { SYSTEM_USER_COLUMNS, SYSTEM_USERS_LIST, SystemUser } from '../../../src/contract/users-admin';
import type { Db } from '../../db/client';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import type { SessionGate } from '../auth/sessions';
import { systemUsersSpec } from './system-users.repository';
import { systemUsersService } from './system-users.service';

type Raw = Omit<SystemUser, 'lastSignInAt'> & { lastSignInAt: Date | string | null };
const toRow = (r: Raw): SystemUser => ({
  ...r,
  lastSignInAt: r.lastSignInAt === null ? null : new Date(r.lastSignInAt).toISOString(),
});

/** `/UsersAdmin` (ThebigBoss): every user across accounts; disable or enable everywhere. */
export function systemUsersRoutes(app: FastifyInstance, db: Db, sessions: SessionGate) {
  const svc = systemUsersService(db, sessions);
  const url = `${API_ROOT}${SYSTEM_USERS_LIST.path}`;
  registerListRoutes(app, {
    url,
    rule: 'thebigBoss',
    row: SystemUser,
    fileBase: 'all-users',
    title: SYSTEM_USERS_LIST.title,
    columns: SYSTEM_USER_COLUMNS,
    ...specList(db, systemUsersSpec, toRow),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    `${url}/:id/active`,
    {
      config: { access: 'thebigBoss' as const },
      schema: { params: UserIdParams, body: z.strictObject({ active: z.boolean() }), response: { 200: AdminOk } },
    },
    async (req) => svc.setActive(actorOf(req), req.params.id, req.body.active),
  );
}
