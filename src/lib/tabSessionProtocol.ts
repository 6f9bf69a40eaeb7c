import type { TabSessionState } from './session';

/**
 * The tab-to-tab session protocol (ADR 018), free of browser globals so it is unit-tested with a
 * fake channel and fake locks; `tabSession.ts` wires it to BroadcastChannel and Web Locks.
 */

export const LIVE_SESSION_LOCK = 'fams-session-live';
export const TAB_CHANNEL = 'fams-session';
/** How long a tab waits for an answer once it knows a live tab exists (a busy phone is slow). */
const ANSWER_WAIT_MS = 3_000;

export type TabMessage = { type: 'ask'; nonce: string } | { type: 'answer'; nonce: string; state: TabSessionState };

export interface TabChannel {
  post(message: TabMessage): void;
  listen(cb: (message: TabMessage) => void): () => void;
}

export interface LiveLocks {
  /** Whether any context (another tab, the installed app) holds the live-session lock. */
  anyLive(): Promise<boolean>;
  /** Holds the lock until the returned function is called; its promise ends once it is free. */
  hold(): () => Promise<void>;
}

/** Asks the live tabs for their session; null when none is live or none answered in time. */
export async function askOtherTabs(
  channel: TabChannel,
  locks: LiveLocks,
  waitMs = ANSWER_WAIT_MS,
): Promise<TabSessionState | null> {
  if (!(await locks.anyLive())) return null;
  const nonce = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const stop = channel.listen((m) => {
      if (m.type !== 'answer' || m.nonce !== nonce) return;
      done(m.state);
    });
    const timer = setTimeout(() => done(null), waitMs);
    function done(state: TabSessionState | null) {
      clearTimeout(timer);
      stop();
      resolve(state);
    }
    channel.post({ type: 'ask', nonce });
  });
}

/** A live tab answers every ask with its session; a tab without one stays silent. */
export function answerOtherTabs(channel: TabChannel, current: () => TabSessionState | null): () => void {
  return channel.listen((m) => {
    if (m.type !== 'ask') return;
    const state = current();
    if (state) channel.post({ type: 'answer', nonce: m.nonce, state });
  });
}

/**
 * Holds the lock exactly while `isLive()` is true. `sync()` re-checks now (the change callback
 * may come a microtask late) and resolves once a lock given up is really free, so this tab never
 * mistakes its own lock for another tab's.
 */
export function holdWhileLive(locks: LiveLocks, isLive: () => boolean, onChange: (cb: () => void) => () => void) {
  let release: (() => Promise<void>) | null = null;
  let freed: Promise<void> = Promise.resolve();
  const sync = (): Promise<void> => {
    if (isLive() && !release) release = locks.hold();
    else if (!isLive() && release) {
      freed = release();
      release = null;
    }
    return freed;
  };
  void sync();
  const stop = onChange(() => void sync());
  return {
    sync,
    stop: () => {
      stop();
      release?.();
      release = null;
    },
  };
}
