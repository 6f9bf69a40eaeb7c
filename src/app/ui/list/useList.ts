import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ResourceClient } from '@/lib/resource';
import { queryClient } from '@/lib/query';
import { listColumnsKey, session } from '@/lib/session';
import type { ColumnVisibility } from './columns';
import { PageCursors, sameList } from './keyset';
import { dropEmpty, listQueryOf, type ListSearch } from './listSearch';

export interface UpdateOptions {
  keepPage?: boolean;
  push?: boolean;
  /** Closing a form that was just saved: no "unsaved changes" question. */
  ignoreBlocker?: boolean;
}

/**
 * The list state of the current route, read from and written to the URL search. `update`
 * starts again at page 1 unless `keepPage` (paging itself); `push` adds a history entry (opening
 * a form, so Back closes it) instead of replacing the current one.
 *
 * The one untyped read of the search (ADR 030): the list components serve every list route, so
 * they cannot name one; every list route validates its search with `validateListSearch` (or a
 * validator that extends it, the `S` a screen asks for), so the current route's search is an `S`.
 */
export function useListSearch<S extends ListSearch = ListSearch>() {
  const current = useSearch({ strict: false });
  const search = current as S;
  const navigate = useNavigate();
  const update = useCallback(
    (patch: Partial<S>, opts: UpdateOptions = {}) => {
      void navigate({
        to: '.',
        search: (prev) => dropEmpty({ ...prev, ...(opts.keepPage ? {} : { page: undefined }), ...patch }),
        replace: !opts.push,
        ignoreBlocker: opts.ignoreBlocker,
      });
    },
    [navigate],
  );
  return { search, update };
}

/**
 * One page of a list, as the URL asks for it. Next pages are read by keyset (`keyset.ts`). The
 * previous page stays shown (dimmed, `isFetching`) while another page of the same list loads; a new
 * search term, filter or sort shows the loading state instead, never the old rows as if they were
 * the answer. The term is part of the query key, and a superseded request is cancelled (its
 * signal), so the latest request wins.
 */
export function useListData<T>(client: ResourceClient<T>, search: ListSearch, defaultSort: string) {
  const query = useMemo(() => listQueryOf(search, defaultSort), [search, defaultSort]);
  const [cursors] = useState(() => new PageCursors());
  const fetchQuery = cursors.fetchQuery(query);
  const result = useQuery({
    queryKey: [client.path, 'list', fetchQuery],
    queryFn: async ({ signal }) => {
      const page = await client.list(fetchQuery, signal);
      cursors.remember(query, page.next);
      return page;
    },
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameList(previousQuery.queryKey[2] as typeof fetchQuery, fetchQuery) ? previous : undefined,
  });
  return { query, ...result };
}

/** One record, fresh from the server (forms edit the current version). */
export function useRecord<T>(client: ResourceClient<T>, id: string | undefined) {
  return useQuery({
    queryKey: [client.path, 'one', id],
    queryFn: ({ signal }) => client.get(id!, signal),
    enabled: !!id,
    staleTime: 0,
  });
}

/** After any write: every list and record may show the change (names of referenced rows too). */
export function refreshAll(): Promise<void> {
  return queryClient.invalidateQueries();
}

function loadVisibility(key: string | null): ColumnVisibility {
  if (!key) return {};
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'boolean')) as ColumnVisibility;
    }
  } catch {
    // a hand-edited value reads as no choice
  }
  return {};
}

/** The columns a user chose for a screen, kept per user and screen in localStorage. */
export function useColumnChoice(screen: string) {
  const { user } = useSnapshot(session);
  const key = user ? listColumnsKey(user.uid, screen) : null;
  const [state, setState] = useState(() => ({ key, vis: loadVisibility(key) }));
  const visibility = state.key === key ? state.vis : loadVisibility(key);
  const setVisibility = useCallback(
    (vis: ColumnVisibility) => {
      setState({ key, vis });
      if (key) localStorage.setItem(key, JSON.stringify(vis));
    },
    [key],
  );
  return { visibility, setVisibility };
}
