import { ACCOUNTS_LIST, AccountAdminRow } from '@/contract/admin';
import { resourceClient } from '@/lib/resource';

/** The `/accounts` list (ThebigBoss's): pickers in more than one feature search it. */
export const accountsClient = resourceClient(ACCOUNTS_LIST.path, AccountAdminRow);

/** How many accounts a picker offers for what was typed. */
const PICK_SIZE = 20;

/** The accounts whose name matches `q`, as picker options by name; a blocked one says so. */
export async function searchAccounts(q: string, signal?: AbortSignal) {
  const page = await accountsClient.list({ q, pageSize: PICK_SIZE, sort: 'name' }, signal);
  return page.items.map((a) => ({
    id: a.id,
    name: a.name,
    value: String(a.id),
    label: a.blocked ? `${a.name} (blocked)` : a.name,
  }));
}
