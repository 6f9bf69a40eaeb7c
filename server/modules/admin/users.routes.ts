import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_USER_COLUMNS,
  ACCOUNT_USERS_LIST,
  AccountUser,
  AdminOk,
  ApproveBody,
  BlockBody,
  ContactBody,
  CreateUserBody,
  InviteBody,
  Registration,
  REGISTRATIONS_PATH,
  RegistrationIdParams,
  RolesBody,
  SIGNUP_LINK_PATH,
  SignupLink,
  USER_CONTACT_COLUMNS,
  USER_CONTACTS_LIST,
  UserContact,
  UserIdParams,
} from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { accountUsersSpec, contactsSpec, type AccountUserRaw, type ContactRaw } from './users.repository';
import { registrationsService } from './registrations.service';
import { usersService } from './users.service';
import { invitationsRoutes } from './invitations.routes';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toUser = (r: AccountUserRaw): AccountUser => ({
  ...r,
  lastSignInAt: iso(r.lastSignInAt),
  signInLockedUntil: iso(r.signInLockedUntil),
});
const toContact = (r: ContactRaw): UserContact => ({ ...r, phone: r.phone ?? '' });
const Created = AdminOk.extend({ userId: z.number().int() });

/** `/User` and `/UserContactInformation` (rule admin), registrations and the sign-up link: issue 14. */
export function adminUsersRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = usersService(deps.db, deps.mailer, deps.sessions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = `${API_ROOT}${ACCOUNT_USERS_LIST.path}`;
  const admin = { config: { access: 'admin' as const } };

  registerListRoutes(app, {
    url: users,
    rule: 'admin',
    row: AccountUser,
    fileBase: 'users',
    title: ACCOUNT_USERS_LIST.title,
    columns: ACCOUNT_USER_COLUMNS,
    ...specList(deps.db, accountUsersSpec, toUser),
  });
  registerListRoutes(app, {
    url: `${API_ROOT}${USER_CONTACTS_LIST.path}`,
    rule: 'admin',
    row: UserContact,
    fileBase: 'user-contacts',
    title: USER_CONTACTS_LIST.title,
    columns: USER_CONTACT_COLUMNS,
    ...specList(deps.db, contactsSpec, toContact),
  });

  r.post(
    `${users}/invite`,
    { ...admin, schema: { body: InviteBody, response: { 201: AdminOk } } },
    async (req, reply) => reply.status(201).send(await svc.invite(actorOf(req), req.body, linkOrigin(deps.config))),
  );
  r.post(users, { ...admin, schema: { body: CreateUserBody, response: { 201: Created } } }, async (req, reply) =>
    reply.status(201).send(await svc.create(actorOf(req), req.body)),
  );
  // Invitations ask (ADR 073): the open ones on /User, and the invitee's answer.
  invitationsRoutes(app, deps);
  r.put(
    `${users}/:id/roles`,
    { ...admin, schema: { params: UserIdParams, body: RolesBody, response: { 200: AdminOk } } },
    async (req) => svc.setRoles(actorOf(req), req.params.id, req.body.roles),
  );
  r.post(
    `${users}/:id/block`,
    { ...admin, schema: { params: UserIdParams, body: BlockBody, response: { 200: AdminOk } } },
    async (req) => svc.setBlocked(actorOf(req), req.params.id, req.body.blocked),
  );
  r.post(
    `${users}/:id/password-link`,
    { ...admin, schema: { params: UserIdParams, response: { 200: AdminOk } } },
    async (req) => svc.sendPasswordLink(actorOf(req), req.params.id, linkOrigin(deps.config)),
  );
  // Lifts the member's sign-in locks, every address's and their devices' own (ADR 072).
  r.post(
    `${users}/:id/unlock`,
    { ...admin, schema: { params: UserIdParams, response: { 200: AdminOk } } },
    async (req) => svc.unlockSignIn(actorOf(req), req.params.id),
  );
  r.delete(`${users}/:id`, { ...admin, schema: { params: UserIdParams, response: { 200: AdminOk } } }, async (req) =>
    svc.remove(actorOf(req), req.params.id),
  );
  r.put(
    `${API_ROOT}${USER_CONTACTS_LIST.path}/:id`,
    { ...admin, schema: { params: UserIdParams, body: ContactBody, response: { 200: AdminOk } } },
    async (req) => svc.setContact(actorOf(req), req.params.id, req.body),
  );

  // Self-service registrations (ADR 060): an admin decides those sent through the account's sign-up link;
  // ThebigBoss also those that name no account.
  const regs = registrationsService(deps.db);
  const registrations = `${API_ROOT}${REGISTRATIONS_PATH}`;
  r.get(registrations, { ...admin, schema: { response: { 200: z.array(Registration) } } }, async (req) =>
    regs.pending(actorOf(req)),
  );
  r.post(
    `${registrations}/:id/approve`,
    { ...admin, schema: { params: RegistrationIdParams, body: ApproveBody, response: { 200: AdminOk } } },
    async (req) => svc.approveRegistration(actorOf(req), req.params.id, req.body.roles, linkOrigin(deps.config)),
  );
  r.post(
    `${registrations}/:id/reject`,
    { ...admin, schema: { params: RegistrationIdParams, response: { 200: AdminOk } } },
    async (req) => svc.rejectRegistration(actorOf(req), req.params.id),
  );
  const link = `${API_ROOT}${SIGNUP_LINK_PATH}`;
  r.get(link, { ...admin, schema: { response: { 200: SignupLink } } }, async (req) => regs.signupLink(actorOf(req)));
  r.post(link, { ...admin, schema: { response: { 200: SignupLink } } }, async (req) =>
    regs.newSignupLink(actorOf(req)),
  );
  r.delete(link, { ...admin, schema: { response: { 200: SignupLink } } }, async (req) =>
    regs.turnOffSignupLink(actorOf(req)),
  );
  return svc;
}
