import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMERCIAL_COLUMNS } from '../../../src/contract/commercial/columns';
import {
  DOCUMENT_MAX_BYTES,
  DocumentRow,
  DocumentShareRow,
  DocumentVersions,
  EXPIRY_WARNING_DAYS,
  ExpiringDocuments,
  FileQuery,
  LibraryBody,
  LibraryQuery,
  PublicDocumentQuery,
  ShareBody,
  ShareResult,
  UploadDocumentQuery,
  WithdrawResult,
} from '../../../src/contract/commercial/documents';
import { COMMERCIAL_RESOURCES, DOCUMENT_PATHS, DOCUMENT_SHARES_LIST } from '../../../src/contract/commercial/resources';
import { uploadBody } from '../../lib/upload-body';
import { API_ROOT } from '../../../src/contract/constants';
import { AppError } from '../../lib/errors';
import { actorOf, IdParams, registerListRoutes, registerResource, resourceService, specList } from '../../lib/resource';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';
import { screenRules } from '../setup/rules';
import { documentSharesSpec, toShareRow } from './document-shares.list';
import { documentsResource } from './documents.resource';
import { disposition, documentsService, tooLarge, type OpenedFile } from './documents.service';

const url = (p: string) => `${API_ROOT}${p}`;
const admin = screenRules('/Documentlist').write;
const share = screenRules('/DocumenttoCustomer').write;
const perCustomer = screenRules('/DocumentCustomer').read;
const library = screenRules('/Documents').read;

/** Documents: `/Documentlist`, `/DocumenttoCustomer`, `/DocumentCustomer`, `/Documents` (issue 16, ADR 043). */
export async function documentsRoutes(app: FastifyInstance, { db, files, mailer, links, config }: ModuleDeps) {
  const resources = resourceService(db, documentsResource);
  registerResource(app, resources, { columns: COMMERCIAL_COLUMNS.documents });
  const svc = documentsService({ db, files, mailer, links });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = url(COMMERCIAL_RESOURCES.documents.path);

  // The file is the raw request body (as imports): streamed through the type sniffer and a size
  // meter into the file store, never parsed or buffered whole. Scoped so the parser applies here only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${base}/:id/files`,
      {
        config: { access: admin },
        schema: { params: IdParams, querystring: UploadDocumentQuery, response: { 201: DocumentRow } },
      },
      async (req, reply) => {
        const body = await uploadBody(req, DOCUMENT_MAX_BYTES, tooLarge);
        const actor = actorOf(req);
        await svc.upload(actor, req.params.id, req.query.fileName, body);
        return reply.code(201).send((await resources.get(actor, req.params.id)) as never);
      },
    );
  });

  r.get(
    `${base}/:id/versions`,
    { config: { access: admin }, schema: { params: IdParams, response: { 200: DocumentVersions } } },
    async (req) => ({ items: await svc.versions(actorOf(req), req.params.id) }),
  );
  // Everybody: the service lets each user reach only what `/Documents` shows them (or all, for the owning admin).
  r.get(
    `${base}/:id/file`,
    { config: { access: library }, schema: { params: IdParams, querystring: FileQuery } },
    async (req, reply) =>
      sendFile(reply, await svc.file(actorOf(req), req.params.id, req.query.v, req.query.download === '1')),
  );
  // The admin's dashboard card (issue 16): certificates and other documents about to lapse.
  r.get(
    url(DOCUMENT_PATHS.expiring),
    { config: { access: admin }, schema: { response: { 200: ExpiringDocuments } } },
    async (req) => svc.expiring(actorOf(req), EXPIRY_WARNING_DAYS),
  );
  r.get(
    url(DOCUMENT_PATHS.library),
    { config: { access: library }, schema: { querystring: LibraryQuery, response: { 200: LibraryBody } } },
    async (req) => ({ items: await svc.library(actorOf(req), req.query.q) }),
  );
  r.post(
    url(DOCUMENT_PATHS.share),
    { config: { access: share }, schema: { body: ShareBody, response: { 200: ShareResult } } },
    async (req) => svc.share(actorOf(req), req.body, linkOrigin(config)),
  );

  const shares = url(DOCUMENT_SHARES_LIST.path);
  registerListRoutes(app, {
    url: shares,
    rule: perCustomer,
    row: DocumentShareRow,
    fileBase: 'document-shares',
    title: DOCUMENT_SHARES_LIST.title,
    columns: COMMERCIAL_COLUMNS.documentShares,
    ...specList(db, documentSharesSpec, toShareRow),
  });
  r.delete(
    `${shares}/:id`,
    { config: { access: share }, schema: { params: IdParams, response: { 200: WithdrawResult } } },
    async (req) => svc.withdraw(actorOf(req), req.params.id),
  );

  // The customer's side: no account, the signed link is the permission. A browser gets a short
  // page when the link is refused, other clients the usual error body.
  r.get(
    url(DOCUMENT_PATHS.publicOpen),
    { config: { access: 'public' }, schema: { querystring: PublicDocumentQuery } },
    async (req, reply) => {
      try {
        return sendFile(reply, await svc.publicOpen(req.query.token));
      } catch (e) {
        if (!(e instanceof AppError) || !req.headers.accept?.includes('text/html')) throw e;
        reply.header('cache-control', 'no-store');
        return reply.code(e.statusCode).type('text/html; charset=utf-8').send(refusedPage(e));
      }
    },
  );
}

function sendFile(reply: FastifyReply, f: OpenedFile) {
  reply.header('content-type', f.mime);
  reply.header('content-length', String(f.size));
  reply.header('content-disposition', disposition(f.inline ? 'inline' : 'attachment', f.fileName));
  reply.header('x-content-type-options', 'nosniff');
  // Whatever a browser makes of a file opened in place, it runs nothing of it (ADR 074).
  reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  reply.header('cache-control', 'private, no-store');
  return reply.send(f.stream);
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
function refusedPage(e: AppError) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(e.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${esc(e.title)}</h1><p>${esc(e.message)}</p></body></html>`;
}
