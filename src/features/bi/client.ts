import { z } from 'zod';
import { AnalyticsBoard, type AnalyticsQuery } from '@/contract/analytics';
import { FeedKeyRow, NewFeedKey } from '@/contract/bi';
import { PowerbiConfigRow, PowerbiEmbed, type PowerbiConfigInput } from '@/contract/powerbi';
import { SystemReport } from '@/contract/system-report';
import { api } from '@/lib/api';

/** `/PBAnalytics`' and `/PowerbiAdmin`'s calls (ADR 041): the board, the feed's keys, Power BI. */
export const biApi = {
  board: (q: AnalyticsQuery, signal?: AbortSignal) =>
    api.get('analytics/board', AnalyticsBoard, {
      signal,
      searchParams: { months: q.months, ...(q.storeId ? { storeId: q.storeId } : {}) },
    }),
  keys: (signal?: AbortSignal) =>
    api.get('bi-feed-keys', z.object({ keys: z.array(FeedKeyRow) }), { signal, quiet: true }),
  createKey: (name: string) => api.post('bi-feed-keys', { name }, NewFeedKey, { quiet: true }),
  revokeKey: (id: string) => api.delete(`bi-feed-keys/${id}`, z.unknown(), { quiet: true }),
  embed: (signal?: AbortSignal) => api.get('powerbi/embed', PowerbiEmbed, { signal, quiet: true }),
  powerbiConfigs: (signal?: AbortSignal) =>
    api.get('powerbi-configs', z.object({ accounts: z.array(PowerbiConfigRow) }), { signal, quiet: true }),
  savePowerbi: (accountId: number, body: PowerbiConfigInput) =>
    api.put(`powerbi-configs/${accountId}`, body, z.unknown(), { quiet: true }),
  systemReport: (days: number, signal?: AbortSignal) =>
    api.get('system-report', SystemReport, { signal, searchParams: { days } }),
  removePowerbi: (accountId: number) => api.delete(`powerbi-configs/${accountId}`, z.unknown(), { quiet: true }),
};
export const FEED_KEYS_KEY = ['bi-feed-keys'] as const;
