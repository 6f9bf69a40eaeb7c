import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  ExceptionRules,
  ExceptionRulesView,
  RULES_PATH,
  SUBSCRIPTIONS_PATH,
  Subscriptions,
  SubscriptionsView,
} from '../../../src/contract/exception-rules';
import { EXCEPTION_LISTS } from '../../../src/contract/exceptions';
import { screenFor } from '../../../src/contract/screens';
import { actorOf } from '../../lib/resource';
import { exceptionRulesService } from './rules.service';
import type { ModuleDeps } from '../deps';

/**
 * `/exceptions/rules` (the account's rules: admin, whatever `/Exceptions` later allows) and
 * `/exceptions/subscriptions` (the signed-in user's own e-mail choices: whoever sees `/Exceptions`).
 */
export function exceptionRulesRoutes(app: FastifyInstance, { database }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = exceptionRulesService(database);
  const rules = { config: { access: 'admin' as const } };
  const subs = { config: { access: screenFor(EXCEPTION_LISTS.open.screen)!.rule } };

  r.get(`${API_ROOT}${RULES_PATH}`, { ...rules, schema: { response: { 200: ExceptionRulesView } } }, async (req) =>
    service.view(actorOf(req)),
  );
  r.put(
    `${API_ROOT}${RULES_PATH}`,
    { ...rules, schema: { body: ExceptionRules, response: { 200: ExceptionRulesView } } },
    async (req) => service.update(actorOf(req), req.body),
  );
  r.get(
    `${API_ROOT}${SUBSCRIPTIONS_PATH}`,
    { ...subs, schema: { response: { 200: SubscriptionsView } } },
    async (req) => service.subscriptions(actorOf(req)),
  );
  r.put(
    `${API_ROOT}${SUBSCRIPTIONS_PATH}`,
    { ...subs, schema: { body: Subscriptions, response: { 200: SubscriptionsView } } },
    async (req) => service.updateSubscriptions(actorOf(req), req.body),
  );
}
