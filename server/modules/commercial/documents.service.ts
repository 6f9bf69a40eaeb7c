import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeStream } from 'file-type';
import { satisfies } from '../../../src/contract/access';
import { quoteEmailOf } from '../../../src/contract/commercial/customers';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  INLINE_TYPES,
  type DocumentVersion,
  type LibraryRow,
  type ShareResult,
} from '../../../src/contract/commercial/documents';
import { DOCUMENT_PATHS, SHARE_LINK_DAYS } from '../../../src/contract/commercial/resources';
import { API_ROOT } from '../../../src/contract/constants';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { FileTooLarge, type FileStore } from '../../lib/files';
import type { MailQueue } from '../../lib/mail-queue';
import { iso, type Actor } from '../../lib/resource';
import type { SignedLinks } from '../../lib/signed-links';
import { documentsRepository as repo } from './documents.repository';

export const DOCUMENT_LINK = 'document';
const ENTITY = 'document';
const MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

// The rest of the body is not read: close the connection rather than drain it.
export const tooLarge = () =>
  new AppError(413, 'too_large', `The file is larger than ${MB} MB.`, 'File too large', undefined, {
    connection: 'close',
  });
const badType = (found?: string) =>
  new AppError(
    415,
    'unsupported_type',
    `${found ? `This file is ${found.toUpperCase()} by its content` : 'The type of this file cannot be recognised'}: upload a PDF, an image (PNG, JPEG, GIF, WebP) or an Office file.`,
    'File type not accepted',
  );
const linkRefused = (reason: 'expired' | 'invalid') =>
  reason === 'expired'
    ? new AppError(
        410,
        'link_expired',
        'This link has expired. Ask the sender to share the document again.',
        'Link expired',
      )
    : new AppError(403, 'link_invalid', 'This link is not valid (any more).', 'Link not valid');

/** The file's name as a Content-Disposition header (ASCII fallback plus the UTF-8 name). */
export function disposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
  mime: string;
  fileName: string;
  inline: boolean;
}

/**
 * Document files, versions, sharing with customers and the customer's signed link (ADR 043).
 * The document record itself is a resource (documents.resource.ts).
 */
