import { quoteEmailOf } from '../../../src/contract/commercial/customers';
import { lineAmounts, quoteNumber, quoteTotals } from '../../../src/contract/commercial/quote-math';
import {
  nextStatus,
  PUBLIC_QUOTE_PAGE,
  quoteLabel,
  REVISABLE,
  type Quote,
  type QuoteAction,
  type QuoteStatus,
} from '../../../src/contract/commercial';
import type { z } from 'zod';
import type { QuoteCreate as QuoteCreateSchema } from '../../../src/contract/commercial/quotations';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { letterheadOf } from '../../lib/letterhead';
import type { MailQueue } from '../../lib/mail-queue';
import { fieldError, iso, type Actor } from '../../lib/resource';
import { deletedError, staleError } from '../../lib/resource/errors';
import type { SignedLinks } from '../../lib/signed-links';
import { quotePdf } from './quotation.pdf';
import { addDays } from '../../../src/contract/calendar';
import { quotationsRepository, type LineValues, type QuoteRaw } from './quotations.repository';

type Input = z.output<typeof QuoteCreateSchema>;
/** The purpose the customer's signed link is bound to (`quote-links.service.ts` opens it). */
export const QUOTE_LINK = 'quotation';
export const ENTITY = 'quotation';

export const conflict = (code: string, message: string) => new AppError(409, code, message, 'Conflict');

const today = () => new Date().toISOString().slice(0, 10);
/** A link works until the end of the quotation's last valid day (UTC). */
const linkExpiry = (validUntil: string) => new Date(Date.parse(`${validUntil}T00:00:00Z`) + 86_400_000);

export function toQuote(r: QuoteRaw, reminders: Quote['reminders'] = []): Quote {
  return {
    id: r.id,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: iso(r.deletedAt),
    number: r.number,
    revision: r.revision,
    label: quoteLabel(r),
    previousId: r.previousId,
    status: r.status,
    customerId: r.customerId,
    customerName: r.customerName,
    siteId: r.siteId,
    siteName: r.siteName,
    issueDate: r.issueDate,
    validUntil: r.validUntil,
    terms: r.terms,
    paymentTerms: r.paymentTerms,
    notes: r.notes,
    grossCents: r.grossCents,
    discountCents: r.discountCents,
    netCents: r.netCents,
    vatCents: r.vatCents,
    totalCents: r.totalCents,
    sentAt: iso(r.sentAt),
    sentTo: r.sentTo,
    answeredAt: iso(r.answeredAt),
    answeredBy: r.answeredBy,
    followUpOff: r.followUpOff,
    reminders,
    lines: r.lines.map((l) => ({
      position: l.position,
      catalogueItemId: l.catalogueItemId,
      description: l.description,
      unit: l.unit,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      discountPct: l.discountPct,
      vatPct: l.vatPct,
      grossCents: l.grossCents,
      discountCents: l.discountCents,
      netCents: l.netCents,
      vatCents: l.vatCents,
      totalCents: l.totalCents,
    })),
  };
}

/** Lines with their amounts, and the quotation's totals (src/contract/commercial/quote-math.ts). */
function priced(input: Input) {
  const lines: LineValues[] = input.lines.map((l, i) => ({
    position: i + 1,
    catalogueItemId: l.catalogueItemId,
    description: l.description,
    unit: l.unit,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    discountPct: l.discountPct,
    vatPct: l.vatPct,
    ...lineAmounts(l),
  }));
  return { lines, totals: quoteTotals(lines as never) };
}

export interface QuotationDeps {
  db: Db;
  mailer: MailQueue;
  links: SignedLinks;
  files: FileStore;
}

