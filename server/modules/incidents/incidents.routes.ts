import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  INCIDENT_COLUMNS,
  INCIDENT_ERRORS,
  INCIDENT_STEP_NAMES,
  INCIDENTS_LIST,
  IncidentRow,
  PHOTO_MAX_BYTES,
  StepInput,
} from '../../../src/contract/incidents';
import { AppError } from '../../lib/errors';
import { actorOf, IdParams, registerResource } from '../../lib/resource';
import { incidentsService } from './incidents.service';
import { tooLarge } from './photos';
import type { ModuleDeps } from '../deps';

const PhotoParams = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  photoId: z.uuid({ error: 'Not a valid photo id' }),
});

/**
 * `/incidents` (`/IncidentReport`, rule admin): the resource endpoints, the workflow steps
 * (`POST /incidents/:id/start|close|reopen {version}`) and photos: `POST /incidents/:id/photos` with
 * the image itself as the body (any declared type: the content decides), `GET …/photos/:photoId`
 * (and `/thumb`) served only to the incident's account, `DELETE …/photos/:photoId`.
 */
export async function incidentsRoutes(app: FastifyInstance, { db, files }: ModuleDeps) {
  const svc = incidentsService(db, files);
  const { read, write } = svc.def.rules;
  const url = `${API_ROOT}${INCIDENTS_LIST.path}`;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, svc, { columns: INCIDENT_COLUMNS });

  for (const step of INCIDENT_STEP_NAMES) {
    r.post(
      `${url}/:id/${step}`,
      { config: { access: write }, schema: { params: IdParams, body: StepInput, response: { 200: IncidentRow } } },
      async (req) => svc.step(actorOf(req), req.params.id, step, req.body.version),
    );
  }

  for (const thumb of [false, true]) {
    r.get(
      `${url}/:id/photos/:photoId${thumb ? '/thumb' : ''}`,
      { config: { access: read }, schema: { params: PhotoParams } },
      async (req, reply) => {
        const f = await svc.photoFile(actorOf(req), req.params.id, req.params.photoId, thumb);
        reply.header('content-type', f.contentType);
        // A photo never changes under its id; only this browser's session may keep it.
        reply.header('cache-control', 'private, max-age=86400, immutable');
        return reply.send(f.data);
      },
    );
  }

  r.delete(
    `${url}/:id/photos/:photoId`,
    { config: { access: write }, schema: { params: PhotoParams, response: { 200: IncidentRow } } },
    async (req) => svc.removePhoto(actorOf(req), req.params.id, req.params.photoId),
  );

  // Scoped so the raw-bytes body parser applies to the upload only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${url}/:id/photos`,
      {
        config: { access: write },
        bodyLimit: PHOTO_MAX_BYTES,
        schema: { params: IdParams, response: { 201: IncidentRow } },
        // Fastify's own 413 (content-length over the limit) with our words.
        errorHandler: (err, _req, reply) => {
          if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err; // the app's handler
          return reply.status(413 as never).send(tooLarge().body() as never);
        },
      },
      async (req, reply) => {
        if (!Buffer.isBuffer(req.body))
          throw new AppError(400, INCIDENT_ERRORS.photo, 'Send the photo itself as the request body.');
        return reply.code(201).send(await svc.addPhoto(actorOf(req), req.params.id, req.body));
      },
    );
  });
}
