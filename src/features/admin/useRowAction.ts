import { useState } from 'react';
import { refreshAll } from '@/app/ui/list/useList';
import { notify } from '@/lib/notify';

/**
 * An action on one row of an admin list (approve a request, withdraw an invitation): the row it
 * runs on is `busy`, its answer a notice, and every list is read again once it is done.
 */
export function useRowAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, action: () => Promise<{ message: string }>) => {
    setBusy(id);
    try {
      notify({ tone: 'success', message: (await action()).message });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
