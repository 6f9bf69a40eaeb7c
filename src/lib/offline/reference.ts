import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { REFERENCE_PATH } from '@/contract/setup/field-paths';
import { rawRequest } from '@/lib/api';
import { hasValidSession, session } from '@/lib/session';
import { accountDb, type ReferenceSnapshot } from './db';
import { keepData } from './keepData';

/**
 * The reference-data cache (docs/design.md §6): one `GET /reference` with everything a field screen
 * needs, kept per account so the forms work with no signal. Refreshed after sign-in, on start,
 * every ~15 minutes and when the network returns (see runner.ts); sent with If-None-Match.
 */

export type RefreshResult = 'updated' | 'unchanged' | 'skipped' | 'failed';

let inFlight: Promise<RefreshResult> | null = null;
/** Last attempt (any outcome), so the timer does not hammer a failing server. */
export let lastReferenceAttempt = 0;

export function refreshReference(): Promise<RefreshResult> {
  inFlight ??= load().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function load(): Promise<RefreshResult> {
  const accountId = session.account?.id;
  // Without a token the call could only fail; an offline session must not call the API at all.
  if (accountId === undefined || !hasValidSession() || !navigator.onLine) return 'skipped';
  lastReferenceAttempt = Date.now();
  const db = accountDb(accountId);
  try {
    const current = await db.reference.get('current');
    const res = await rawRequest('GET', REFERENCE_PATH, {
      headers: current?.etag ? { 'If-None-Match': current.etag } : {},
    });
    if (res.status === 304 && current) {
      await db.reference.update('current', { fetchedAt: Date.now() });
      return 'unchanged';
    }
    if (res.status !== 200) {
      console.warn(`Reference data not refreshed (${res.status})`);
      return 'failed';
    }
    // The schema comes with the first refresh: zod stays off the field screens' first render, and
    // the stored snapshot is read without a parse (it was checked here when it was stored; ADR 017).
    const { ReferenceData } = await import('@/contract/setup/reference');
    const parsed = ReferenceData.safeParse(res.body);
    if (!parsed.success) {
      console.error('Reference data does not match the contract', parsed.error);
      return 'failed';
    }
    // Another account may have been chosen meanwhile: the snapshot goes to the account it came from.
    await db.reference.put({ key: 'current', data: parsed.data, fetchedAt: Date.now(), etag: res.headers.get('ETag') });
    return 'updated';
  } catch (e) {
    console.warn('Reference data not refreshed', e);
    return 'failed';
  }
}

/**
 * The cached reference snapshot of the current account: `undefined` while reading, `null` when
 * this device has none yet (never online for this account).
 */
export function useReference(): ReferenceSnapshot | null | undefined {
  const { account } = useSnapshot(session);
  const id = account?.id;
  const snapshot = useLiveQuery(
    async () => (id === undefined ? null : ((await accountDb(id).reference.get('current')) ?? null)),
    [id],
  );
  return snapshot ? keepData(id, snapshot) : snapshot;
}
