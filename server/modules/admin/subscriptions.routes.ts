import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import {
  AccountIdParam,
  AssignBody,
  Plan,
  PlanFields,
  PlanIdParams,
  SUBSCRIPTION_REPORT_COLUMNS,
  SUBSCRIPTION_REPORT_LIST,
  SubscriptionReportRow,
  SubscriptionView,
} from '../../../src/contract/subscriptions';
import type { Db } from '../../db/client';
import { actorOf, registerListRoutes, specList } from '../../lib/resource';
import { subscriptionReportSpec } from './subscriptions.repository';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * `/ViewSubscription` (admin: their own account), `/Subscription`, `/ManageSubscription` and
 * `/SubscriptionReport` (ThebigBoss: every account). Issue 14, ADR 038.
 */
export function subscriptionsRoutes(app: FastifyInstance, db: Db, svc: SubscriptionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const boss = { config: { access: 'thebigBoss' as const } };
  const plans = `${API_ROOT}/admin/plans`;

  r.get(
    `${API_ROOT}/admin/subscription`,
    { config: { access: 'admin' as const }, schema: { response: { 200: SubscriptionView } } },
    async (req) => svc.view(req.auth.accountId),
  );
  r.get(plans, { ...boss, schema: { response: { 200: z.array(Plan) } } }, async () => svc.plans());
  r.post(plans, { ...boss, schema: { body: PlanFields, response: { 201: Plan } } }, async (req, reply) =>
    reply.status(201).send(await svc.savePlan(actorOf(req), null, req.body)),
  );
  r.put(
    `${plans}/:id`,
    { ...boss, schema: { params: PlanIdParams, body: PlanFields, response: { 200: Plan } } },
    async (req) => svc.savePlan(actorOf(req), req.params.id, req.body),
  );
  r.get(
    `${API_ROOT}/admin/subscriptions/:accountId`,
    { ...boss, schema: { params: AccountIdParam, response: { 200: SubscriptionView } } },
    async (req) => svc.view(req.params.accountId),
  );
  r.put(
    `${API_ROOT}/admin/subscriptions/:accountId`,
    { ...boss, schema: { params: AccountIdParam, body: AssignBody, response: { 200: SubscriptionView } } },
    async (req) => svc.assign(actorOf(req), req.params.accountId, req.body),
  );
  registerListRoutes(app, {
    url: `${API_ROOT}${SUBSCRIPTION_REPORT_LIST.path}`,
    rule: 'thebigBoss',
    row: SubscriptionReportRow,
    fileBase: 'subscription-report',
    title: SUBSCRIPTION_REPORT_LIST.title,
    columns: SUBSCRIPTION_REPORT_COLUMNS,
    ...specList(db, subscriptionReportSpec, (x: SubscriptionReportRow) => x),
  });
}
