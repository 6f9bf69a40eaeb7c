import { proxy } from 'valtio';

/**
 * What the navbar's sync control and the device page show. The runner keeps it current: counts
 * come from a live query on the account's outbox (so changes by other tabs and by the service
 * worker show up too), the rest from the runs of this tab.
 */
export const syncStatus = proxy({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  accountId: null as number | null,
  /** A run of this tab is sending. */
  running: false,
  /** The counts below were read from the database (not the start-up zeros). */
  counted: false,
  /** Queued or being sent. */
  waiting: 0,
  rejected: 0,
  /** Last time the server confirmed a batch, epoch ms (stored per account, survives reloads). */
  lastSuccessAt: null as number | null,
  lastError: null as string | null,
  /** When the next automatic attempt is due after a failure. */
  retryAt: null as number | null,
  /** The queue cannot go until someone signs in online (no token, refresh cookie refused). */
  needsSignIn: false,
});
export type SyncStatus = typeof syncStatus;

/** "Sync status: offline, 3 waiting, 1 rejected": the control's accessible name. */
export function describeStatus(
  s: Pick<SyncStatus, 'online' | 'counted' | 'waiting' | 'rejected' | 'running' | 'needsSignIn'>,
  offlineSession = false,
): string {
  // An offline session cannot send whatever the network says: it waits for a server session.
  const parts = [
    offlineSession ? 'offline session' : s.running && s.waiting > 0 ? 'sending' : s.online ? 'online' : 'offline',
  ];
  parts.push(s.counted ? `${s.waiting} waiting` : 'checking records');
  if (s.rejected) parts.push(`${s.rejected} rejected`);
  if (s.needsSignIn && s.waiting) parts.push('sign in to send');
  return `Sync status: ${parts.join(', ')}`;
}

/** "just now", "2 min ago", "3 h ago", or a date for older. */
export function ago(at: number | null, now = Date.now()): string {
  if (at === null) return 'never';
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  return new Date(at).toLocaleDateString();
}

/** When this device last sent records; a device that never had any (an office desk) has nothing to send. */
export function lastSyncText(lastSuccessAt: number | null, waiting: number, now: number): string {
  if (lastSuccessAt !== null) return `synced ${ago(lastSuccessAt, now)}`;
  return waiting > 0 ? 'not sent yet' : 'nothing to send';
}
