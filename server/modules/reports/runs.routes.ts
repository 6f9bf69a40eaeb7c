import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { satisfies } from '../../../src/contract/access';
import { API_ROOT } from '../../../src/contract/constants';
import {
  FAVOURITES_PATH,
  FavouriteParams,
  Favourites,
  HISTORY_COLUMNS,
  HISTORY_LIST,
  RUNS_PATH,
  RunList,
  RunStart,
  RunView,
} from '../../../src/contract/report-runs';
import { screenFor } from '../../../src/contract/screens';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { CONTENT_TYPES } from '../../lib/resource/export';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { HISTORY_SPEC, historyRow } from './history.list';
import type { BossProvider } from '../../lib/jobs';
import { runsService, type RunReader } from './runs.service';

const IdParams = z.object({ id: z.uuid({ error: 'Not a run id' }) });

/**
 * Report runs (ADR 033). `/ReportList`'s rule starts runs and reads the user's own (recent runs,
 * favourites); `/ReportHistory`'s rule (admin) reads every run of the account. A run and its file
 * are answered to their owner or to a history reader, so those two routes check that themselves.
 */
export function runsRoutes(app: FastifyInstance, db: DbOrTx, deps: { files: FileStore; boss: BossProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const runs = runsService(db, deps.files);
  const listRule = screenFor('/ReportList')!.rule;
  const historyRule = screenFor(HISTORY_LIST.screen)!.rule;
  const url = `${API_ROOT}${RUNS_PATH}`;
  /** History readers see the account's runs; report users their own; others none. */
  const reader = (req: FastifyRequest): RunReader => {
    const actor = actorOf(req);
    if (satisfies(actor.roles, historyRule)) return { ...actor, all: true };
    if (satisfies(actor.roles, listRule)) return { ...actor, all: false };
    throw forbidden('You may not read report runs.');
  };

  r.post(
    url,
    {
      config: { access: listRule, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: RunStart, response: { 202: RunView } },
    },
    async (req, reply) => reply.status(202).send(await runs.start(actorOf(req), req.body, deps.boss)),
  );

  r.get(url, { config: { access: listRule }, schema: { response: { 200: RunList } } }, async (req) => ({
    runs: await runs.recent(actorOf(req)),
  }));

  registerListRoutes(app, {
    url: `${API_ROOT}${HISTORY_LIST.path}`,
    rule: historyRule,
    row: RunView,
    fileBase: 'report-history',
    title: HISTORY_LIST.title,
    columns: HISTORY_COLUMNS,
    ...specList(db, HISTORY_SPEC, historyRow),
  });

  r.get(
    `${url}/:id`,
    { config: { access: 'everybody' }, schema: { params: IdParams, response: { 200: RunView } } },
    async (req) => runs.get(reader(req), req.params.id),
  );

  r.get(`${url}/:id/file`, { config: { access: 'everybody' }, schema: { params: IdParams } }, async (req, reply) => {
    const f = await runs.file(reader(req), req.params.id);
    reply.header('content-type', f.format === 'pdf' ? 'application/pdf' : CONTENT_TYPES[f.format]);
    reply.header('content-disposition', `attachment; filename="${f.name}"`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(f.data);
  });

  const favUrl = `${API_ROOT}${FAVOURITES_PATH}`;
  r.get(favUrl, { config: { access: listRule }, schema: { response: { 200: Favourites } } }, async (req) => ({
    reports: (await runs.repo.favourites.list(req.auth.accountId, req.auth.userId)) as z.infer<
      typeof Favourites
    >['reports'],
  }));
  for (const method of ['PUT', 'DELETE'] as const) {
    r.route({
      method,
      url: `${favUrl}/:report`,
      config: { access: listRule },
      schema: { params: FavouriteParams, response: { 200: Favourites } },
      handler: async (req) => {
        const fav = runs.repo.favourites;
        const { accountId, userId } = req.auth;
        if (method === 'PUT') await fav.add(accountId, userId, req.params.report);
        else await fav.remove(accountId, userId, req.params.report);
        return { reports: (await fav.list(accountId, userId)) as z.infer<typeof Favourites>['reports'] };
      },
    });
  }
}
