import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  AssigneeList,
  AssignInput,
  BulkResolveInput,
  BulkResolveResult,
  CommentInput,
  EXCEPTION_COLUMNS,
  EXCEPTION_LISTS,
  ExceptionCount,
  ExceptionDetail,
  ExceptionRow,
  ResolveInput,
  type ExceptionListName,
} from '../../../src/contract/exceptions';
import { screenFor } from '../../../src/contract/screens';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { EXCEPTION_SPECS, exceptionRow, type ExceptionRaw } from './exceptions.list';
import { exceptionsService } from './exceptions.service';
import type { ModuleDeps } from '../deps';

const ruleOf = (screen: string) => screenFor(screen)!.rule;
const IdParams = z.object({ id: z.uuid('Not an exception id') });
const ReopenInput = z.strictObject({ text: CommentInput.shape.text.optional().default('') });

/**
 * `/exceptions` (the working list and every step of the workflow) and `/exceptions/history`
 * (resolved ones). Rules are the two screens'; reopening is done from the history, so it follows
 * the history's rule.
 */
export function exceptionsRoutes(app: FastifyInstance, { database }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = exceptionsService(database);
  const url = `${API_ROOT}${EXCEPTION_LISTS.open.path}`;
  const rule = ruleOf(EXCEPTION_LISTS.open.screen);
  const historyRule = ruleOf(EXCEPTION_LISTS.history.screen);

  for (const name of Object.keys(EXCEPTION_LISTS) as ExceptionListName[]) {
    const info = EXCEPTION_LISTS[name];
    registerListRoutes(app, {
      url: `${API_ROOT}${info.path}`,
      rule: ruleOf(info.screen),
      row: ExceptionRow,
      fileBase: info.path.slice(1).replace('/', '-'),
      title: info.title,
      columns: EXCEPTION_COLUMNS[name],
      ...specList(database.db, EXCEPTION_SPECS[name], (raw: ExceptionRaw) => exceptionRow(raw)),
    });
  }

  r.get(`${url}/count`, { config: { access: rule }, schema: { response: { 200: ExceptionCount } } }, async (req) =>
    service.count(actorOf(req)),
  );
  r.get(`${url}/assignees`, { config: { access: rule }, schema: { response: { 200: AssigneeList } } }, async (req) => ({
    items: await service.assignees(actorOf(req)),
  }));
  r.get(
    `${url}/:id`,
    { config: { access: rule }, schema: { params: IdParams, response: { 200: ExceptionDetail } } },
    async (req) => service.detail(actorOf(req), req.params.id),
  );

  const step = { config: { access: rule }, schema: { params: IdParams, response: { 200: ExceptionRow } } };
  r.post(`${url}/:id/acknowledge`, step, async (req) => service.acknowledge(actorOf(req), req.params.id));
  r.post(`${url}/:id/assign`, { ...step, schema: { ...step.schema, body: AssignInput } }, async (req) =>
    service.assign(actorOf(req), req.params.id, req.body.userId),
  );
  r.post(
    `${url}/:id/comment`,
    { config: { access: historyRule }, schema: { ...step.schema, body: CommentInput } },
    async (req) => service.comment(actorOf(req), req.params.id, req.body.text),
  );
  r.post(`${url}/:id/resolve`, { ...step, schema: { ...step.schema, body: ResolveInput } }, async (req) =>
    service.resolve(actorOf(req), req.params.id, req.body.reason, req.body.text),
  );
  r.post(
    `${url}/:id/reopen`,
    { config: { access: historyRule }, schema: { ...step.schema, body: ReopenInput } },
    async (req) => service.reopen(actorOf(req), req.params.id, req.body.text),
  );
  r.post(
    `${url}/resolve`,
    { config: { access: rule }, schema: { body: BulkResolveInput, response: { 200: BulkResolveResult } } },
    async (req) => service.bulkResolve(actorOf(req), { ...req.body, text: req.body.text ?? '' }),
  );
}
