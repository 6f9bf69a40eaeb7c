import {
  AssigneeList,
  BulkResolveResult,
  EXCEPTION_LISTS,
  ExceptionCount,
  ExceptionDetail,
  ExceptionRow,
  type ResolutionReason,
} from '@/contract/exceptions';
import { ExceptionRulesView, RULES_PATH, SUBSCRIPTIONS_PATH, SubscriptionsView } from '@/contract/exception-rules';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** The exceptions screens' calls (src/contract/exceptions.ts). Lists go through THE list client. */
export const exceptionClients = {
  open: resourceClient(EXCEPTION_LISTS.open.path, ExceptionRow),
  history: resourceClient(EXCEPTION_LISTS.history.path, ExceptionRow),
};

const base = relative(EXCEPTION_LISTS.open.path);
const step = (id: string, name: string, body: unknown = {}) =>
  api.post(`${base}/${id}/${name}`, body, ExceptionRow, { quiet: true });

export const exceptionsApi = {
  detail: (id: string, signal?: AbortSignal) => api.get(`${base}/${id}`, ExceptionDetail, { signal, quiet: true }),
  count: (signal?: AbortSignal) => api.get(`${base}/count`, ExceptionCount, { signal, quiet: true }),
  assignees: (signal?: AbortSignal) => api.get(`${base}/assignees`, AssigneeList, { signal, quiet: true }),
  acknowledge: (id: string) => step(id, 'acknowledge'),
  assign: (id: string, userId: number | null) => step(id, 'assign', { userId }),
  comment: (id: string, text: string) => step(id, 'comment', { text }),
  resolve: (id: string, reason: ResolutionReason, text: string) => step(id, 'resolve', { reason, text }),
  reopen: (id: string, text: string) => step(id, 'reopen', { text }),
  /** Every unresolved exception the working list's filters and search match. */
  resolveMatching: (query: Record<string, string>, reason: ResolutionReason, text: string) =>
    api.post(`${base}/resolve`, { query, reason, text }, BulkResolveResult, { quiet: true }),
};

/** Query keys: the detail and the count are refreshed after every step. */
export const EXCEPTION_KEYS = {
  detail: (id: string) => ['exceptions', 'detail', id] as const,
  count: ['exceptions', 'count'] as const,
  assignees: ['exceptions', 'assignees'] as const,
};

/** The account's exception rules (admin) and the user's own e-mail subscriptions (ADR 027). */
export const rulesApi = {
  get: (signal?: AbortSignal) => api.get(relative(RULES_PATH), ExceptionRulesView, { signal, quiet: true }),
  save: (rules: unknown) => api.put(relative(RULES_PATH), rules, ExceptionRulesView, { quiet: true }),
  subscriptions: (signal?: AbortSignal) =>
    api.get(relative(SUBSCRIPTIONS_PATH), SubscriptionsView, { signal, quiet: true }),
  subscribe: (body: unknown) => api.put(relative(SUBSCRIPTIONS_PATH), body, SubscriptionsView, { quiet: true }),
};
export const RULES_KEYS = { rules: ['exceptions', 'rules'] as const, subscriptions: ['exceptions', 'subs'] as const };
