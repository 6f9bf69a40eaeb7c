import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMERCIAL_COLUMNS } from '../../../src/contract/commercial/columns';
import {
  CommercialSettings,
  CommercialSettingsBody,
  FollowUpBody,
  PublicQuote,
  PublicQuoteAnswer,
  PublicTokenQuery,
  QuoteActionBody,
  QuoteCreate,
  QuoteListRow,
  QuoteRow,
  QuoteTotalsBody,
  QuoteUpdate,
  SendQuoteBody,
  WinRateBody,
} from '../../../src/contract/commercial/quotations';
import { QUOTATIONS_LIST, QUOTE_PATHS } from '../../../src/contract/commercial/resources';
import {
  SITES_MAP_PATH,
  siteLocationPath,
  SitesMapQuery,
  SitesMapResponse,
} from '../../../src/contract/commercial/sites';
import { roundCoordinate, StoreLocation, StoreLocationBody } from '../../../src/contract/store-locator';
import { API_ROOT } from '../../../src/contract/constants';
import { ListQuery } from '../../../src/contract/list';
import { VersionQuery } from '../../../src/contract/resource';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { MailQueue } from '../../lib/mail-queue';
import { actorOf, IdParams, registerListRoutes, registerResource, resourceService, specList } from '../../lib/resource';
import type { SignedLinks } from '../../lib/signed-links';
import { linkOrigin } from '../../lib/public-origin';
import type { ModuleDeps } from '../deps';
import { mapStyleService } from '../admin/map-style.service';
import { screenRules } from '../setup/rules';
import { catalogueResource } from './catalogue.resource';
import { customersResource } from './customers.resource';
import { documentsRoutes } from './documents.routes';
import { followUpsService } from './follow-ups.service';
import { quotationsSpec, quotationTotals, toListRow } from './quotations.list';
import { quoteLinksService } from './quote-links.service';
import { quotationsService } from './quotations.service';
import { sitesMapService } from './sites-map.service';
import { sitesResource } from './sites.resource';

export interface CommercialDeps {
  db: Db;
  mailer: MailQueue;
  links: SignedLinks;
  files: FileStore;
}

const url = (p: string) => `${API_ROOT}${p}`;
const manage = screenRules('/quotations').write;
const edit = screenRules('/quotation').write;
const view = screenRules('/viewquotations').read;

