import { z } from 'zod';
import {
  EnrolmentCode,
  HANDHELDS_LIST,
  HandheldPrinter,
  HandheldRow,
  OpenEnrolmentCodes,
  PrinterSettings,
} from '@/contract/handhelds';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/SumniConfig` calls. */
const rel = relative(HANDHELDS_LIST.path);
const Ok = z.object({ ok: z.literal(true) });
export const handhelds = resourceClient(HANDHELDS_LIST.path, HandheldRow);
export const createEnrolmentCode = () => api.post(`${rel}/enrolment-codes`, {}, EnrolmentCode, { quiet: true });
export const openEnrolmentCodes = (signal?: AbortSignal) =>
  api.get(`${rel}/enrolment-codes`, OpenEnrolmentCodes, { signal });
export const cancelEnrolmentCode = (id: string) =>
  api.post(`${rel}/enrolment-codes/${id}/cancel`, {}, Ok, { quiet: true });
export const revokeHandheld = (id: string) => api.post(`${rel}/${id}/revoke`, {}, Ok, { quiet: true });
export const getPrinter = (signal?: AbortSignal) => api.get(`${rel}/printer`, PrinterSettings, { signal });
export const savePrinter = (body: unknown) => api.put(`${rel}/printer`, body, PrinterSettings, { quiet: true });
export const getHandheldPrinter = (id: string, signal?: AbortSignal) =>
  api.get(`${rel}/${id}/printer`, HandheldPrinter, { signal });
export const saveHandheldPrinter = (id: string, body: unknown) =>
  api.put(`${rel}/${id}/printer`, body, HandheldPrinter, { quiet: true });
export const resetHandheldPrinter = (id: string) =>
  api.delete(`${rel}/${id}/printer`, HandheldPrinter, { quiet: true });
