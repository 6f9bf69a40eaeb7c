import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { RunView } from '../../../src/contract/report-runs';
import { SCHEDULE_COLUMNS, SCHEDULE_LIST, ScheduleRecipients } from '../../../src/contract/report-schedule';
import type { Db } from '../../db/client';
import { actorOf, IdParams, registerResource } from '../../lib/resource';
import type { BossProvider } from '../../lib/jobs';
import { schedulesService } from './schedules.service';

/**
 * `/report-schedules` (`/ReportSchedule`, admin): the resource endpoints (pause and resume are an
 * edit of `paused`) and `POST /report-schedules/:id/run`, "run now": a run of the schedule now,
 * mailed like an occurrence, its next occurrence unchanged.
 */
export function schedulesRoutes(app: FastifyInstance, db: Db, boss: BossProvider) {
  const svc = schedulesService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_ROOT}${SCHEDULE_LIST.path}/recipients`,
    { config: { access: svc.def.rules.write }, schema: { response: { 200: ScheduleRecipients } } },
    async (req) => ({ users: await svc.recipients(req.auth.accountId) }),
  );
  registerResource(app, svc, { columns: SCHEDULE_COLUMNS });
  r.post(
    `${API_ROOT}${SCHEDULE_LIST.path}/:id/run`,
    {
      config: { access: svc.def.rules.write, rateLimit: { max: 12, timeWindow: '1 minute' } },
      schema: { params: IdParams, response: { 202: RunView } },
    },
    async (req, reply) => reply.status(202).send(await svc.runNow(actorOf(req), req.params.id, boss)),
  );
}
