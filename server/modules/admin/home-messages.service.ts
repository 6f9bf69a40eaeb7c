import type { HomeMessage, HomeMessageFields } from '../../../src/contract/home-messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { homeMessagesRepository, type HomeMessageRaw } from './home-messages.repository';

export const toHomeMessage = (r: HomeMessageRaw): HomeMessage => ({
  ...r,
  accountId: r.accountId === null ? null : Number(r.accountId),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** `/messageAccount` (ThebigBoss): write, change and delete home-screen messages; every change audited. */
export function homeMessagesService(db: Db) {
  async function get(id: string) {
    const r = await homeMessagesRepository(db).byId(id);
    if (!r) throw notFound('No such message.');
    return toHomeMessage(r);
  }
  async function write(actor: Actor, id: string | null, f: HomeMessageFields) {
    const saved = await db.transaction(async (tx) => {
      const repo = homeMessagesRepository(tx);
      if (f.accountId !== null && !(await repo.accountExists(f.accountId)))
        throw unprocessable('invalid_reference', 'Choose an existing account.', { accountId: ['Choose an account.'] });
      const row = id ? await repo.update(id, f) : await repo.insert(f, actor.userId);
      if (!row) throw notFound('No such message.');
      await audit(tx, {
        accountId: f.accountId ?? actor.accountId,
        userId: actor.userId,
        action: id ? 'update' : 'create',
        entity: 'home_message',
        entityId: row.id,
        after: f,
      });
      return row.id;
    });
    return get(saved);
  }
  return {
    get,
    create: (actor: Actor, f: HomeMessageFields) => write(actor, null, f),
    update: (actor: Actor, id: string, f: HomeMessageFields) => write(actor, id, f),
    async remove(actor: Actor, id: string) {
      const before = await get(id);
      await db.transaction(async (tx) => {
        await homeMessagesRepository(tx).remove(id);
        await audit(tx, {
          accountId: before.accountId ?? actor.accountId,
          userId: actor.userId,
          action: 'delete',
          entity: 'home_message',
          entityId: id,
          before,
        });
      });
      return before;
    },
  };
}
