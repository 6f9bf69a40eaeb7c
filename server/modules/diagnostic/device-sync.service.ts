import type { FastifyBaseLogger } from 'fastify';
import { SYNC_DEVICE_ID, SYNC_OUTBOX_MAX, SYNC_REPORT_HEADERS, SYNC_VERSION } from '../../../src/contract/diagnostic';
import type { Db } from '../../db/client';
import { upsertDeviceSync } from './device-sync.repository';

type Headers = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim();

/**
 * The sync report a batch request carries (`X-FAMS-Device`, `X-FAMS-Outbox`, `X-FAMS-Version`).
 * No valid device id → no report; a bad outbox size or version is dropped, the rest kept.
 */
export function parseSyncReport(
  headers: Headers,
): { deviceId: string; outbox: number | null; appVersion: string | null } | null {
  const deviceId = one(headers[SYNC_REPORT_HEADERS.device]);
  if (!deviceId || !SYNC_DEVICE_ID.test(deviceId)) return null;
  const rawOutbox = one(headers[SYNC_REPORT_HEADERS.outbox]);
  const outbox =
    rawOutbox && /^\d{1,9}$/.test(rawOutbox) && Number(rawOutbox) <= SYNC_OUTBOX_MAX ? Number(rawOutbox) : null;
  const version = one(headers[SYNC_REPORT_HEADERS.version]);
  return { deviceId, outbox, appVersion: version && SYNC_VERSION.test(version) ? version : null };
}

/**
 * Records a batch request's sync report: one upsert per request, after the batch is stored. It
 * never fails the batch — a bad header is ignored and a failed write is only logged.
 */
export async function recordDeviceSync(
  db: Db,
  who: { accountId: number; userId: number },
  kind: string,
  records: number,
  headers: Headers,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const report = parseSyncReport(headers);
    if (!report) return;
    await upsertDeviceSync(db, { ...who, kind, records, ...report });
  } catch (err) {
    log.warn({ err }, 'device sync report not recorded');
  }
}