/** Customers, sites, the price list and quotations (issue 16, ADR 039). */
export async function commercialRoutes(app: FastifyInstance, moduleDeps: ModuleDeps) {
  const { db, mailer, links, config, files } = moduleDeps;
  const deps: CommercialDeps = { db, mailer, links, files };
  registerResource(app, resourceService(db, customersResource), { columns: COMMERCIAL_COLUMNS.customers });
  const sites = resourceService(db, sitesResource);
  registerResource(app, sites, { columns: COMMERCIAL_COLUMNS.sites });
  registerResource(app, resourceService(db, catalogueResource), { columns: COMMERCIAL_COLUMNS.catalogue });
  await documentsRoutes(app, moduleDeps);

  const svc = quotationsService(deps);
  const pub = quoteLinksService(deps);
  const followUps = followUpsService(db, svc.get);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The sites on the map (ADR 059): read with the list's rule; a placed or dragged pin is the sites
  // resource's patch (version check, tenant scope, audit `update`), as the store locator's stores.
  const sitesMap = sitesMapService(db);
  const styles = mapStyleService(db, moduleDeps.map);
  const siteRules = screenRules('/Customersitelist');
  r.get(
    url(SITES_MAP_PATH),
    {
      config: { access: siteRules.read },
      schema: { querystring: SitesMapQuery, response: { 200: SitesMapResponse } },
    },
    async (req) => ({
      styleUrl: await styles.styleUrl(req.auth.accountId),
      ...(await sitesMap.sites(req.auth.accountId, req.query.customerId)),
    }),
  );
  r.put(
    url(siteLocationPath(':id')),
    {
      config: { access: siteRules.write },
      schema: { params: IdParams, body: StoreLocationBody, response: { 200: StoreLocation } },
    },
    async (req) => {
      const { latitude, longitude, version } = req.body;
      const row = await sites.patch(actorOf(req), req.params.id, version, () => ({
        latitude: roundCoordinate(latitude),
        longitude: roundCoordinate(longitude),
      }));
      return { id: row.id, lat: row.latitude!, lng: row.longitude!, version: row.version };
    },
  );
  const base = url(QUOTATIONS_LIST.path);

  registerListRoutes(app, {
    url: base,
    rule: view,
    row: QuoteListRow,
    fileBase: 'quotations',
    title: QUOTATIONS_LIST.title,
    columns: COMMERCIAL_COLUMNS.quotations,
    ...specList(db, quotationsSpec, toListRow as never),
  });
  r.get(
    url(QUOTE_PATHS.totals),
    { config: { access: view }, schema: { querystring: ListQuery, response: { 200: QuoteTotalsBody } } },
    async (req) => quotationTotals(db, actorOf(req), req.query),
  );
  r.get(
    url(QUOTE_PATHS.winRate),
    {
      config: { access: manage },
      schema: { querystring: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }) },
    },
    async (req) => WinRateBody.parse({ months: await svc.winRate(actorOf(req), req.query.months) }),
  );
  r.get(
    url(QUOTE_PATHS.settings),
    { config: { access: view }, schema: { response: { 200: CommercialSettings } } },
    async (req) => followUps.settings(actorOf(req)),
  );
  r.put(
    url(QUOTE_PATHS.settings),
    { config: { access: manage }, schema: { body: CommercialSettingsBody, response: { 200: CommercialSettings } } },
    async (req) => followUps.saveSettings(actorOf(req), req.body),
  );
  r.put(
    url(QUOTE_PATHS.followUp(':id')),
    { config: { access: manage }, schema: { params: IdParams, body: FollowUpBody, response: { 200: QuoteRow } } },
    async (req) => followUps.setFollowUp(actorOf(req), req.params.id, req.body.off),
  );
  r.get(
    `${base}/:id`,
    { config: { access: view }, schema: { params: IdParams, response: { 200: QuoteRow } } },
    async (req) => svc.get(actorOf(req), req.params.id),
  );
  r.get(`${base}/:id/pdf`, { config: { access: view }, schema: { params: IdParams } }, async (req, reply) => {
    const { fileName, pdf } = await svc.pdf(actorOf(req), req.params.id);
    return sendPdf(reply, fileName, pdf, 'attachment');
  });
  r.post(
    base,
    { config: { access: edit }, schema: { body: QuoteCreate, response: { 201: QuoteRow } } },
    async (req, reply) => reply.code(201).send(await svc.create(actorOf(req), req.body)),
  );
  r.put(
    `${base}/:id`,
    { config: { access: edit }, schema: { params: IdParams, body: QuoteUpdate, response: { 200: QuoteRow } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    { config: { access: edit }, schema: { params: IdParams, querystring: VersionQuery, response: { 200: QuoteRow } } },
    async (req) => {
      if (req.query.version === undefined)
        throw badRequest('Say which version you are deleting.', { version: ['version is required'] });
      return svc.remove(actorOf(req), req.params.id, req.query.version);
    },
  );
  r.post(
    `${base}/:id/restore`,
    { config: { access: edit }, schema: { params: IdParams, response: { 200: QuoteRow } } },
    async (req) => svc.restore(actorOf(req), req.params.id),
  );
  r.post(
    `${base}/:id/send`,
    { config: { access: edit }, schema: { params: IdParams, body: SendQuoteBody, response: { 200: QuoteRow } } },
    async (req) => svc.send(actorOf(req), req.params.id, req.body, linkOrigin(config)),
  );
  r.post(
    `${base}/:id/status`,
    {
      config: { access: manage },
      schema: {
        params: IdParams,
        body: QuoteActionBody.extend({ action: z.enum(['accept', 'decline', 'expire']) }),
        response: { 200: QuoteRow },
      },
    },
    async (req) => svc.act(actorOf(req), req.params.id, req.body.action, req.body.version),
  );
  r.post(
    `${base}/:id/revise`,
    {
      config: { access: manage },
      schema: {
        params: IdParams,
        body: z.strictObject({ version: z.number().int().min(1) }),
        response: { 201: QuoteRow },
      },
    },
    async (req, reply) => reply.code(201).send(await svc.revise(actorOf(req), req.params.id, req.body.version)),
  );

  // The customer's side: no account, the signed link is the permission (ADR 039).
  r.get(
    url(QUOTE_PATHS.publicView),
    { config: { access: 'public' }, schema: { querystring: PublicTokenQuery, response: { 200: PublicQuote } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pub.publicView(req.query.token);
    },
  );
  r.get(
    url(QUOTE_PATHS.publicPdf),
    { config: { access: 'public' }, schema: { querystring: PublicTokenQuery } },
    async (req, reply) => {
      const { fileName, pdf } = await pub.publicPdf(req.query.token);
      return sendPdf(reply, fileName, pdf, 'inline');
    },
  );
  r.post(
    url(QUOTE_PATHS.publicAnswer),
    { config: { access: 'public' }, schema: { body: PublicQuoteAnswer, response: { 200: PublicQuote } } },
    async (req) => pub.publicAnswer(req.body),
  );
}

function sendPdf(
  reply: import('fastify').FastifyReply,
  fileName: string,
  pdf: Buffer,
  disposition: 'inline' | 'attachment',
) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `${disposition}; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(pdf);
}
