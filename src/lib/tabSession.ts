import { subscribe } from 'valtio';
import { adoptTabSession, session, tabSessionOf } from './session';
import {
  answerOtherTabs,
  askOtherTabs,
  holdWhileLive,
  LIVE_SESSION_LOCK,
  TAB_CHANNEL,
  type LiveLocks,
  type TabChannel,
  type TabMessage,
} from './tabSessionProtocol';

/**
 * One session per device across tabs and the installed app (ADR 018). The token lives in each
 * tab's sessionStorage (docs/product-rules.md §3), so a new tab starts without one. Instead of showing the login —
 * which used to clear the shared storage and sign the first tab out — a new tab asks the tabs that
 * hold a live session (online or offline) for theirs and joins it.
 *
 * Two browser primitives, both same-origin only:
 * - a shared Web Lock held by every tab with a live session: whether anyone holds it is known at
 *   once, so a lone tab never waits for answers that cannot come, and the login page can tell
 *   "another tab is signed in" without a timeout guess;
 * - a BroadcastChannel on which a tab asks and the live tabs answer with their session.
 */

function browserChannel(): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const bc = new BroadcastChannel(TAB_CHANNEL);
  return {
    post: (m) => bc.postMessage(m),
    listen: (cb) => {
      const h = (e: MessageEvent<TabMessage>) => cb(e.data);
      bc.addEventListener('message', h);
      return () => bc.removeEventListener('message', h);
    },
  };
}

function browserLocks(): LiveLocks | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return null;
  return {
    anyLive: async () => {
      const { held = [] } = await locks.query();
      return held.some((l) => l.name === LIVE_SESSION_LOCK);
    },
    hold: () => {
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      const done = locks
        .request(LIVE_SESSION_LOCK, { mode: 'shared' }, () => released)
        .then(
          () => undefined,
          () => undefined,
        );
      return () => {
        release();
        return done;
      };
    },
  };
}

const channel = browserChannel();
const locks = browserLocks();

const isLive = () => (session.loggedIn && !!session.token) || session.offline;

let holder: ReturnType<typeof holdWhileLive> | null = null;

/** Start-up: this tab answers asks and holds the lock while its session is live. */
export function shareThisTabSession(): void {
  if (!channel || !locks || holder) return;
  answerOtherTabs(channel, () => (isLive() ? tabSessionOf() : null));
  holder = holdWhileLive(locks, isLive, (cb) => subscribe(session, cb));
}

/** Whether another tab (or the installed app) has a live session on this device now. */
export async function anotherTabIsLive(): Promise<boolean> {
  if (!locks || isLive()) return false;
  await holder?.sync();
  return locks.anyLive();
}

/** A tab without a session joins a live tab's one; false when there is none to join. */
export async function joinOtherTab(): Promise<boolean> {
  if (!channel || !locks || isLive()) return false;
  await holder?.sync();
  const state = await askOtherTabs(channel, locks);
  return !!state && adoptTabSession(state);
}
