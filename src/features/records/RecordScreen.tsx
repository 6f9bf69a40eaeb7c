import type { ReactNode } from 'react';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { useListSearch } from '@/app/ui/list/useList';
import type { RecordsSearch } from './search';

export type DrawerKey = 'view' | 'correct' | 'reverse';

/**
 * The open drawer of a record screen lives in the URL (`search.ts`): opening one pushes a history
 * entry, so Back closes it; closing after a save does not ask about unsaved changes.
 */
export function useRecordDrawer() {
  const { search: s, update } = useListSearch<RecordsSearch>();
  const none: Partial<RecordsSearch> = { view: undefined, correct: undefined, reverse: undefined };
  const open = (key: DrawerKey, id: string) => update({ ...none, [key]: id }, { keepPage: true, push: true });
  const close = (saved?: boolean) => update(none, { keepPage: true, ignoreBlocker: saved });
  const current = s.correct
    ? { key: 'correct' as const, id: s.correct }
    : s.reverse
      ? { key: 'reverse' as const, id: s.reverse }
      : s.view
        ? { key: 'view' as const, id: s.view }
        : null;
  return { current, open, close };
}

/** The drawer of a record screen: the detail, or a form. */
export function RecordDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <FormDrawer open={open} onClose={onClose} size="lg">
      {children}
    </FormDrawer>
  );
}
