import { QueryClient } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { ApiError } from './api';
import { session } from './session';

/**
 * The one react-query client. Lists and records are server state: fetched through the api client,
 * cached briefly, retried only when the server or the network failed (never on 4xx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Signed out: the page still shows until the login opens, and clearing the cache below makes
      // its queries fetch again; without a user none is sent (it would be a 401 each).
      enabled: () => session.user !== null,
      retry: (count, err) => count < 2 && err instanceof ApiError && (err.status === 0 || err.status >= 500),
    },
    mutations: { retry: false },
  },
});

/** Another user or account must never see the previous one's cached rows. */
let owner = `${session.user?.uid}:${session.account?.id}`;
subscribe(session, () => {
  const now = `${session.user?.uid}:${session.account?.id}`;
  if (now !== owner) {
    owner = now;
    queryClient.clear();
  }
});
