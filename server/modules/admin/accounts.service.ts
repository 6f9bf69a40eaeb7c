import {
  localeName,
  type AccountAdminRow,
  type AccountFields,
  type CreateAccountBody,
} from '../../../src/contract/admin';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import type { Actor } from '../../lib/resource';
import type { SessionGate } from '../auth/sessions';
import { subscriptionsRepository } from './subscriptions.repository';
import { startingOn, type SubscriptionsService } from './subscriptions.service';
import { accountsRepository, type AccountListRaw } from './accounts.repository';
import type { UsersService } from './users.service';

export const toAccountRow = (a: AccountListRaw): AccountAdminRow => ({
  id: a.id,
  key: a.key,
  name: a.name,
  type: a.type,
  timeZone: a.timeZone,
  currency: a.currency,
  units: a.units as AccountAdminRow['units'],
  locale: a.locale,
  localeName: localeName(a.locale),
  modules: a.modules,
  blocked: a.blocked,
  users: a.users,
  plan: a.plan,
  createdAt: new Date(a.createdAt).toISOString(),
});

/** The roles of a new account's first admin: admin with the account's modules as variant roles. */
export const firstAdminRoles = (modules: readonly string[]) => ['admin', ...modules];

const nameTaken = () => unprocessable('duplicate', 'Another account has this name.', { name: ['Already taken.'] });

/** `/accounts` and `/Account` (ThebigBoss, issue 14). */
export function accountsService(
  db: Db,
  mailer: MailQueue,
  sessions: SessionGate,
  users: UsersService,
  subscriptions: SubscriptionsService,
) {
  const repo = accountsRepository(db);
  return {
    async get(id: number) {
      const a = await repo.byId(id);
      if (!a) throw notFound('No such account.');
      return toAccountRow(a);
    },

    /** Creates the account and invites its first admin, in one transaction; the mail leaves after it. */
    async create(actor: Actor, body: CreateAccountBody, origin: string) {
      const { admin, planId, status, ...fields } = body;
      const out = await db.transaction(async (tx) => {
        const r = accountsRepository(tx);
        if (await r.nameTaken(fields.name)) throw nameTaken();
        const plan = await subscriptionsRepository(tx).plan(planId);
        if (!plan) throw unprocessable('invalid_reference', 'Choose an existing plan.', { planId: ['Choose a plan.'] });
        const outside = fields.modules.filter((m) => !plan.modules.includes(m));
        if (outside.length)
          throw unprocessable('validation', `The plan ${plan.name} does not include ${outside.join(', ')}.`, {
            modules: [`Not in the plan ${plan.name}: ${outside.join(', ')}.`],
          });
        const account = await r.insert(fields);
        await audit(tx, {
          accountId: account.id,
          userId: actor.userId,
          action: 'create',
          entity: 'account',
          entityId: String(account.id),
          after: account,
        });
        // The subscription first: the first admin counts against the plan's users.
        const today = new Date().toISOString().slice(0, 10);
        await subscriptions.assignIn(tx, actor, account.id, {
          planId,
          ...startingOn(plan.period as 'month' | 'year', today, status, 'Account created'),
        });
        // The invitation is made as if by an admin of the new account (the actor is ThebigBoss).
        const invited = await users.inviteIn(
          tx,
          { ...actor, accountId: account.id },
          { ...admin, roles: firstAdminRoles(fields.modules) },
          origin,
          account.name,
        );
        if (invited.mail) await mailer.send(invited.mail, tx);
        return { id: account.id, invited };
      });
      return this.get(out.id);
    },

    async update(actor: Actor, id: number, fields: AccountFields) {
      await db.transaction(async (tx) => {
        const r = accountsRepository(tx);
        const before = await r.byId(id);
        if (!before) throw notFound('No such account.');
        if (await r.nameTaken(fields.name, id)) throw nameTaken();
        const after = await r.update(id, fields);
        await audit(tx, {
          accountId: id,
          userId: actor.userId,
          action: 'update',
          entity: 'account',
          entityId: String(id),
          before,
          after,
        });
      });
      return this.get(id);
    },

    /** Blocked: not selectable at sign-in, its tokens refused at the next request (the session gate). */
    async setBlocked(actor: Actor, id: number, blocked: boolean) {
      await db.transaction(async (tx) => {
        const r = accountsRepository(tx);
        if (!(await r.byId(id))) throw notFound('No such account.');
        await r.update(id, { blocked });
        await audit(tx, {
          accountId: id,
          userId: actor.userId,
          action: blocked ? 'block' : 'unblock',
          entity: 'account',
          entityId: String(id),
        });
      });
      sessions.forget();
      return this.get(id);
    },
  };
}
