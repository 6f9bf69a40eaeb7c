import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOk, UserIdParams } from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import {
  DuplicateUsers,
  MergeUsersBody,
  SYSTEM_USER_COLUMNS,
  SYSTEM_USERS_LIST,
  SystemUser,
} from '../../../src/contract/users-admin';
import type { Db } from '../../db/client';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import type { SessionGate } from '../auth/sessions';
import { systemUsersRepository, systemUsersSpec, type SystemUserRaw } from './system-users.repository';
import { userMergeService } from './user-merge.service';
import { systemUsersService } from './system-users.service';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toRow = (r: SystemUserRaw): SystemUser => ({
  ...r,
  lastSignInAt: iso(r.lastSignInAt),
  signInLockedUntil: iso(r.signInLockedUntil),
});

/** `/UsersAdmin` (ThebigBoss): every user across accounts; disable or enable everywhere; merge duplicates. */
export function systemUsersRoutes(app: FastifyInstance, db: Db, sessions: SessionGate) {
  const svc = systemUsersService(db, sessions);
  const merges = userMergeService(db, sessions);
  const url = `${API_ROOT}${SYSTEM_USERS_LIST.path}`;
  const boss = { config: { access: 'thebigBoss' as const } };
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Lifts the user's sign-in locks, every address's and their devices' own (ADR 072).
  r.post(`${url}/:id/unlock`, { ...boss, schema: { params: UserIdParams, response: { 200: AdminOk } } }, async (req) =>
    svc.unlockSignIn(actorOf(req), req.params.id),
  );
  r.get(
    `${url}/:id/duplicates`,
    { ...boss, schema: { params: UserIdParams, response: { 200: DuplicateUsers } } },
    async (req) => ({ items: (await systemUsersRepository(db).duplicatesOf(req.params.id)).map(toRow) }),
  );
  r.post(
    `${url}/merge`,
    {
      ...boss,
      schema: {
        body: MergeUsersBody,
        response: { 200: AdminOk.extend({ moved: z.record(z.string(), z.number()) }) },
      },
    },
    async (req) => merges.merge(actorOf(req), req.body),
  );
}
