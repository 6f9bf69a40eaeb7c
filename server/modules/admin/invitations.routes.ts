import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOk } from '../../../src/contract/admin';
import { API_ROOT } from '../../../src/contract/constants';
import {
  INVITATION_PATH,
  INVITATIONS_PATH,
  InvitationIdParams,
  InvitationTokenBody,
  InvitationView,
  PendingInvitation,
} from '../../../src/contract/invitations';
import { actorOf } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { invitationsService } from './invitations.service';

/** Raw request rates per client address on the public answers (the token, 256 bits, is the permission). */
const rate = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Invitations ask (ADR 073): the account's open invitations on `/User` (admin: list, withdraw), and
 * the invitee's answer through the e-mailed token (public: read, accept, decline). The token rides
 * in the body, so it stays out of access logs.
 */
export function invitationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const svc = invitationsService(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };
  const open = { config: { access: 'public' as const, ...rate } };
  const list = `${API_ROOT}${INVITATIONS_PATH}`;
  const answer = `${API_ROOT}${INVITATION_PATH}`;

  r.get(list, { ...admin, schema: { response: { 200: z.array(PendingInvitation) } } }, async (req) =>
    svc.list(actorOf(req)),
  );
  r.delete(
    `${list}/:id`,
    { ...admin, schema: { params: InvitationIdParams, response: { 200: AdminOk } } },
    async (req) => svc.withdraw(actorOf(req), req.params.id),
  );

  r.post(answer, { ...open, schema: { body: InvitationTokenBody, response: { 200: InvitationView } } }, async (req) =>
    svc.view(req.body.token),
  );
  r.post(
    `${answer}/accept`,
    { ...open, schema: { body: InvitationTokenBody, response: { 200: AdminOk } } },
    async (req) => svc.accept(req.body.token),
  );
  r.post(
    `${answer}/decline`,
    { ...open, schema: { body: InvitationTokenBody, response: { 200: AdminOk } } },
    async (req) => svc.decline(req.body.token),
  );
}
