import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadBody } from '../../lib/upload-body';
import { API_ROOT } from '../../../src/contract/constants';
import {
  ANOMALY_COLUMNS,
  ML_MAX_BYTES,
  ML_SCORE_PATH,
  ML_THRESHOLDS_PATH,
  ML_TRAINING_PATH,
  MlReport,
  ReportFileQuery,
  ScoreQuery,
  ThresholdsUploadQuery,
  ThresholdsView,
  TRAINING_COLUMNS,
  TrainingQuery,
  VersionParams,
} from '../../../src/contract/ml';
import { screenFor } from '../../../src/contract/screens';
import { actorOf, IdParams } from '../../lib/resource';
import { fromSpec, plainColumn } from '../../lib/resource/export';
import { sendExport } from '../../lib/resource/list-routes';
import { importFiles } from '../imports/files';
import type { ModuleDeps } from '../deps';
import { mlService } from './ml.service';

/** Content types a file may be sent as; the body is streamed to disk, never parsed (as `/DataImports`). */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'text/csv',
  'text/plain',
  'application/json',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const once = <T>(rows: T[]) =>
  (async function* () {
    yield rows as Record<string, unknown>[];
  })();

/** `/MLUpload`'s endpoints (ADR 052): every one under the screen's rule (ThebigBoss). */
export async function mlRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const svc = mlService(db, importFiles(config.dataDir, 'ml'));
  const access = { config: { access: screenFor('/MLUpload')!.rule } };
  const root = `${API_ROOT}${ML_SCORE_PATH}`;
  const thresholds = `${API_ROOT}${ML_THRESHOLDS_PATH}`;

  // Scoped so the pass-through body parser applies to the uploads only.
  await app.register(async (scope) => {
    // The API's JSON parser (server/plugins/json-body.ts) gives way: a JSON history is a file here.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(UPLOAD_TYPES, (_req, payload, done) => done(null, payload));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(root, { ...access, schema: { querystring: ScoreQuery, response: { 201: MlReport } } }, async (req, reply) =>
      reply.code(201).send(await svc.score(actorOf(req), req.query, await uploadBody(req, ML_MAX_BYTES))),
    );
    s.post(
      thresholds,
      { ...access, schema: { querystring: ThresholdsUploadQuery, response: { 201: ThresholdsView } } },
      async (req, reply) =>
        reply.code(201).send(await svc.uploadThresholds(actorOf(req), req.query, await uploadBody(req, 64 * 1024))),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${root}/:id`, { ...access, schema: { params: IdParams, response: { 200: MlReport } } }, async (req) =>
    svc.report(actorOf(req), req.params.id),
  );
  r.get(
    `${root}/:id/file`,
    { ...access, schema: { params: IdParams, querystring: ReportFileQuery } },
    async (req, reply) => {
      const report = await svc.report(actorOf(req), req.params.id);
      const columns = ANOMALY_COLUMNS.flatMap(fromSpec);
      return sendExport(
        reply,
        { format: req.query.format, fileBase: 'anomalies', title: 'Anomalies', columns, zone: 'UTC' },
        once(report.anomalies),
      );
    },
  );
  r.get(`${API_ROOT}${ML_TRAINING_PATH}`, { ...access, schema: { querystring: TrainingQuery } }, async (req, reply) => {
    const rows = await svc.training(actorOf(req), req.query);
    const columns = TRAINING_COLUMNS[req.query.kind].map((c) => plainColumn(c, c, c === 'day' ? 'date' : 'auto'));
    // Plain values (no thousands separators, ISO days): a file for a training pipeline, not for people.
    return sendExport(
      reply,
      { format: 'csv', fileBase: `training-${req.query.kind}-days`, title: 'Training set', columns, zone: 'UTC' },
      once(rows),
    );
  });
  r.get(thresholds, { ...access, schema: { response: { 200: ThresholdsView } } }, async (req) =>
    svc.thresholds(actorOf(req)),
  );
  r.post(
    `${thresholds}/:version/activate`,
    { ...access, schema: { params: VersionParams, response: { 200: ThresholdsView } } },
    async (req) => svc.activate(actorOf(req), req.params.version),
  );
}
