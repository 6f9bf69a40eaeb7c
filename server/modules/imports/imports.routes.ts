import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadBody } from '../../lib/upload-body';
import { API_ROOT } from '../../../src/contract/constants';
import {
  IMPORT_JOB_COLUMNS,
  IMPORT_JOBS_LIST,
  IMPORT_MAX_BYTES,
  ImportJob,
  ImportPreview,
  MappingBody,
  UploadQuery,
} from '../../../src/contract/imports';
import { actorOf, IdParams, registerListRoutes, specList } from '../../lib/resource';
import type { ModuleDeps } from '../deps';
import { importFiles } from './files';
import { jobsListSpec } from './imports.repository';
import { importsService, toJob } from './imports.service';
import { importRunner } from './runner';

/** Content types an upload may be sent as; the body is never parsed, only streamed to disk. */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/**
 * `/DataImports` endpoints (src/contract/imports.ts), rule `editor`, plus the target's own rule.
 * The upload is the raw file as the request body (no multipart): one stream straight to disk,
 * nothing buffered, and a client needs no form encoding to send it.
 */
export async function importsRoutes(app: FastifyInstance, { db, config, setup: services }: ModuleDeps) {
  const files = importFiles(config.dataDir);
  // With the embedded database this is the only server on its data directory (fams.lock).
  const singleInstance = !config.databaseUrl;
  const runner = importRunner({ db, files, services, log: app.log, singleInstance });
  await runner.recover();
  app.addHook('onClose', () => runner.close());
  const svc = importsService({ db, files, services, runner });
  const url = `${API_ROOT}${IMPORT_JOBS_LIST.path}`;

  registerListRoutes(app, {
    url,
    rule: 'editor',
    row: ImportJob,
    fileBase: 'imports',
    title: IMPORT_JOBS_LIST.title,
    columns: IMPORT_JOB_COLUMNS,
    ...specList(db, jobsListSpec, toJob),
  });

  // Scoped so the pass-through body parser applies to the upload only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      url,
      {
        config: { access: 'editor' },
        schema: { querystring: UploadQuery, response: { 201: ImportJob } },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        svc.checkTarget(actor, req.query.target);
        return reply.code(201).send(await svc.upload(actor, req.query, await uploadBody(req, IMPORT_MAX_BYTES)));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${url}/:id`,
    {
      config: { access: 'editor' },
      schema: { params: IdParams, response: { 200: ImportJob } },
    },
    async (req) => svc.get(actorOf(req), req.params.id),
  );

  r.post(
    `${url}/:id/preview`,
    {
      config: { access: 'editor' },
      schema: { params: IdParams, body: MappingBody, response: { 200: ImportPreview } },
    },
    async (req) => svc.preview(actorOf(req), req.params.id, req.body.mapping),
  );

  r.post(
    `${url}/:id/run`,
    {
      config: { access: 'editor' },
      schema: { params: IdParams, body: MappingBody, response: { 202: ImportJob } },
    },
    async (req, reply) => reply.code(202).send(await svc.run(actorOf(req), req.params.id, req.body.mapping)),
  );

  r.get(
    `${url}/:id/report`,
    {
      config: { access: 'editor' },
      schema: { params: IdParams, querystring: z.object({}).strict() },
    },
    async (req, reply) => {
      const { stream, name } = await svc.report(actorOf(req), req.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(stream);
    },
  );
  return { runner };
}