export function documentsService({
  db,
  files,
  mailer,
  links,
}: {
  db: Db;
  files: FileStore;
  mailer: MailQueue;
  links: SignedLinks;
}) {
  const isAdmin = (a: Actor) => satisfies(a.roles, 'admin');

  async function open(
    accountId: number,
    documentId: string,
    versionNo: number,
    download: boolean,
  ): Promise<OpenedFile> {
    const file = await repo(db).file(accountId, documentId, versionNo);
    const bytes = file && (await files.open(accountId, file.fileKey));
    if (!file || !bytes) throw notFound('No such file.');
    return {
      ...bytes,
      mime: file.mime,
      fileName: file.fileName,
      inline: !download && INLINE_TYPES.includes(file.mime),
    };
  }

  return {
    /**
     * A new version of a document: the bytes are streamed to the file store through a size meter,
     * after the first bytes showed an accepted type (magic numbers, not the name). The version row
     * is written only once the file is whole; a refused upload leaves nothing behind.
     */
    async upload(actor: Actor, id: string, fileName: string, body: Readable) {
      const found = await repo(db).find(actor.accountId, id);
      if (!found) throw notFound();
      if (found.deletedAt) throw new AppError(409, 'deleted', 'This document was deleted. Restore it first.');
      // (cast: file-type's overloads do not pick up this @types/node's Readable)
      const sniffed = (await fileTypeStream(body as never, { sampleSize: 64 * 1024 })) as unknown as Readable & {
        fileType?: { ext: string; mime: string };
      };
      const mime = sniffed.fileType?.mime;
      if (!mime || !DOCUMENT_TYPES[mime]) {
        body.resume(); // drain, so the client gets the answer
        throw badType(sniffed.fileType?.ext);
      }
      const key = `documents/${id}/${crypto.randomUUID()}`;
      let stored;
      try {
        stored = await files.putStream(actor.accountId, key, sniffed, DOCUMENT_MAX_BYTES);
      } catch (e) {
        if (e instanceof FileTooLarge) throw tooLarge();
        throw e;
      }
      try {
        return await db.transaction(async (tx) => {
          const before = await repo(tx).find(actor.accountId, id, true);
          if (!before || before.deletedAt) throw notFound();
          const versionNo = (await repo(tx).lastVersionNo(actor.accountId, id)) + 1;
          const v = { versionNo, fileKey: key, fileName, mime, sizeBytes: stored.size, sha256: stored.sha256 };
          await repo(tx).addVersion(actor.accountId, id, actor.userId, v);
          await audit(tx, {
            accountId: actor.accountId,
            userId: actor.userId,
            action: 'upload',
            entity: ENTITY,
            entityId: id,
            before: { currentVersion: before.currentVersion, fileName: before.fileName },
            after: { currentVersion: versionNo, fileName, mime, sizeBytes: stored.size, sha256: stored.sha256 },
          });
        });
      } catch (e) {
        await files.remove(actor.accountId, key);
        throw e;
      }
    },

    async versions(actor: Actor, id: string): Promise<DocumentVersion[]> {
      if (!(await repo(db).find(actor.accountId, id))) throw notFound();
      return (await repo(db).versions(actor.accountId, id)).map((v) => ({
        ...v,
        sizeBytes: Number(v.sizeBytes),
        uploadedAt: iso(v.uploadedAt),
      }));
    },

    /**
     * A document's file for a signed-in user: any version for the owning account's admins; the
     * current one for those who see it on `/Documents` (the account's staff documents, system
     * documents published to one of their roles). Anything else is 404, never another tenant's file.
     */
    async file(actor: Actor, id: string, v: number | undefined, download: boolean): Promise<OpenedFile> {
      const row = await repo(db).findAnywhere(id);
      if (!row || row.currentVersion === null) throw notFound('No such file.');
      const own = row.accountId === actor.accountId;
      if (own && isAdmin(actor)) return open(row.accountId, id, v ?? row.currentVersion, download);
      const boss = actor.roles.includes('ThebigBoss');
      const seen =
        !row.deletedAt &&
        ((own && row.staffVisible) ||
          (row.system && (boss || !row.systemRoles.length || row.systemRoles.some((r) => actor.roles.includes(r)))));
      if (!seen || (v !== undefined && v !== row.currentVersion)) throw notFound('No such file.');
      return open(row.accountId, id, row.currentVersion, download);
    },

    /** The dashboard's card: documents expiring within EXPIRY_WARNING_DAYS (or lately expired). */
    async expiring(actor: Actor, days: number) {
      return { withinDays: days, documents: await repo(db).expiring(actor.accountId, days) };
    },

    async library(actor: Actor, q?: string): Promise<LibraryRow[]> {
      const rows = await repo(db).library(actor.accountId, actor.roles, actor.roles.includes('ThebigBoss'), q);
      return rows.map((r) => ({
        ...r,
        fileName: r.fileName ?? '',
        mime: r.mime ?? '',
        sizeBytes: Number(r.sizeBytes ?? 0),
        currentVersion: r.currentVersion ?? 0,
        updatedAt: iso(r.updatedAt),
      }));
    },

    /**
     * Shares documents with customers and e-mails each customer's contact one message with a
     * signed link per document. All in one transaction: if a mail cannot be handed over, nothing
     * is shared (as a quotation's send).
     */
    async share(
      actor: Actor,
      body: { documentIds: string[]; customerIds: string[] | 'all'; message: string },
      origin: string,
    ): Promise<ShareResult> {
      return db.transaction(async (tx) => {
        const docs = await repo(tx).liveDocuments(actor.accountId, body.documentIds);
        const missing = body.documentIds.filter((id) => !docs.some((d) => d.id === id));
        const noFile = docs.filter((d) => d.currentVersion === null);
        const custs = await repo(tx).liveCustomers(actor.accountId, body.customerIds);
        const missingCust =
          body.customerIds === 'all' ? [] : body.customerIds.filter((id) => !custs.some((c) => c.id === id));
        const errors: Record<string, string[]> = {};
        if (missing.length) errors.documentIds = ['Choose existing documents'];
        else if (noFile.length) errors.documentIds = [`No file uploaded yet: ${noFile.map((d) => d.title).join(', ')}`];
        if (missingCust.length) errors.customerIds = ['Choose existing customers'];
        if (body.customerIds === 'all' && !custs.length) errors.customerIds = ['The account has no customers yet'];
        if (Object.keys(errors).length)
          throw new AppError(422, 'validation', 'Check the documents and customers.', undefined, errors);

        const account = (await repo(tx).accountName(actor.accountId)) ?? 'FAMS';
        const expires = new Date(Date.now() + SHARE_LINK_DAYS * 86_400_000);
        const result: ShareResult = { shared: 0, mailed: [], notMailed: [] };
        for (const c of custs) {
          const email = quoteEmailOf(c.contacts);
          const lines: string[] = [];
          for (const d of docs) {
            const shareId = await repo(tx).upsertShare(actor.accountId, actor.userId, d.id, c.id, email);
            const token = await links.sign(DOCUMENT_LINK, { sub: shareId, acc: actor.accountId }, expires);
            lines.push(`${d.title}:`, `${origin}${API_ROOT}${DOCUMENT_PATHS.publicOpen}?token=${token}`, '');
            result.shared++;
            await audit(tx, {
              accountId: actor.accountId,
              userId: actor.userId,
              action: 'share',
              entity: ENTITY,
              entityId: d.id,
              after: { customerId: c.id, customer: c.name, sentTo: email },
            });
          }
          if (!email) {
            result.notMailed.push({ customerId: c.id, name: c.name });
            continue;
          }
          await mailer.send(
            {
              to: email,
              subject:
                docs.length === 1 ? `${docs[0].title} from ${account}` : `${docs.length} documents from ${account}`,
              text: [
                `Dear ${c.name},`,
                '',
                ...(body.message ? [body.message, ''] : []),
                `${account} shared ${docs.length === 1 ? 'a document' : 'documents'} with you. Open ${docs.length === 1 ? 'it' : 'them'} here (links valid ${SHARE_LINK_DAYS} days):`,
                '',
                ...lines,
                account,
              ].join('\n'),
            },
            tx,
          );
          result.mailed.push({ customerId: c.id, name: c.name, email });
        }
        return result;
      });
    },

    async withdraw(actor: Actor, shareId: string) {
      return db.transaction(async (tx) => {
        const row = await repo(tx).withdraw(actor.accountId, shareId, actor.userId);
        if (!row) throw notFound('No such share (or it was already withdrawn).');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'unshare',
          entity: ENTITY,
          entityId: row.documentId,
          before: { customerId: row.customerId },
        });
        return { ok: true };
      });
    },

    /**
     * The customer's signed link: checks the link, the share and the document, then counts the
     * opening and streams the current file. A refused link counts nothing.
     */
    async publicOpen(token: string): Promise<OpenedFile> {
      const check = await links.verify(DOCUMENT_LINK, token);
      if (!check.ok) throw linkRefused(check.reason);
      const { acc, sub } = check.claims;
      const share = await repo(db).share(acc, sub);
      const row = share && !share.deletedAt ? await repo(db).find(acc, share.documentId) : null;
      if (!row || row.deletedAt || row.currentVersion === null) throw linkRefused('invalid');
      const opened = await open(acc, row.id, row.currentVersion, false);
      await repo(db).recordOpen(acc, sub);
      return opened;
    },
  };
}
