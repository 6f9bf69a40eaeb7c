import type { CommercialSettings, CommercialSettingsBody, Quote } from '../../../src/contract/commercial/quotations';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { deletedError } from '../../lib/resource/errors';
import { quotationsRepository as repo } from './quotations.repository';
import { ENTITY, toQuote } from './quotations.service';

const who = (a: Actor) => ({ accountId: a.accountId, userId: a.userId });

/**
 * The staff side of follow-ups (ADR 049, 059): the account's reminder sequence, and one quotation's
 * reminders turned off or on. The hourly sweep that sends them is `follow-ups.ts`.
 */
export function followUpsService(db: Db, get: (actor: Actor, id: string) => Promise<Quote>) {
  return {
    settings: (actor: Actor) => repo(db).followUpSettings(actor.accountId),

    /** What is left out keeps its value; quotations already reminded keep their count. */
    async saveSettings(actor: Actor, body: CommercialSettingsBody): Promise<CommercialSettings> {
      return db.transaction(async (tx) => {
        const before = await repo(tx).followUpSettings(actor.accountId);
        const after = { ...before, ...body };
        await repo(tx).setFollowUpSettings(actor.accountId, after);
        await audit(tx, { ...who(actor), action: 'update', entity: 'commercial_settings', before, after });
        return after;
      });
    },

    /** Turns one quotation's reminders off or on again; audited, the quotation's version unchanged. */
    async setFollowUp(actor: Actor, id: string, off: boolean): Promise<Quote> {
      await db.transaction(async (tx) => {
        const row = await repo(tx).find(actor.accountId, id, true);
        if (!row) throw notFound('No such quotation.');
        if (row.deletedAt) throw deletedError(toQuote(row));
        if (row.followUpOff === off) return;
        await repo(tx).setFollowUpOff(actor.accountId, id, off);
        const action = off ? 'follow_up_off' : 'follow_up_on';
        await audit(tx, { ...who(actor), action, entity: ENTITY, entityId: id, after: { followUpOff: off } });
      });
      return get(actor, id);
    },
  };
}
