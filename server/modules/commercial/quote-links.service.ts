import { nextStatus, type PublicQuote } from '../../../src/contract/commercial';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { SignedLinks } from '../../lib/signed-links';
import { quotationsRepository as repo } from './quotations.repository';
import { conflict, ENTITY, fileName, pdfOf, QUOTE_LINK, toQuote } from './quotations.service';

const linkRefused = (reason: 'expired' | 'invalid') =>
  reason === 'expired'
    ? new AppError(410, 'link_expired', 'This link has expired. Ask for a new quotation.', 'Link expired')
    : new AppError(403, 'link_invalid', 'This link is not valid.', 'Link not valid');

/**
 * The customer's side of a quotation (ADR 039): what the e-mailed signed link opens, its PDF, and
 * the one answer. No account: the link is the permission, so a tampered link is 403, an expired
 * one 410, and a refused link changes nothing.
 */
export function quoteLinksService({ db, links, files }: { db: Db; links: SignedLinks; files: FileStore }) {
  async function checkToken(token: string) {
    const check = await links.verify(QUOTE_LINK, token);
    if (!check.ok) throw linkRefused(check.reason);
    return check.claims;
  }
  async function live(tx: Db | Tx, accountId: number, id: string, lock = false) {
    const row = await repo(tx).find(accountId, id, lock);
    if (!row || row.deletedAt) throw linkRefused('invalid');
    return row;
  }

  /** What the customer's link shows. */
  async function publicView(token: string): Promise<PublicQuote> {
    const c = await checkToken(token);
    const q = toQuote(await live(db, c.acc, c.sub));
    const account = await repo(db).account(c.acc);
    return {
      accountName: account?.name ?? '',
      label: q.label,
      status: q.status,
      customerName: q.customerName ?? '',
      siteName: q.siteName,
      issueDate: q.issueDate,
      validUntil: q.validUntil,
      terms: q.terms,
      lines: q.lines,
      grossCents: q.grossCents,
      discountCents: q.discountCents,
      netCents: q.netCents,
      vatCents: q.vatCents,
      totalCents: q.totalCents,
      answeredAt: q.answeredAt,
      answeredBy: q.answeredBy,
    };
  }

  return {
    publicView,

    async publicPdf(token: string) {
      const c = await checkToken(token);
      const quote = toQuote(await live(db, c.acc, c.sub));
      return { fileName: fileName(quote), pdf: await pdfOf(db, files, c.acc, quote) };
    },

    /** The customer's answer: once, while the quotation is sent and valid. */
    async publicAnswer(body: { token: string; decision: 'accept' | 'decline'; name: string }) {
      const c = await checkToken(body.token);
      await db.transaction(async (tx) => {
        const row = await live(tx, c.acc, c.sub, true);
        const to = nextStatus(row.status, body.decision);
        if (!to)
          throw conflict(
            'not_open',
            row.status === 'accepted' || row.status === 'declined'
              ? `This quotation was already ${row.status}.`
              : `This quotation is ${row.status} and can no longer be answered.`,
          );
        await repo(tx).update(c.acc, c.sub, null, { status: to, answeredAt: new Date(), answeredBy: body.name });
        await audit(tx, {
          accountId: c.acc,
          userId: null,
          action: body.decision,
          entity: ENTITY,
          entityId: c.sub,
          before: toQuote(row),
          after: toQuote((await repo(tx).find(c.acc, c.sub))!),
        });
      });
      return publicView(body.token);
    },
  };
}
