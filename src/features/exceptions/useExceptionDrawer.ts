import { useListSearch } from '@/app/ui/list/useList';
import { MATCHING, type ExceptionsPanel, type ExceptionsSearch } from './search';

/** The exceptions screens' drawer lives in the URL (`search.ts`): Back closes it, a link opens it. */
export function useExceptionDrawer() {
  const { search, update } = useListSearch();
  const s = search as ExceptionsSearch;
  const patch = (p: Pick<ExceptionsSearch, 'open' | 'resolve' | 'panel'>, o: { push?: boolean; saved?: boolean }) =>
    update(p as Partial<ExceptionsSearch>, { keepPage: true, push: o.push, ignoreBlocker: o.saved });
  return {
    search: s,
    openId: s.resolve ? undefined : s.open,
    resolveId: s.resolve && s.resolve !== MATCHING ? s.resolve : undefined,
    resolvingMatching: s.resolve === MATCHING,
    panel: s.open || s.resolve ? undefined : s.panel,
    openPanel: (panel: ExceptionsPanel) => patch({ open: undefined, resolve: undefined, panel }, { push: true }),
    open: (id: string) => patch({ open: id, resolve: undefined }, { push: true }),
    resolve: (id: string) => patch({ open: id, resolve: id }, { push: true }),
    resolveMatching: () => patch({ open: undefined, resolve: MATCHING }, { push: true }),
    /** After a resolve the exception has left the working list: close everything. */
    close: (saved?: boolean) => patch({ open: undefined, resolve: undefined, panel: undefined }, { saved }),
    back: () => patch({ resolve: undefined }, {}),
  };
}
