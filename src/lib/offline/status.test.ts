import { describe, expect, it } from 'vitest';
import { ago, describeStatus, lastSyncText } from './status';

const base = { online: true, counted: true, waiting: 0, rejected: 0, running: false, needsSignIn: false };

describe('sync status wording', () => {
  it('names the state for the accessible button', () => {
    expect(describeStatus(base)).toBe('Sync status: online, 0 waiting');
    expect(describeStatus({ ...base, online: false, waiting: 3 })).toBe('Sync status: offline, 3 waiting');
    expect(describeStatus({ ...base, waiting: 2, running: true, rejected: 1 })).toBe(
      'Sync status: sending, 2 waiting, 1 rejected',
    );
    expect(describeStatus({ ...base, waiting: 2 }, true)).toBe('Sync status: offline session, 2 waiting');
    expect(describeStatus({ ...base, waiting: 2, needsSignIn: true })).toBe(
      'Sync status: online, 2 waiting, sign in to send',
    );
    expect(describeStatus({ ...base, counted: false })).toBe('Sync status: online, checking records');
  });

  it('says how long ago the last sync was', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(ago(null, now)).toBe('never');
    expect(ago(now - 10_000, now)).toBe('just now');
    expect(ago(now - 120_000, now)).toBe('2 min ago');
    expect(ago(now - 3 * 3600_000, now)).toBe('3 h ago');
  });

  it('says when the device last sent, or that an office desk has nothing to send (not "synced never")', () => {
    const now = Date.now();
    expect(lastSyncText(now - 120_000, 0, now)).toBe('synced 2 min ago');
    expect(lastSyncText(null, 0, now)).toBe('nothing to send');
    expect(lastSyncText(null, 3, now)).toBe('not sent yet');
  });
});
