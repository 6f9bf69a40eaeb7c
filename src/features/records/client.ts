import type { z, ZodType } from 'zod';
import type { ExportFormat } from '@/contract/list';
import {
  AllocationUsageRow,
  DispenseDetail,
  DispenseRecordRow,
  PivotResult,
  RECORD_LISTS,
  ReceiptDetail,
  ReceiptRecordRow,
  RecordTotals,
  TransferDetail,
  TransferRecordRow,
  type PivotQuery,
  type RecordListName,
} from '@/contract/records';
import { CorrectionResult, type CorrectionInput } from '@/contract/record-corrections';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** The record screens' calls (src/contract/records.ts). Lists go through THE list client. */
export const recordClients = {
  dispenses: resourceClient(RECORD_LISTS.dispenses.path, DispenseRecordRow),
  receipts: resourceClient(RECORD_LISTS.receipts.path, ReceiptRecordRow),
  transfers: resourceClient(RECORD_LISTS.transfers.path, TransferRecordRow),
  allocations: resourceClient(RECORD_LISTS.allocations.path, AllocationUsageRow),
};

const DETAILS = { dispenses: DispenseDetail, receipts: ReceiptDetail, transfers: TransferDetail } as const;
export type DetailKind = keyof typeof DETAILS;
export type DetailOf<K extends DetailKind> = z.infer<(typeof DETAILS)[K]>;

export const recordsApi = {
  totals: (
    list: Exclude<RecordListName, 'allocations'>,
    query: Record<string, string | number>,
    signal?: AbortSignal,
  ) => {
    const { page: _p, pageSize: _s, sort: _o, ...filters } = query;
    return api.get(`${relative(RECORD_LISTS[list].path)}/totals`, RecordTotals, {
      searchParams: filters,
      signal,
      quiet: true,
    });
  },
  detail: <K extends DetailKind>(kind: K, id: string, signal?: AbortSignal) =>
    api.get(`${relative(RECORD_LISTS[kind].path)}/${id}`, DETAILS[kind] as unknown as ZodType<DetailOf<K>>, {
      signal,
      quiet: true,
    }),
  correct: (id: string, body: CorrectionInput) =>
    api.post(`dispenses/${id}/correct`, body, CorrectionResult, { quiet: true }),
  reverse: (id: string, reason: string) =>
    api.post(`dispenses/${id}/reverse`, { reason }, CorrectionResult, { quiet: true }),
  pivot: (q: PivotQuery, signal?: AbortSignal) =>
    api.get('records/pivot', PivotResult, { searchParams: clean(q), signal, quiet: true }),
  pivotExport: (q: PivotQuery, format: ExportFormat) =>
    api.download('records/pivot/export', `pivot.${format}`, { searchParams: { ...clean(q), format } }),
};

function clean(q: PivotQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
}