export function quotationsService({ db, mailer, links, files }: QuotationDeps) {
  const repo = quotationsRepository;

  /** References must be live rows of the account; the site must be the customer's. */
  async function checkRefs(tx: Tx, actor: Actor, input: Input) {
    const r = repo(tx);
    const errors: Record<string, string[]> = {};
    if (!(await r.customer(actor.accountId, input.customerId))) errors.customerId = ['Choose an existing customer'];
    if (input.siteId) {
      const site = await r.site(actor.accountId, input.siteId);
      if (!site || site.customerId !== input.customerId) errors.siteId = ["Choose one of the customer's sites"];
    }
    const ids = [...new Set(input.lines.map((l) => l.catalogueItemId).filter((x): x is string => !!x))];
    const known = await r.catalogueIds(actor.accountId, ids);
    input.lines.forEach((l, i) => {
      if (l.catalogueItemId && !known.has(l.catalogueItemId))
        errors[`lines.${i}.catalogueItemId`] = ['Choose an item of the price list'];
    });
    if (Object.keys(errors).length) throw fieldError('invalid_reference', errors);
  }

  /** Locks the row and checks it is this account's, live and at the version the caller saw. */
  async function locked(tx: Tx, actor: Actor, id: string, version?: number) {
    const row = await repo(tx).find(actor.accountId, id, true);
    if (!row) throw notFound('No such quotation.');
    if (row.deletedAt) throw deletedError(toQuote(row));
    if (version !== undefined && row.version !== version) throw staleError(toQuote(row));
    return row;
  }

  async function get(tx: Db | Tx, accountId: number, id: string): Promise<Quote> {
    const row = await repo(tx).find(accountId, id);
    if (!row) throw notFound('No such quotation.');
    return toQuote(row, await repo(tx).reminders(accountId, id));
  }

  return {
    get: (actor: Actor, id: string) => get(db, actor.accountId, id),
    winRate: (actor: Actor, months: number) => repo(db).winRate(actor.accountId, months),

    async create(actor: Actor, input: Input): Promise<Quote> {
      return db.transaction(async (tx) => {
        await checkRefs(tx, actor, input);
        const { lines, totals } = priced(input);
        const year = Number(input.issueDate.slice(0, 4));
        const seq = await repo(tx).nextSeq(actor.accountId, year);
        const id = await repo(tx).insert(actor.accountId, {
          number: quoteNumber(year, seq),
          customerId: input.customerId,
          siteId: input.siteId,
          issueDate: input.issueDate,
          validUntil: input.validUntil,
          terms: input.terms,
          paymentTerms: await paymentTermsOf(tx, actor.accountId, input),
          notes: input.notes,
          ...totals,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        });
        await repo(tx).replaceLines(actor.accountId, id, lines);
        const after = await get(tx, actor.accountId, id);
        await audit(tx, { ...who(actor), action: 'create', entity: ENTITY, entityId: id, after });
        return after;
      });
    },

    async update(actor: Actor, id: string, input: Input & { version: number }): Promise<Quote> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, actor, id, input.version);
        if (row.status !== 'draft')
          throw conflict('not_draft', 'Only a draft can be changed. Make a new revision of a sent quotation.');
        await checkRefs(tx, actor, input);
        const { lines, totals } = priced(input);
        await repo(tx).update(actor.accountId, id, actor.userId, {
          customerId: input.customerId,
          siteId: input.siteId,
          issueDate: input.issueDate,
          validUntil: input.validUntil,
          terms: input.terms,
          paymentTerms: await paymentTermsOf(tx, actor.accountId, input),
          notes: input.notes,
          ...totals,
        });
        await repo(tx).replaceLines(actor.accountId, id, lines);
        const after = await get(tx, actor.accountId, id);
        await audit(tx, { ...who(actor), action: 'update', entity: ENTITY, entityId: id, before: toQuote(row), after });
        return after;
      });
    },

    /** Soft delete: drafts only (a sent quotation is part of the record). */
    async remove(actor: Actor, id: string, version: number): Promise<Quote> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, actor, id, version);
        if (row.status !== 'draft') throw conflict('not_draft', 'Only a draft can be deleted.');
        await repo(tx).update(actor.accountId, id, actor.userId, { deletedAt: new Date() });
        const after = await get(tx, actor.accountId, id);
        await audit(tx, { ...who(actor), action: 'delete', entity: ENTITY, entityId: id, before: toQuote(row), after });
        return after;
      });
    },

    async restore(actor: Actor, id: string): Promise<Quote> {
      return db.transaction(async (tx) => {
        const row = await repo(tx).find(actor.accountId, id, true);
        if (!row) throw notFound('No such quotation.');
        if (!row.deletedAt) throw conflict('not_deleted', 'This quotation is not deleted.');
        await repo(tx).update(actor.accountId, id, actor.userId, { deletedAt: null });
        const after = await get(tx, actor.accountId, id);
        await audit(tx, { ...who(actor), action: 'restore', entity: ENTITY, entityId: id, after });
        return after;
      });
    },

    /** accept / decline / expire by the account's staff (a phone call, a signed paper copy). */
    async act(actor: Actor, id: string, action: Exclude<QuoteAction, 'send'>, version: number): Promise<Quote> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, actor, id, version);
        const to = nextStatus(row.status, action);
        if (!to) throw badTransition(row.status, action);
        await repo(tx).update(actor.accountId, id, actor.userId, {
          status: to,
          ...(to === 'accepted' || to === 'declined' ? { answeredAt: new Date(), answeredBy: 'staff' } : {}),
        });
        const after = await get(tx, actor.accountId, id);
        await audit(tx, { ...who(actor), action, entity: ENTITY, entityId: id, before: toQuote(row), after });
        return after;
      });
    },

    /**
     * Marks the draft sent and e-mails it (PDF attached, signed link) inside the same transaction:
     * when the mail cannot be handed over, the quotation stays a draft and can be sent again.
     */
    async send(actor: Actor, id: string, body: { version: number; to?: string | null }, origin: string) {
      return db.transaction(async (tx) => {
        const row = await locked(tx, actor, id, body.version);
        if (!nextStatus(row.status, 'send')) throw badTransition(row.status, 'send');
        if (row.validUntil < today())
          throw conflict('validity_passed', 'The validity date has passed. Change it before sending.');
        const customer = await repo(tx).customer(actor.accountId, row.customerId);
        const to = body.to ?? (customer ? quoteEmailOf(customer.contacts) : null);
        if (!to)
          throw fieldError(
            'validation',
            { to: ['The customer has no contact with an e-mail address'] },
            'Add a contact with an e-mail address to the customer, or give one.',
          );
        // The origin is kept for the follow-up reminders' links when PUBLIC_URL is not set (ADR 059).
        await repo(tx).update(actor.accountId, id, actor.userId, {
          status: 'sent',
          sentAt: new Date(),
          sentTo: to,
          sentOrigin: origin,
        });
        const after = await get(tx, actor.accountId, id);
        const account = await repo(tx).account(actor.accountId);
        const token = await links.sign(QUOTE_LINK, { sub: id, acc: actor.accountId }, linkExpiry(after.validUntil));
        const link = `${origin}${PUBLIC_QUOTE_PAGE}?token=${token}`;
        const pdf = await pdfOf(tx, files, actor.accountId, after);
        await audit(tx, { ...who(actor), action: 'send', entity: ENTITY, entityId: id, before: toQuote(row), after });
        await mailer.send(
          {
            to,
            subject: `Quotation ${after.label} from ${account?.name ?? 'FAMS'}`,
            text: [
              `Dear ${customer?.name ?? 'customer'},`,
              '',
              `Please find our quotation ${after.label} attached (valid until ${after.validUntil}).`,
              '',
              'You can view it and accept or decline it here:',
              link,
              '',
              `${account?.name ?? ''}`,
            ].join('\n'),
            attachments: [{ filename: fileName(after), content: pdf, contentType: 'application/pdf' }],
          },
          tx,
        );
        return after;
      });
    },

    /** A new draft revision: same number, next revision, lines copied; a sent original is superseded. */
    async revise(actor: Actor, id: string, version: number): Promise<Quote> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, actor, id, version);
        if (!REVISABLE.includes(row.status))
          throw conflict('bad_transition', `A ${row.status} quotation cannot be revised.`);
        const span = Math.max(0, Math.round((Date.parse(row.validUntil) - Date.parse(row.issueDate)) / 86_400_000));
        const issueDate = today();
        const revision = (await repo(tx).lastRevision(actor.accountId, row.number)) + 1;
        const newId = await repo(tx).insert(actor.accountId, {
          number: row.number,
          revision,
          previousId: row.id,
          customerId: row.customerId,
          siteId: row.siteId,
          issueDate,
          validUntil: addDays(issueDate, span),
          terms: row.terms,
          paymentTerms: row.paymentTerms,
          notes: row.notes,
          grossCents: row.grossCents,
          discountCents: row.discountCents,
          netCents: row.netCents,
          vatCents: row.vatCents,
          totalCents: row.totalCents,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        });
        await repo(tx).replaceLines(
          actor.accountId,
          newId,
          row.lines.map(({ accountId: _a, quotationId: _q, ...l }) => l),
        );
        if (row.status === 'sent') await repo(tx).update(actor.accountId, id, actor.userId, { status: 'superseded' });
        const after = await get(tx, actor.accountId, newId);
        await audit(tx, {
          ...who(actor),
          action: 'revise',
          entity: ENTITY,
          entityId: newId,
          before: toQuote(row),
          after,
        });
        return after;
      });
    },

    pdf: async (actor: Actor, id: string) => {
      const quote = await get(db, actor.accountId, id);
      return { fileName: fileName(quote), pdf: await pdfOf(db, files, actor.accountId, quote) };
    },
  };
}
export type QuotationsService = ReturnType<typeof quotationsService>;

