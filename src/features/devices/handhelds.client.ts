import { z } from 'zod';
import { EnrolmentCode, HANDHELDS_LIST, HandheldRow, PrinterSettings } from '@/contract/handhelds';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/SumniConfig` calls. */
const rel = relative(HANDHELDS_LIST.path);
const Ok = z.object({ ok: z.literal(true) });
export const handhelds = resourceClient(HANDHELDS_LIST.path, HandheldRow);
export const createEnrolmentCode = () => api.post(`${rel}/enrolment-codes`, {}, EnrolmentCode, { quiet: true });
export const revokeHandheld = (id: string) => api.post(`${rel}/${id}/revoke`, {}, Ok, { quiet: true });
export const getPrinter = (signal?: AbortSignal) => api.get(`${rel}/printer`, PrinterSettings, { signal });
export const savePrinter = (body: unknown) => api.put(`${rel}/printer`, body, PrinterSettings, { quiet: true });
