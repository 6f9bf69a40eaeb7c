import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TabSessionState } from './session';
import {
  answerOtherTabs,
  askOtherTabs,
  holdWhileLive,
  type LiveLocks,
  type TabChannel,
  type TabMessage,
} from './tabSessionProtocol';

/** An in-memory BroadcastChannel: every tab's channel delivers to all the others, not to itself, asynchronously. */
function bus() {
  const tabs = new Set<{ listeners: Set<(m: TabMessage) => void> }>();
  return () => {
    const me = { listeners: new Set<(m: TabMessage) => void>() };
    tabs.add(me);
    const channel: TabChannel = {
      post: (m) => {
        for (const t of tabs) if (t !== me) for (const l of t.listeners) queueMicrotask(() => l(structuredClone(m)));
      },
      listen: (cb) => {
        me.listeners.add(cb);
        return () => me.listeners.delete(cb);
      },
    };
    return channel;
  };
}

/** Web Locks' shared mode in memory: how many hold the lock, released asynchronously as in browsers. */
function fakeLocks() {
  let holders = 0;
  const locks: LiveLocks = {
    anyLive: async () => holders > 0,
    hold: () => {
      holders++;
      return () =>
        new Promise<void>((r) =>
          setTimeout(() => {
            holders--;
            r();
          }, 5),
        );
    },
  };
  return { locks, count: () => holders };
}

const live: TabSessionState = {
  userId: 7,
  token: 'tok',
  expiresAt: Date.now() + 60_000,
  loggedIn: true,
  roles: { id: 7, userRoles: [{ code: 'basic' }] },
  offline: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('tab session sharing', () => {
  it('a new tab gets the session of the live tab', async () => {
    const tab = bus();
    const { locks } = fakeLocks();
    const first = tab();
    answerOtherTabs(first, () => live);
    const release = locks.hold();
    expect(await askOtherTabs(tab(), locks, 1_000)).toEqual(live);
    await release();
  });

  it('an offline session is shared as offline', async () => {
    const tab = bus();
    const { locks } = fakeLocks();
    answerOtherTabs(tab(), () => ({ ...live, token: null, loggedIn: false, offline: true }));
    locks.hold();
    expect(await askOtherTabs(tab(), locks, 1_000)).toMatchObject({ offline: true, token: null });
  });

  it('with no live tab the answer is null at once, without waiting', async () => {
    const tab = bus();
    const { locks } = fakeLocks();
    answerOtherTabs(tab(), () => null);
    const t0 = Date.now();
    expect(await askOtherTabs(tab(), locks, 5_000)).toBeNull();
    expect(Date.now() - t0).toBeLessThan(100);
  });

  it('tabs without a session stay silent; the asker gives up after its wait', async () => {
    vi.useFakeTimers();
    const tab = bus();
    const { locks } = fakeLocks();
    answerOtherTabs(tab(), () => null);
    locks.hold(); // e.g. the installed app holding the lock while busy
    const asked = askOtherTabs(tab(), locks, 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void asked.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await asked).toBeNull();
  });

  it('answers go only to the ask they answer (two new tabs at once)', async () => {
    const tab = bus();
    const { locks } = fakeLocks();
    answerOtherTabs(tab(), () => live);
    locks.hold();
    const [a, b] = await Promise.all([askOtherTabs(tab(), locks, 1_000), askOtherTabs(tab(), locks, 1_000)]);
    expect(a).toEqual(live);
    expect(b).toEqual(live);
  });

  it('the lock is held exactly while the session is live, and sync() waits until it is free', async () => {
    const { locks, count } = fakeLocks();
    let isLive = false;
    const listeners = new Set<() => void>();
    const holder = holdWhileLive(
      locks,
      () => isLive,
      (cb) => {
        listeners.add(cb);
        return () => listeners.delete(cb);
      },
    );
    expect(count()).toBe(0);
    isLive = true;
    for (const l of listeners) l();
    expect(count()).toBe(1);
    for (const l of listeners) l(); // a second change while live takes no second lock
    expect(count()).toBe(1);
    isLive = false;
    await holder.sync();
    expect(count()).toBe(0);
    expect(await locks.anyLive()).toBe(false);
    holder.stop();
  });
});
