import { proxy, subscribe } from 'valtio';
import { MAX_STARRED_VISIBLE } from '@/contract/constants';
import { session, starredKey } from '@/lib/session';

/** Starred pages of the signed-in user, newest first; kept per user in localStorage. */
export const starred = proxy({ paths: [] as string[] });

function load(): void {
  const uid = session.user?.uid;
  let paths: string[] = [];
  if (uid !== undefined) {
    try {
      const raw: unknown = JSON.parse(localStorage.getItem(starredKey(uid)) ?? '[]');
      if (Array.isArray(raw)) paths = raw.filter((p): p is string => typeof p === 'string');
    } catch {
      paths = [];
    }
  }
  starred.paths = paths;
}
load();
let loadedFor = session.user?.uid;
// Another user may sign in without a reload.
subscribe(session, () => {
  if (session.user?.uid !== loadedFor) {
    loadedFor = session.user?.uid;
    load();
  }
});

export function toggleStar(path: string): void {
  const uid = session.user?.uid;
  if (uid === undefined) return;
  const next = starred.paths.includes(path) ? starred.paths.filter((p) => p !== path) : [path, ...starred.paths];
  starred.paths = next;
  localStorage.setItem(starredKey(uid), JSON.stringify(next));
}

/** Spec §9: at most 10 starred pages are shown. */
export const visibleStarred = (paths: readonly string[]) => paths.slice(0, MAX_STARRED_VISIBLE);