/** The quotation's PDF with the account card's (logo, company details) and the customer's details. */
export async function pdfOf(tx: Db | Tx, files: FileStore, accountId: number, quote: Quote) {
  const r = quotationsRepository(tx);
  const account = await r.account(accountId);
  const customer = await r.customer(accountId, quote.customerId);
  const site = quote.siteId ? await r.site(accountId, quote.siteId) : undefined;
  const logo = account?.logoFile ? await files.get(accountId, account.logoFile) : null;
  return quotePdf({
    quote,
    account: {
      letterhead: letterheadOf(account?.name ?? '', account?.card),
      currency: account?.currency ?? 'EUR',
      logo,
    },
    customer: {
      name: customer?.name ?? quote.customerName ?? '',
      billingAddress: customer?.billingAddress ?? '',
      vatNo: customer?.vatNo ?? null,
      registrationNo: customer?.registrationNo ?? null,
    },
    site: site ? { name: site.name, address: site.address } : null,
  });
}

/**
 * A quotation's payment terms as stored (ADR 080): its own text; blank, the account's default (commercial
 * settings), else the customer's payment days. Stored on the quotation, so a sent one keeps its terms.
 */
async function paymentTermsOf(tx: Db | Tx, accountId: number, input: Input): Promise<string> {
  if (input.paymentTerms) return input.paymentTerms;
  const r = quotationsRepository(tx);
  const { paymentTerms } = await r.followUpSettings(accountId);
  if (paymentTerms) return paymentTerms;
  const days = (await r.customer(accountId, input.customerId))?.paymentTermsDays;
  return days ? `${days} days from invoice` : '';
}

export const fileName = (q: Quote) => `${quoteLabel(q).replace(/\s+/g, '-')}.pdf`;

const who = (a: Actor) => ({ accountId: a.accountId, userId: a.userId });
const badTransition = (from: QuoteStatus, action: QuoteAction) =>
  conflict('bad_transition', `A ${from} quotation cannot be ${DONE[action]}.`);
const DONE: Record<QuoteAction, string> = {
  send: 'sent',
  accept: 'accepted',
  decline: 'declined',
  expire: 'marked expired',
};
